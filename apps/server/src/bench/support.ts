import { sql } from 'kysely';
import type { DB, DialectName } from '../platform/db/database.ts';

/** What every benchmark needs: its command-line options and a table to print its figures in. */

/** Readers of `--name value` options: text, and positive integers with a default and a cap. */
export function benchArgs(args: readonly string[]) {
  const value = (name: string): string | undefined => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const int = (name: string, fallback: number, max: number): number => {
    const parsed = Number.parseInt(value(name) ?? '', 10);
    return Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback;
  };
  return { value, int, flag: (name: string) => args.includes(`--${name}`) };
}

/** Prints a Markdown table (first column left-aligned, the others right-aligned). */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log('');
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}

/** A small seeded generator (mulberry32): the same generated history on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** p50 and p95 of `rounds` calls of `work` (no warm-up round), with the last call's answer. */
export async function timedRounds<T>(rounds: number, work: () => Promise<T>): Promise<{ p50: number; p95: number; answer: T }> {
  const times: number[] = [];
  let answer: T | undefined;
  for (let round = 0; round < rounds; round += 1) {
    const t0 = performance.now();
    answer = await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), answer: answer as T };
}

/**
 * PostgreSQL: the tables just loaded get what autovacuum gives a running database within minutes,
 * before anyone reads a quarter of them: planner statistics, and a visibility map for index-only
 * scans. Timed reads right after a bulk load would measure plans made without statistics (the
 * warehouse analysis took 1.9 s in one such run, 0.38 s in a run where autovacuum had caught up).
 * SQLite keeps no such state.
 */
export async function settle(db: DB, dialect: DialectName, tables: readonly string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(`vacuum analyze ${tables.join(', ')}`).execute(db);
}
