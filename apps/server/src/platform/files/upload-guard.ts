import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { MessageKey, PackageCaps } from '@storelens/contracts';
import { refused } from '../http/errors.ts';

/**
 * The upload guard: what an uploaded container is allowed to unpack to, decided from its own
 * directory before any parser sees it, then confirmed by inflating each part against what the
 * directory declared. An .xlsx is a zip package; a 0.8 MB one can hold a sheet that inflates to
 * 800 MB, and exceljs would inflate it whole into memory (or into a temporary file) before saying
 * it is not a workbook. Every refusal here is, to the user, 'Incorrect file content'.
 *
 * The checks are strict on purpose: the parsers downstream read the package two different ways
 * (exceljs' `xlsx.load` through JSZip reads the central directory; its streaming WorkbookReader
 * reads local headers front to back), so the guard only passes a package both would see as the
 * same parts, in the same bytes, that it has itself checked.
 */

/** What the user is told of any unsafe package. */
export const UNSAFE_PACKAGE_MESSAGE: MessageKey = 'errors.incorrectFileContent';

/** Why a package was refused; the user sees 'Incorrect file content' for every one. */
export type UnsafePackageReason = 'malformed' | 'tooManyParts' | 'partTooLarge' | 'unpackedTooLarge' | 'compressionRatio' | 'inflation';

export class UnsafePackage extends Error {
  constructor(
    readonly reason: UnsafePackageReason,
    detail: string,
  ) {
    super(`unsafe package (${reason}): ${detail}`);
    this.name = 'UnsafePackage';
  }
}

/** A part of the package as its central directory describes it. */
export interface PackagePart {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where its compressed bytes start and end (end exclusive). */
  dataStart: number;
  dataEnd: number;
}

/** The bytes of an upload: in memory (administration imports) or a file on disk (POS uploads). */
export type UploadSource = Buffer | { filePath: string };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const EOCD_LENGTH = 22;
const CENTRAL_LENGTH = 46;
const LOCAL_LENGTH = 30;
const MAX_DESCRIPTOR_LENGTH = 24;
/** Zip64 marks a field it moved to a zip64 record with all ones; no package within our caps needs it. */
const ZIP64_16 = 0xffff;
const ZIP64_32 = 0xffffffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const STORED = 0;
const DEFLATED = 8;
/** Below this a part cannot hurt, whatever its ratio (tiny parts compress oddly). */
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;

interface RandomAccess {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
  stream(start: number, end: number): Readable;
  close(): Promise<void>;
}

async function openSource(source: UploadSource): Promise<RandomAccess> {
  if (Buffer.isBuffer(source)) {
    return {
      size: source.length,
      read: async (position, length) => source.subarray(position, position + length),
      stream: (start, end) => Readable.from([source.subarray(start, end)]),
      close: async () => {},
    };
  }
  const handle = await fs.promises.open(source.filePath, 'r');
  const { size } = await handle.stat();
  return {
    size,
    read: async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    },
    // fs ranges are inclusive; an empty part reads nothing.
    stream: (start, end) => (end > start ? fs.createReadStream(source.filePath, { start, end: end - 1 }) : Readable.from([])),
    close: () => handle.close(),
  };
}

const malformed = (detail: string) => new UnsafePackage('malformed', detail);

/** The end-of-central-directory record: the last one in the file, its comment reaching the end. */
async function endRecord(file: RandomAccess) {
  if (file.size < EOCD_LENGTH) throw malformed('too short for a zip');
  const tailLength = Math.min(file.size, EOCD_LENGTH + 0xffff);
  const tail = await file.read(file.size - tailLength, tailLength);
  for (let at = tailLength - EOCD_LENGTH; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    // JSZip takes the last signature it finds, so this one must be the real record.
    if (at + EOCD_LENGTH + tail.readUInt16LE(at + 20) !== tailLength) throw malformed('end record does not end the file');
    const record = {
      offset: file.size - tailLength + at,
      disk: tail.readUInt16LE(at + 4),
      directoryDisk: tail.readUInt16LE(at + 6),
      entriesOnDisk: tail.readUInt16LE(at + 8),
      entries: tail.readUInt16LE(at + 10),
      directorySize: tail.readUInt32LE(at + 12),
      directoryOffset: tail.readUInt32LE(at + 16),
    };
    if (record.disk !== 0 || record.directoryDisk !== 0 || record.entriesOnDisk !== record.entries) throw malformed('multi-disk archive');
    if (record.entries === ZIP64_16 || record.directorySize === ZIP64_32 || record.directoryOffset === ZIP64_32) throw malformed('zip64');
    // Nothing between the directory and its end record: JSZip would otherwise shift every offset.
    if (record.directoryOffset + record.directorySize !== record.offset) throw malformed('central directory does not end at its end record');
    return record;
  }
  throw malformed('no end record');
}

