import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import { createS3Storage } from './storage/s3-storage.ts';
import type { VideoStorage } from './storage/video-storage.ts';

/** The storage the configuration names; the spool (where ffmpeg writes) is always local. */
export function videoStorageOf(config: Pick<AppConfig, 'dataDir' | 'video'>): VideoStorage {
  const storage = config.video.storage;
  if (storage.kind === 's3') return createS3Storage(storage);
  return createLocalStorage(path.join(config.dataDir, 'video'));
}

export function spoolDirOf(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'video-spool');
}
