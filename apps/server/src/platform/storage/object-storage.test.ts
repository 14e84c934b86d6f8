import fsp from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/video.ts';
import { createLocalStorage } from './local-storage.ts';
import { assertKey, type ObjectStorage } from './object-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * The storage contract, once for each implementation: a local directory, and S3 against a real
 * S3-compatible server (s3rver) started here on a free port.
 */
let dir: string;
let s3: S3rver;
let s3Port = 0;

beforeAll(async () => {
  dir = await tempDir('storage');
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'video' }] });
  s3Port = (await s3.run()).port;
});
afterAll(async () => {
  await s3.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

const implementations: [string, () => ObjectStorage][] = [
  ['local directory', () => createLocalStorage(path.join(dir, 'local'))],
  [
    'S3 (s3rver)',
    () => createS3Storage({ bucket: 'video', region: 'us-east-1', endpoint: `http://127.0.0.1:${s3Port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
  ],
];

describe.each(implementations)('video storage: %s', (_name, make) => {
  it('takes a spool file in, reads it whole and by byte range, sizes, lists and deletes it', async () => {
    const storage = make();
    const spool = path.join(dir, `spool-${storage.kind}.mp4`);
    await fsp.writeFile(spool, '0123456789abcdef');
    await storage.putFile('recordings/c1/cam1/2026-05-01/1000-a.mp4', spool);
    // The spool file is gone: storage owns the segment now.
    await expect(fsp.access(spool)).rejects.toThrow();
    await storage.putBuffer('recordings/c1/cam1/2026-05-01/2000-b.mp4', Buffer.from('xyz'));
    await storage.putBuffer('downloads/c1/clip.mp4', Buffer.from('clip'));

    expect(await text(await storage.read('recordings/c1/cam1/2026-05-01/1000-a.mp4'))).toBe('0123456789abcdef');
    expect(await text(await storage.read('recordings/c1/cam1/2026-05-01/1000-a.mp4', { start: 4, end: 9 }))).toBe('456789');
    expect(await storage.size('recordings/c1/cam1/2026-05-01/1000-a.mp4')).toBe(16);
    expect(await storage.size('recordings/c1/cam1/none.mp4')).toBeNull();
    await expect(storage.read('recordings/c1/cam1/none.mp4')).rejects.toThrow();

    const listed: { key: string; bytes: number }[] = [];
    for await (const object of storage.list('recordings/c1/')) listed.push({ key: object.key, bytes: object.bytes });
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'recordings/c1/cam1/2026-05-01/1000-a.mp4', bytes: 16 },
      { key: 'recordings/c1/cam1/2026-05-01/2000-b.mp4', bytes: 3 },
    ]);

    await storage.delete(['recordings/c1/cam1/2026-05-01/1000-a.mp4', 'recordings/c1/cam1/2026-05-01/2000-b.mp4']);
    expect(await storage.size('recordings/c1/cam1/2026-05-01/1000-a.mp4')).toBeNull();
    const left: string[] = [];
    for await (const object of storage.list('downloads/')) left.push(object.key);
    expect(left).toEqual(['downloads/c1/clip.mp4']);
  });
});

describe('storage keys', () => {
  it('are plain relative names: no parent steps, no absolute paths', () => {
    expect(assertKey('recordings/a/b.mp4')).toBe('recordings/a/b.mp4');
    for (const bad of ['../etc/passwd', '/abs/file', 'a/../../b', 'a//b', 'a/./b', '']) expect(() => assertKey(bad)).toThrow();
  });
});