interface DirectoryEntry extends PackagePart {
  flags: number;
  localOffset: number;
  nameBytes: Buffer;
}

/** The central directory's entries, each checked against the caps. */
function directoryEntries(directory: Buffer, count: number, caps: PackageCaps): DirectoryEntry[] {
  if (count > caps.maxParts) throw new UnsafePackage('tooManyParts', `${count} parts`);
  const entries: DirectoryEntry[] = [];
  const names = new Set<string>();
  let unpacked = 0;
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + CENTRAL_LENGTH > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw malformed(`directory entry ${index} missing`);
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const crc32 = directory.readUInt32LE(at + 16);
    const compressedSize = directory.readUInt32LE(at + 20);
    const uncompressedSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localOffset = directory.readUInt32LE(at + 42);
    const end = at + CENTRAL_LENGTH + nameLength + extraLength + commentLength;
    if (end > directory.length) throw malformed(`directory entry ${index} overruns the directory`);
    const nameBytes = directory.subarray(at + CENTRAL_LENGTH, at + CENTRAL_LENGTH + nameLength);
    const name = nameBytes.toString('utf8');
    at = end;

    if (nameLength === 0 || names.has(name)) throw malformed(`part name empty or repeated: ${name}`);
    names.add(name);
    if (compressedSize === ZIP64_32 || uncompressedSize === ZIP64_32 || localOffset === ZIP64_32) throw malformed('zip64');
    if (flags & FLAG_ENCRYPTED) throw malformed(`${name} is encrypted`);
    if (method !== STORED && method !== DEFLATED) throw malformed(`${name} uses compression method ${method}`);
    if (method === STORED && compressedSize !== uncompressedSize) throw malformed(`${name} is stored with two sizes`);
    if (uncompressedSize > caps.maxPartBytes) throw new UnsafePackage('partTooLarge', `${name} unpacks to ${uncompressedSize} bytes`);
    unpacked += uncompressedSize;
    if (unpacked > caps.maxUnpackedBytes) throw new UnsafePackage('unpackedTooLarge', `parts unpack to more than ${caps.maxUnpackedBytes} bytes`);
    if (uncompressedSize >= RATIO_CHECKED_FROM_BYTES && uncompressedSize > caps.maxCompressionRatio * Math.max(compressedSize, 1)) {
      throw new UnsafePackage('compressionRatio', `${name}: ${uncompressedSize} bytes from ${compressedSize}`);
    }
    entries.push({ name, method, crc32, compressedSize, uncompressedSize, dataStart: 0, dataEnd: 0, flags, localOffset, nameBytes });
  }
  // The declared count and the directory's size must describe the same entries.
  if (at !== directory.length) throw malformed('central directory longer than its entries');
  return entries;
}

/** The data descriptor after a part's data: with or without its signature, 32- or 64-bit sizes. */
function descriptorLength(bytes: Buffer, entry: DirectoryEntry): number | null {
  const signed = bytes.length >= 4 && bytes.readUInt32LE(0) === DESCRIPTOR_SIGNATURE;
  const candidates = signed ? [16, 24] : [12, 20];
  for (const length of candidates) {
    if (bytes.length !== length) continue;
    const at = signed ? 4 : 0;
    const wide = length - at === 20;
    const crc = bytes.readUInt32LE(at);
    const compressed = wide ? Number(bytes.readBigUInt64LE(at + 4)) : bytes.readUInt32LE(at + 4);
    const uncompressed = wide ? Number(bytes.readBigUInt64LE(at + 12)) : bytes.readUInt32LE(at + 8);
    if (crc === entry.crc32 && compressed === entry.compressedSize && uncompressed === entry.uncompressedSize) return length;
  }
  return null;
}

/**
 * Each part's local header agrees with its directory entry, and the parts follow one another from
 * the first byte to the directory with nothing between or hidden: a reader walking the local
 * headers sees exactly the parts the directory lists.
 */
