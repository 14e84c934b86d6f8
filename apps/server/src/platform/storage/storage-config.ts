import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** The object storage the configuration names: a directory under DATA_DIR (the default) or an S3-compatible bucket. */
export function objectStorageOf(config: Pick<AppConfig, 'dataDir' | 'storage'>): ObjectStorage {
  if (config.storage.kind === 's3') return createS3Storage(config.storage);
  return localObjectStorage(config.dataDir);
}

/** The default (local) storage of a data directory, for callers without a configuration (the demo seed in tests). */
export function localObjectStorage(dataDir: string): ObjectStorage {
  return createLocalStorage(path.join(dataDir, 'objects'));
}
