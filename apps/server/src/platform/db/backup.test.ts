import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backupSqlite, checkDatabaseFile, markServerRunning, restoreSqlite, SQLITE_FILE } from './backup.ts';
import { migrateToLatest, openDatabase } from './database.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-backup-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const countOutbox = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from outbox').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('backup and restore of the embedded database', () => {
  it('copies a database that is being written to, consistently, and restores it', async () => {
    const dataDir = tempDir();
    const { db, close } = openDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(db);
    const write = (n: number) =>
      sql`insert into outbox (channel, recipient, subject, body, created_at) values ('sms', ${`1380000${n}`}, 's', 'b', ${new Date().toISOString()})`.execute(
        db,
      );
    for (let n = 0; n < 200; n += 1) await write(n);
    // Writes go on while the copy is taken.
    let writing = true;
    let written = 200;
    const writer = (async () => {
      while (writing) {
        await write(written);
        written += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const { file, bytes } = await backupSqlite(dataDir, undefined, new Date('2026-11-24T10:00:00Z'));
    writing = false;
    await writer;
    expect(file).toBe(path.join(dataDir, 'backups', 'storelens-20261124-100000.db'));
    expect(bytes).toBeGreaterThan(0);
    const copied = countOutbox(file);
    expect(copied).toBeGreaterThanOrEqual(200);
    expect(copied).toBeLessThanOrEqual(written);
    expect(checkDatabaseFile(file).migrations).toBeGreaterThan(5);
    await close();

    // Restoring puts the copy back and keeps the database it replaced.
    const restored = restoreSqlite(dataDir, file, new Date('2026-11-24T11:00:00Z'));
    expect(countOutbox(path.join(dataDir, SQLITE_FILE))).toBe(copied);
    expect(restored.previous && countOutbox(restored.previous)).toBe(written);
  });

  it('refuses a file that is not a Storelens database, and a restore under a running server', async () => {
    const dataDir = tempDir();
    const notSqlite = path.join(dataDir, 'notes.db');
    fs.writeFileSync(notSqlite, 'just text, not a database');
    expect(() => restoreSqlite(dataDir, notSqlite)).toThrow(/not an SQLite database|not a Storelens database/);
    const otherSqlite = path.join(dataDir, 'other.db');
    new SQLite(otherSqlite).exec('create table t (x)');
    expect(() => restoreSqlite(dataDir, otherSqlite)).toThrow(/not a Storelens database/);

    const { db, close } = openDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(db);
    await close();
    const { file } = await backupSqlite(dataDir);
    // A server of another process marks the directory: the parent of this test process is alive.
    fs.writeFileSync(path.join(dataDir, 'storelens.pid'), String(process.ppid));
    expect(() => restoreSqlite(dataDir, file)).toThrow(/is running on .*: stop it first/);
    // This process's own mark, or a dead server's, does not block.
    const unmark = markServerRunning(dataDir);
    expect(() => restoreSqlite(dataDir, file)).not.toThrow();
    unmark();
    expect(fs.existsSync(path.join(dataDir, 'storelens.pid'))).toBe(false);
  });
});
