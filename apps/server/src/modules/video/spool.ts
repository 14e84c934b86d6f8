import path from 'node:path';
import type { AppConfig } from '../../config.ts';

/** Where ffmpeg writes segments before they are indexed and handed to object storage: always a local directory. */
export function spoolDirOf(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'video-spool');
}
