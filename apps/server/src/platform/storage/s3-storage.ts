import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertKey, type ObjectStorage, type StoredObject } from './object-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, s3rver, a cloud's S3 API); null: AWS itself. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/**
 * Video storage in an S3-compatible bucket. Retention of recordings at scale is the bucket's
 * lifecycle rules (docs/ARCHITECTURE.md); the purge here keeps the index and the bucket in step.
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    // Checksums only where S3 requires them: the SDK's default streams uploads as aws-chunked with a
    // trailing checksum, which many S3-compatible servers (MinIO versions, s3rver, Ceph) store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async putFile(key, file) {
      const { size } = await fsp.stat(file);
      await client.send(new PutObjectCommand({ Bucket, Key: assertKey(key), Body: fs.createReadStream(file), ContentLength: size, ContentType: 'video/mp4' }));
      await fsp.rm(file, { force: true });
    },
    async putBuffer(key, content) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertKey(key), Body: content, ContentLength: content.length }));
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
        return head.ContentLength ?? null;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
      return answer.Body;
    },
    async delete(keys) {
      // One request per key: every S3-compatible server has DeleteObject; not all have the batch form.
      for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async *list(prefix): AsyncIterable<StoredObject> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key, bytes: object.Size ?? 0, modifiedMs: object.LastModified?.getTime() ?? 0 };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