async function checkLocalHeaders(file: RandomAccess, entries: DirectoryEntry[], directoryOffset: number): Promise<void> {
  const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  for (const [index, entry] of ordered.entries()) {
    if (entry.localOffset !== expected) throw malformed(`${entry.name} is not where the previous part ends`);
    if (entry.localOffset + LOCAL_LENGTH > directoryOffset) throw malformed(`${entry.name}: local header outside the data`);
    const header = await file.read(entry.localOffset, LOCAL_LENGTH);
    if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw malformed(`${entry.name}: no local header`);
    const flags = header.readUInt16LE(6);
    const method = header.readUInt16LE(8);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    if (method !== entry.method || (flags & FLAG_DESCRIPTOR) !== (entry.flags & FLAG_DESCRIPTOR)) throw malformed(`${entry.name}: local header differs`);
    const name = await file.read(entry.localOffset + LOCAL_LENGTH, nameLength);
    if (!name.equals(entry.nameBytes)) throw malformed(`${entry.name}: local name differs`);
    if (!(flags & FLAG_DESCRIPTOR)) {
      const sizes = { crc: header.readUInt32LE(14), compressed: header.readUInt32LE(18), uncompressed: header.readUInt32LE(22) };
      if (sizes.crc !== entry.crc32 || sizes.compressed !== entry.compressedSize || sizes.uncompressed !== entry.uncompressedSize) {
        throw malformed(`${entry.name}: local sizes differ`);
      }
    }
    entry.dataStart = entry.localOffset + LOCAL_LENGTH + nameLength + extraLength;
    entry.dataEnd = entry.dataStart + entry.compressedSize;
    const next = ordered[index + 1]?.localOffset ?? directoryOffset;
    if (entry.dataEnd > next) throw malformed(`${entry.name}: data overruns the next part`);
    if (flags & FLAG_DESCRIPTOR) {
      const gap = next - entry.dataEnd;
      const length = gap <= MAX_DESCRIPTOR_LENGTH ? descriptorLength(await file.read(entry.dataEnd, gap), entry) : null;
      if (length === null) throw malformed(`${entry.name}: data descriptor differs`);
      expected = entry.dataEnd + length;
    } else expected = entry.dataEnd;
  }
  if (expected !== directoryOffset) throw malformed('bytes between the last part and the directory');
}

/**
 * Reads the package's directory and refuses it (UnsafePackage) when it is malformed or
 * inconsistent, has too many parts, a part or the whole unpacks beyond the caps, or a part's
 * compression ratio is absurd. Nothing is inflated: it costs a few reads, whatever the file.
 */
export async function inspectPackage(source: UploadSource, caps: PackageCaps): Promise<PackagePart[]> {
  const file = await openSource(source);
  try {
    const end = await endRecord(file);
    const directory = await file.read(end.directoryOffset, end.directorySize);
    const entries = directoryEntries(directory, end.entries, caps);
    await checkLocalHeaders(file, entries, end.directoryOffset);
    return entries.map(({ name, method, crc32, compressedSize, uncompressedSize, dataStart, dataEnd }) => ({
      name,
      method,
      crc32,
      compressedSize,
      uncompressedSize,
      dataStart,
      dataEnd,
    }));
  } finally {
    await file.close();
  }
}

/**
 * Inflates every part to nowhere, stopping at the first byte beyond what the directory declared
 * (a declared size can lie), and refuses a part that inflates to anything but its declared size
 * and checksum. Memory stays at zlib's window and one read chunk whatever the part claims; what
 * the parser inflates afterwards is these same bytes, so it is bounded by the caps too.
 */
export async function verifyInflation(source: UploadSource, parts: readonly PackagePart[]): Promise<void> {
  const file = await openSource(source);
  try {
    for (const part of parts) {
      // Stored parts are their bytes; an empty deflated part (a folder entry) has nothing to inflate.
      if (part.method !== DEFLATED || (part.compressedSize === 0 && part.uncompressedSize === 0)) continue;
      let inflated = 0;
      let crc = 0;
      const count = async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          inflated += chunk.length;
          // Thrown from the sink, this ends the pipeline: the inflater reads no further.
          if (inflated > part.uncompressedSize) throw new UnsafePackage('inflation', `${part.name} inflates beyond ${part.uncompressedSize} bytes`);
          crc = zlib.crc32(chunk, crc);
        }
      };
      try {
        await pipeline(file.stream(part.dataStart, part.dataEnd), zlib.createInflateRaw(), count);
      } catch (error) {
        if (error instanceof UnsafePackage) throw error;
        throw new UnsafePackage('inflation', `${part.name} does not inflate: ${(error as Error).message}`);
      }
      if (inflated !== part.uncompressedSize || crc !== part.crc32) throw new UnsafePackage('inflation', `${part.name} inflates to other bytes than declared`);
    }
  } finally {
    await file.close();
  }
}

/** inspectPackage, then verifyInflation: what a parser may be given. */
export async function guardPackage(source: UploadSource, caps: PackageCaps): Promise<PackagePart[]> {
  const parts = await inspectPackage(source, caps);
  await verifyInflation(source, parts);
  return parts;
}

/** guardPackage in a request: an unsafe package answers 422 'Incorrect file content'. */
export async function refuseUnsafePackage(source: UploadSource, caps: PackageCaps): Promise<PackagePart[]> {
  try {
    return await guardPackage(source, caps);
  } catch (error) {
    if (error instanceof UnsafePackage) throw refused(UNSAFE_PACKAGE_MESSAGE);
    throw error;
  }
}
