import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * Zip packages made at test time for the upload guard's tests: real .xlsx packages (exceljs reads
 * the small ones), including zip bombs, written by a minimal zip writer over node's zlib so that a
 * test can also make a package lie about its sizes.
 */

export interface PackedPart {
  name: string;
  data: Buffer;
  method: 0 | 8;
  crc32: number;
  size: number;
  /** What the directory and local header claim the part unpacks to (default: its real size). */
  declaredSize?: number;
}

/** Deflates chunks as they come: an 800 MB part never exists in memory, only its compressed bytes. */
export async function deflatePart(name: string, chunks: Iterable<Buffer>): Promise<PackedPart> {
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(deflater, 'end');
  let size = 0;
  let crc32 = 0;
  for (const chunk of chunks) {
    size += chunk.length;
    crc32 = zlib.crc32(chunk, crc32);
    if (!deflater.write(chunk)) await once(deflater, 'drain');
  }
  deflater.end();
  await ended;
  return { name, data: Buffer.concat(out), method: 8, crc32, size };
}

export function storedPart(name: string, content: Buffer): PackedPart {
  return { name, data: content, method: 0, crc32: zlib.crc32(content), size: content.length };
}

/**
 * The package: local headers with their sizes (no data descriptors), the central directory, its end
 * record. `unlisted` parts are written but left out of the directory (a part hidden from JSZip that
 * a reader walking the local headers would still find).
 */
export function zipPackage(parts: readonly PackedPart[], options: { unlisted?: readonly string[] } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc32, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.crc32, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    if (!options.unlisted?.includes(part.name)) centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const listed = centrals.length / 2;
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const ooxml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);

/** The parts of a one-sheet workbook around its sheet. */
export function workbookParts(): Promise<PackedPart[]> {
  return Promise.all(
    [
      [
        '[Content_Types].xml',
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ],
      [
        '_rels/.rels',
        `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
      ['xl/workbook.xml', `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`],
      [
        'xl/_rels/workbook.xml.rels',
        `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ],
    ].map(([name, text]) => deflatePart(name as string, [ooxml(text as string)])),
  );
}

/**
 * A one-sheet .xlsx whose only cell (A1) holds `text` and then `padBytes` spaces. With a large pad
 * it is a zip bomb: 800 MB of sheet pack into about 0.8 MB (deflate's best, about 1030 : 1).
 */
export async function oneCellWorkbook(text: string, padBytes = 0, options: { declaredSheetSize?: number } = {}): Promise<Buffer> {
  const head = ooxml(`<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">${text}`);
  const tail = Buffer.from('</t></is></c></row></sheetData></worksheet>');
  const pad = Buffer.alloc(1024 * 1024, 0x20);
  function* sheet() {
    yield head;
    for (let left = padBytes; left > 0; left -= pad.length) yield left >= pad.length ? pad : pad.subarray(0, left);
    yield tail;
  }
  const sheetPart = await deflatePart('xl/worksheets/sheet1.xml', sheet());
  if (options.declaredSheetSize !== undefined) sheetPart.declaredSize = options.declaredSheetSize;
  return zipPackage([...(await workbookParts()), sheetPart]);
}

/** A real .xlsx of about `totalBytes`: a one-cell sheet and a picture of that size (random, so it does not compress). */
export async function largeWorkbook(totalBytes: number): Promise<Buffer> {
  const sheet = await deflatePart('xl/worksheets/sheet1.xml', [
    ooxml(`<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>large</t></is></c></row></sheetData></worksheet>`),
  ]);
  return zipPackage([...(await workbookParts()), sheet, storedPart('xl/media/image1.png', randomBytes(totalBytes))]);
}

/** The bomb of the incident: a 0.8 MB .xlsx whose sheet inflates to 800 MB. */
export const BOMB_SHEET_BYTES = 800 * 1000 * 1000;

let bombs: Promise<{ honest: Buffer; lying: Buffer }> | null = null;
/**
 * The bomb twice (made once per test file, about 2 s): `honest` declares its 800 MB sheet in its
 * directory; `lying` declares 100 KB for the same sheet, so only inflating tells.
 */
export function zipBombs(): Promise<{ honest: Buffer; lying: Buffer }> {
  bombs ??= (async () => {
    const honest = await oneCellWorkbook('boom', BOMB_SHEET_BYTES);
    const lying = await relabelSheetSize(honest, 100 * 1024);
    return { honest, lying };
  })();
  return bombs;
}

/** The same package with the sheet's declared unpacked size changed in its local header and directory entry. */
export function relabelSheetSize(bytes: Buffer, size: number): Buffer {
  const copy = Buffer.from(bytes);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  for (const [signature, nameAt, sizeAt] of [
    [0x04034b50, 30, 22],
    [0x02014b50, 46, 24],
  ] as const) {
    for (let at = copy.indexOf(name); at >= 0; at = copy.indexOf(name, at + 1)) {
      const start = at - nameAt;
      if (start >= 0 && copy.readUInt32LE(start) === signature) copy.writeUInt32LE(size, start + sizeAt);
    }
  }
  return copy;
}

/** How much the process's memory grew at most while `work` ran (sampled every 5 ms, and at the end). */
export async function memoryGrowthWhile<T>(work: () => Promise<T>): Promise<{ result: T; rssBytes: number; heapBytes: number }> {
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, rssBytes: rss - before.rss, heapBytes: heap - before.heapUsed };
  } finally {
    clearInterval(timer);
  }
}
