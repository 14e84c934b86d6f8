import fs from 'node:fs';
import path from 'node:path';
import { type MessageKey, POS_LIMITS } from '@storelens/contracts';
import { inspectPackage, UNSAFE_PACKAGE_MESSAGE, UnsafePackage } from '../../platform/files/upload-guard.ts';

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
 * workbook, not a workbook at all, or a package whose directory is malformed or unpacks beyond
 * POS_LIMITS.package (the upload guard's inspection: a few reads, nothing inflated). Null when it
 * looks like an .xlsx package within the caps.
 */
export async function fileProblem(filePath: string, fileName: string): Promise<MessageKey | null> {
  if (!/\.xlsx$/i.test(fileName)) return 'pos.xlsxOnly';
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return 'errors.incorrectFileContent';
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) return (await isUnsafePackage(filePath)) ? UNSAFE_PACKAGE_MESSAGE : null;
    if (head.equals(CFB_SIGNATURE)) {
      const content = await handle.readFile();
      return content.includes(ENCRYPTED_PACKAGE) ? 'pos.passwordProtected' : 'pos.xlsxOnly';
    }
    return 'errors.incorrectFileContent';
  } finally {
    await handle.close();
  }
}

async function isUnsafePackage(filePath: string): Promise<boolean> {
  try {
    await inspectPackage({ filePath }, POS_LIMITS.package);
    return false;
  } catch (error) {
    if (error instanceof UnsafePackage) return true;
    throw error;
  }
}

export async function removeFile(filePath: string): Promise<void> {
  await fs.promises.rm(filePath, { force: true });
}
