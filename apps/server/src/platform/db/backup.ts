import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** The embedded database's file under DATA_DIR, and where backups go by default. */
export const SQLITE_FILE = 'storelens.db';
const PID_FILE = 'storelens.pid';

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

/** A server marks the data directory while it runs, so a restore can refuse to swap the file under it. */
export function markServerRunning(dataDir: string): () => void {
  const file = path.join(dataDir, PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  return () => fs.rmSync(file, { force: true });
}

function runningServerPid(dataDir: string): number | null {
  const file = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // a stale mark of a server that died
  }
}

/** Checks a file is a sound Storelens database: SQLite, intact, with our migrations table. */
export function checkDatabaseFile(file: string): { migrations: number } {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`${file} is not an SQLite database (${(error as Error).message})`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} is damaged: ${String(integrity)}`);
    const table = db.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) throw new Error(`${file} is not a Storelens database (no migrations table)`);
    const { n } = db.prepare('select count(*) as n from kysely_migration').get() as { n: number };
    return { migrations: n };
  } catch (error) {
    if ((error as Error).message.includes(file)) throw error;
    throw new Error(`${file} is not a Storelens database (${(error as Error).message})`);
  } finally {
    db.close();
  }
}

/**
 * An online, consistent copy of the embedded database (SQLite's backup API in one step: the server
 * keeps writing, and the copy is one point in time). Checked before it is reported.
 */
export async function backupSqlite(dataDir: string, target?: string, at: Date = new Date()): Promise<{ file: string; bytes: number }> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  const file = path.resolve(target ?? path.join(dataDir, 'backups', `storelens-${stamp(at)}.db`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    // All pages in one step, under one read transaction: copied a few pages at a time, a backup
    // restarts whenever the server writes meanwhile and may never end on a busy database.
    await db.backup(file, { progress: ({ totalPages }) => Math.max(totalPages, 1) });
  } finally {
    db.close();
  }
  checkDatabaseFile(file);
  return { file, bytes: fs.statSync(file).size };
}

/**
 * Puts a backup in place of the embedded database. Refused while a server runs on this data
 * directory; the database it replaces is kept beside the backups first, so nothing is lost.
 */
export function restoreSqlite(dataDir: string, backup: string, at: Date = new Date()): { restored: string; previous: string | null } {
  const pid = runningServerPid(dataDir);
  if (pid !== null) throw new Error(`a Storelens server (pid ${pid}) is running on ${dataDir}: stop it first`);
  checkDatabaseFile(backup);
  const target = path.join(dataDir, SQLITE_FILE);
  let previous: string | null = null;
  if (fs.existsSync(target)) {
    previous = path.join(dataDir, 'backups', `before-restore-${stamp(at)}.db`);
    fs.mkdirSync(path.dirname(previous), { recursive: true });
    // VACUUM INTO writes one consistent copy, the WAL's last pages included.
    const db = new SQLite(target, { fileMustExist: true });
    try {
      db.exec(`VACUUM INTO '${previous.replaceAll("'", "''")}'`);
    } finally {
      db.close();
    }
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.copyFileSync(backup, target);
  return { restored: target, previous };
}
