import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, type ByteRange, type ObjectStorage, type StoredObject } from './object-storage.ts';

/** Object storage in a local directory (DATA_DIR/objects by default). */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...assertKey(key).split('/'));
  return {
    kind: 'local',
    async putFile(key, file) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(file, target);
      } catch (error) {
        // The spool may sit on another file system than the storage directory.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await fsp.copyFile(file, target);
        await fsp.rm(file, { force: true });
      }
    },
    async putBuffer(key, content) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(target, content);
    },
    async size(key) {
      try {
        return (await fsp.stat(fileOf(key))).size;
      } catch {
        return null;
      }
    },
    async read(key, range?: ByteRange): Promise<Readable> {
      const file = fileOf(key);
      await fsp.access(file);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fsp.rm(fileOf(key), { force: true })));
    },
    async *list(prefix): AsyncIterable<StoredObject> {
      const base = path.join(root, ...assertKey(prefix.replace(/\/$/, '')).split('/'));
      const walk = async function* (directory: string): AsyncIterable<StoredObject> {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(directory, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          const full = path.join(directory, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile()) {
            const stat = await fsp.stat(full);
            yield { key: path.relative(root, full).split(path.sep).join('/'), bytes: stat.size, modifiedMs: stat.mtimeMs };
          }
        }
      };
      yield* walk(base);
    },
  };
}
