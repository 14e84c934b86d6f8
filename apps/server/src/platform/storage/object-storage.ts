import type { Readable } from 'node:stream';

/** An object in storage: a video segment, a clip, a panorama tile. */
export interface StoredObject {
  key: string;
  bytes: number;
  modifiedMs: number;
}

/** Inclusive byte range, as HTTP Range and S3 GetObject spell it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where files the product keeps live (recorded video, clips, panoramas; later inspection and alarm
 * media): a directory under DATA_DIR (the default) or S3-compatible object storage. Keys are made by
 * the server only (e.g. 'recordings/<customer>/<camera>/<day>/<start>.mp4'), never from user text;
 * each module keeps its own prefix.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Takes a finished local file into storage under `key`; the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
  putBuffer(key: string, content: Buffer): Promise<void>;
  /** Bytes of the object, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The object's bytes (a range of them) as a stream; rejects when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(keys: readonly string[]): Promise<void>;
  /** Every object under a prefix (for policies by age: downloads, alarm media). */
  list(prefix: string): AsyncIterable<StoredObject>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of plain names: no '..', no leading '/', nothing a file system or bucket reads twice. */
export function assertKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`invalid storage key: ${key}`);
  return key;
}
