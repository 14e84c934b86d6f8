import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { createLocalStorage } from '../video/storage/local-storage.ts';
import type { VideoStorage } from '../video/storage/video-storage.ts';
import { videoStorageOf } from '../video/video-storage-config.ts';

/**
 * The one place the virtual store touches the video module: panoramas live in the same object
 * storage as recorded video (a local directory under DATA_DIR, or the S3 bucket), under their own
 * prefix. When the storage interface moves to platform/storage, only this file changes.
 */
export type PanoramaStorage = Pick<VideoStorage, 'putBuffer' | 'size' | 'read' | 'delete' | 'list'>;

export const panoramaStorageOf = (config: Pick<AppConfig, 'dataDir' | 'video'>): PanoramaStorage => videoStorageOf(config);

/** The default (local) storage of a data directory, for callers without a configuration (the demo seed in tests). */
export const localPanoramaStorage = (dataDir: string): PanoramaStorage => createLocalStorage(path.join(dataDir, 'video'));

/** Keys are made here only, from ids the server generated: 'panoramas/<customer>/<panorama>/...'. */
export const panoramaKeys = (customerId: string, panoramaId: string) => {
  const prefix = `panoramas/${customerId}/${panoramaId}`;
  return {
    prefix,
    full: `${prefix}/full.jpg`,
    base: `${prefix}/base.jpg`,
    tile: (col: number, row: number) => `${prefix}/tiles/${col}-${row}.jpg`,
  };
};
