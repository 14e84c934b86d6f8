import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_LIMITS, POS_LIMITS } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/factories.ts';
import {
  BOMB_SHEET_BYTES,
  deflatePart,
  memoryGrowthWhile,
  oneCellWorkbook,
  relabelSheetSize,
  storedPart,
  workbookParts,
  zipBombs,
  zipPackage,
} from '../../../test/zip-packages.ts';
import { guardPackage, inspectPackage, type UnsafePackageReason, verifyInflation } from './upload-guard.ts';

const importCaps = IMPORT_LIMITS.package;
const posCaps = POS_LIMITS.package;
const MiB = 1024 * 1024;

async function refusal(check: Promise<unknown>): Promise<UnsafePackageReason | 'passed'> {
  try {
    await check;
    return 'passed';
  } catch (error) {
    if (error instanceof Error && 'reason' in error) return error.reason as UnsafePackageReason;
    throw error;
  }
}

let bombs: { honest: Buffer; lying: Buffer };
let small: Buffer;
beforeAll(async () => {
  bombs = await zipBombs();
  small = await oneCellWorkbook('hello');
});

describe('packages that pass', () => {
  it('passes the LibreOffice fixtures, exceljs output (buffer, file, streamed file) and the test writer', async () => {
    const names = [
      ...fs.readdirSync(path.join(import.meta.dirname, '../../../test/fixtures')).filter((name) => name.endsWith('.xlsx')),
      ...['pos-valid.xlsx', 'pos-two-sheets.xlsx', 'pos-date-cells.xlsx'].map((name) => `pos/${name}`),
    ];
    expect(names.length).toBeGreaterThan(8);
    for (const name of names) expect(await refusal(guardPackage(fixture(name), importCaps)), name).toBe('passed');

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet').addRow(['a', 1, new Date(Date.UTC(2026, 0, 1))]);
    expect(await refusal(guardPackage(Buffer.from(await workbook.xlsx.writeBuffer()), importCaps))).toBe('passed');
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-'));
    try {
      const written = path.join(directory, 'written.xlsx');
      await workbook.xlsx.writeFile(written);
      // The streaming writer puts data descriptors after its parts.
      const streamed = path.join(directory, 'streamed.xlsx');
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: streamed, useSharedStrings: true });
      const sheet = writer.addWorksheet('Sheet');
      for (let row = 0; row < 500; row += 1) sheet.addRow([`order-${row}`, row]).commit();
      sheet.commit();
      await writer.commit();
      for (const filePath of [written, streamed]) expect(await refusal(guardPackage({ filePath }, posCaps)), filePath).toBe('passed');
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it("reads the test writer's packages as real workbooks (so the bombs below are real .xlsx files)", async () => {
    const parts = await guardPackage(small, importCaps);
    expect(parts.map((part) => part.name)).toContain('xl/worksheets/sheet1.xml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(small as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getCell('A1').value).toBe('hello');
  });
});

describe('zip bombs', () => {
  it('refuses the 0.8 MB bomb of an 800 MB sheet from its directory, inflating nothing', async () => {
    expect(bombs.honest.length).toBeLessThan(MiB);
    const growth = await memoryGrowthWhile(async () => {
      expect(await refusal(inspectPackage(bombs.honest, importCaps))).toBe('partTooLarge');
      expect(await refusal(inspectPackage(bombs.honest, posCaps))).toBe('partTooLarge');
    });
    expect(growth.heapBytes).toBeLessThan(BOMB_SHEET_BYTES / 100);
  });

  it('refuses a part under the size caps whose compression ratio is absurd', async () => {
    const dense = await oneCellWorkbook('x', 100 * MiB);
    expect(await refusal(inspectPackage(dense, posCaps))).toBe('compressionRatio');
    // Real sheets compress far less: LibreOffice's POS fixture passes.
    expect(await refusal(inspectPackage(fixture('pos/pos-valid.xlsx'), posCaps))).toBe('passed');
  });

  it('refuses parts that together unpack beyond the cap, and too many parts', async () => {
    const noise = (name: string) => storedPart(name, randomBytes(6 * MiB));
    const three = zipPackage([...(await workbookParts()), noise('xl/media/a.bin'), noise('xl/media/b.bin'), noise('xl/media/c.bin')]);
    expect(await refusal(inspectPackage(three, importCaps))).toBe('unpackedTooLarge');
    expect(await refusal(inspectPackage(three, posCaps))).toBe('passed');
    const many = zipPackage(Array.from({ length: importCaps.maxParts + 1 }, (_, index) => storedPart(`xl/part${index}.xml`, Buffer.from('<a/>'))));
    expect(await refusal(inspectPackage(many, importCaps))).toBe('tooManyParts');
  });

  it('stops inflating a part at its declared size when the directory lies, in constant memory', async () => {
    expect(await refusal(inspectPackage(bombs.lying, importCaps))).toBe('passed');
    const growth = await memoryGrowthWhile(async () => {
      expect(await refusal(verifyInflation(bombs.lying, await inspectPackage(bombs.lying, importCaps)))).toBe('inflation');
    });
    expect(growth.heapBytes).toBeLessThan(BOMB_SHEET_BYTES / 100);
    expect(growth.rssBytes).toBeLessThan(BOMB_SHEET_BYTES / 10);
    // A part that inflates to less than it declared, or is not deflate data at all, is refused too.
    expect(await refusal(guardPackage(relabelSheetSize(small, 4096), importCaps))).toBe('inflation');
    const garbage = { ...storedPart('xl/worksheets/sheet1.xml', randomBytes(4096)), method: 8 as const };
    expect(await refusal(guardPackage(zipPackage([...(await workbookParts()), garbage]), importCaps))).toBe('inflation');
  });

  it('checks a package on disk the same way', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-'));
    try {
      const filePath = path.join(directory, 'bomb.xlsx');
      fs.writeFileSync(filePath, bombs.lying);
      expect(await refusal(guardPackage({ filePath }, posCaps))).toBe('inflation');
      fs.writeFileSync(filePath, bombs.honest);
      expect(await refusal(guardPackage({ filePath }, posCaps))).toBe('partTooLarge');
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('malformed or inconsistent directories', () => {
  const endRecord = (bytes: Buffer) => bytes.length - 22;

  it('refuses what is not a zip, a cut file and bytes after the end record', async () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('number,name\nX-1,Not a workbook\n'),
      small.subarray(0, small.length - 10),
      Buffer.concat([small, Buffer.from('trailing')]),
    ]) {
      expect(await refusal(inspectPackage(bytes, importCaps))).toBe('malformed');
    }
  });

  it('refuses an entry count or a directory size that disagrees with the entries', async () => {
    const fewer = Buffer.from(small);
    fewer.writeUInt16LE(fewer.readUInt16LE(endRecord(small) + 10) - 1, endRecord(small) + 8);
    fewer.writeUInt16LE(fewer.readUInt16LE(endRecord(small) + 10) - 1, endRecord(small) + 10);
    const more = Buffer.from(small);
    more.writeUInt16LE(more.readUInt16LE(endRecord(small) + 10) + 1, endRecord(small) + 8);
    more.writeUInt16LE(more.readUInt16LE(endRecord(small) + 10) + 1, endRecord(small) + 10);
    const shorter = Buffer.from(small);
    shorter.writeUInt32LE(shorter.readUInt32LE(endRecord(small) + 12) - 1, endRecord(small) + 12);
    for (const bytes of [fewer, more, shorter]) expect(await refusal(inspectPackage(bytes, importCaps))).toBe('malformed');
  });

  it('refuses a part hidden from the directory, a local header that differs, a repeated name, a stored part with two sizes', async () => {
    const parts = await workbookParts();
    const hiddenBomb = await deflatePart('xl/worksheets/sheet2.xml', [Buffer.alloc(4 * MiB, 0x20)]);
    expect(await refusal(inspectPackage(zipPackage([hiddenBomb, ...parts], { unlisted: [hiddenBomb.name] }), importCaps))).toBe('malformed');

    const renamed = Buffer.from(small);
    const localName = renamed.indexOf('xl/workbook.xml');
    renamed.write('X', localName);
    expect(await refusal(inspectPackage(renamed, importCaps))).toBe('malformed');

    const [first] = parts;
    if (!first) throw new Error('no parts');
    expect(await refusal(inspectPackage(zipPackage([...parts, first]), importCaps))).toBe('malformed');
    expect(await refusal(inspectPackage(zipPackage([...parts, { ...storedPart('xl/a.xml', Buffer.from('<a/>')), declaredSize: 3 }]), importCaps))).toBe(
      'malformed',
    );
  });
});
