import fs from 'node:fs';
import path from 'node:path';
import type { MessageKey } from '@storelens/contracts';

/**
 * Where POS files live while they wait for (and after) their import: DATA_DIR/pos/<customer>/<id>.xlsx.
 * The job row keeps the path relative to DATA_DIR, so a moved data directory still works.
 */
export function storedNameOf(customerId: string, uploadId: string): string {
  return path.join('pos', customerId, `${uploadId}.xlsx`);
}

export function storedPath(dataDir: string, storedName: string): string {
  return path.join(dataDir, storedName);
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** An OLE compound file: what Excel writes for an encrypted .xlsx, and for a legacy .xls. */
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream an encrypted OOXML package is kept in (MS-OFFCRYPTO), as its UTF-16 directory name. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * What can be told of an uploaded file before reading it: not an .xlsx by name, empty, a
 * password-protected workbook (an encrypted package inside a compound file), a legacy binary
 * workbook, or not a workbook at all. Null when it looks like an .xlsx package.
 */
export async function fileProblem(filePath: string, fileName: string): Promise<MessageKey | null> {
  if (!/\.xlsx$/i.test(fileName)) return 'pos.xlsxOnly';
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return 'errors.incorrectFileContent';
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) return null;
    if (head.equals(CFB_SIGNATURE)) {
      const content = await handle.readFile();
      return content.includes(ENCRYPTED_PACKAGE) ? 'pos.passwordProtected' : 'pos.xlsxOnly';
    }
    return 'errors.incorrectFileContent';
  } finally {
    await handle.close();
  }
}

/**
 * Uncompressed sizes of the worksheets of an .xlsx, from the zip's central directory, by part
 * name ('xl/worksheets/sheet1.xml'). The import's progress is the share of its sheet's XML
 * parsed; the local headers cannot tell the size (writers stream parts with data descriptors).
 * Empty when the directory cannot be read (the parser then reports the real problem).
 */
export async function worksheetSizes(filePath: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    // The end-of-central-directory record is 22 bytes plus a comment of at most 65,535.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let at = tailLength - 22; at >= 0; at -= 1) {
      if (tail.readUInt32LE(at) === 0x06054b50) {
        end = at;
        break;
      }
    }
    if (end < 0) return sizes;
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset + directorySize > size) return sizes;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    for (let at = 0; at + 46 <= directorySize && directory.readUInt32LE(at) === 0x02014b50; ) {
      const uncompressed = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) sizes.set(name, uncompressed);
      at += 46 + nameLength + extraLength + commentLength;
    }
    return sizes;
  } finally {
    await handle.close();
  }
}

export async function removeFile(filePath: string): Promise<void> {
  await fs.promises.rm(filePath, { force: true });
}
