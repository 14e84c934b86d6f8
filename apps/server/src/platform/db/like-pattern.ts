import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * LIKE pattern for a keyword search (contains, lower-cased), with the keyword's own wildcards
 * escaped so that '50%' finds '50% off' and not '500 off'.
 */
export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` contains `keyword`, ignoring case. The ESCAPE clause is spelled out: PostgreSQL escapes
 * with a backslash by default, SQLite has no escape character unless told, so without it a keyword
 * with % or _ found nothing on SQLite.
 */
export function containsKeyword(column: string, keyword: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(keyword)} escape '\\'`;
}
