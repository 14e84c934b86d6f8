import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../src/platform/db/database.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { schemaTables } from './support/architecture.ts';

/**
 * DESIGN T3 on the migrated database itself (SQLite here, PostgreSQL in the server-postgres
 * project): a tenant table's primary key and every unique constraint or unique index of it contain
 * customer_id, so the tables can be distributed by customer (Citus) without a rewrite.
 */

interface TableShape {
  columns: { name: string; notNull: boolean }[];
  /** The primary key and every unique index (constraints have one too), by name. */
  uniques: { name: string; primary: boolean; columns: (string | null)[] }[];
}

async function introspect(db: Kysely<unknown>, dialect: DialectName): Promise<Map<string, TableShape>> {
  const tables = new Map<string, TableShape>();
  if (dialect === 'sqlite') {
    const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    for (const { name } of names.rows) {
      const columns = await sql<{ name: string; notnull: number; pk: number }>`select name, "notnull", pk from pragma_table_info(${name})`.execute(db);
      const primaryKey = columns.rows.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
      const uniques: TableShape['uniques'] = [];
      // A rowid table's INTEGER PRIMARY KEY has no index; every other key appears in index_list with origin 'pk'.
      if (primaryKey.length > 0) uniques.push({ name: `${name} primary key`, primary: true, columns: primaryKey.map((column) => column.name) });
      const indexes = await sql<{ name: string; unique: number; origin: string }>`select name, "unique", origin from pragma_index_list(${name})`.execute(db);
      for (const index of indexes.rows.filter((row) => row.unique === 1 && row.origin !== 'pk')) {
        const parts = await sql<{ name: string | null }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
        uniques.push({ name: index.name, primary: false, columns: parts.rows.map((part) => part.name) });
      }
      tables.set(name, { columns: columns.rows.map((column) => ({ name: column.name, notNull: column.notnull === 1 || column.pk > 0 })), uniques });
    }
    return tables;
  }
  const columns = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    select table_name, column_name, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name in (select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE')`.execute(
    db,
  );
  for (const column of columns.rows) {
    const shape = tables.get(column.table_name) ?? { columns: [], uniques: [] };
    shape.columns.push({ name: column.column_name, notNull: column.is_nullable === 'NO' });
    tables.set(column.table_name, shape);
  }
  // pg_index holds primary keys, unique constraints (each has its index) and unique indexes alike;
  // an expression in an index has attribute number 0 and so no column name.
  const indexes = await sql<{ table_name: string; index_name: string; primary: boolean; columns: string }>`
    select t.relname as table_name, i.relname as index_name, x.indisprimary as primary,
      coalesce((select string_agg(coalesce(a.attname::text, '(expression)'), ',' order by k.ordinality)
        from unnest(x.indkey) with ordinality as k(attnum, ordinality)
        left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum), '') as columns
    from pg_index x
    join pg_class t on t.oid = x.indrelid
    join pg_class i on i.oid = x.indexrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and x.indisunique`.execute(db);
  for (const index of indexes.rows) {
    const shape = tables.get(index.table_name);
    shape?.uniques.push({
      name: index.index_name,
      primary: index.primary,
      columns: index.columns.split(',').map((column) => (column === '(expression)' ? null : column)),
    });
  }
  return tables;
}

/** Tenant tables are those whose every row belongs to a customer: a NOT NULL customer_id. */
function tenantTablesOf(tables: Map<string, TableShape>): string[] {
  return [...tables].filter(([, shape]) => shape.columns.some((column) => column.name === 'customer_id' && column.notNull)).map(([name]) => name);
}

/** Keys of tenant tables without customer_id; a tenant table without a primary key is a finding too. */
function keysWithoutCustomer(tables: Map<string, TableShape>, names: readonly string[]): string[] {
  const findings: string[] = [];
  for (const name of names) {
    const shape = tables.get(name);
    if (!shape) continue;
    if (!shape.uniques.some((unique) => unique.primary)) findings.push(`${name}: no primary key`);
    for (const unique of shape.uniques)
      if (!unique.columns.includes('customer_id'))
        findings.push(
          `${name}: ${unique.primary ? 'primary key' : `unique ${unique.name}`} (${unique.columns.map((column) => column ?? '(expression)').join(', ')}) lacks customer_id`,
        );
  }
  return findings.sort();
}

const schemaFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/platform/db/schema.ts');
const declared = schemaTables({ path: 'platform/db/schema.ts', text: readFileSync(schemaFile, 'utf8') });

let t: TestApp;
let db: Kysely<unknown>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.db as unknown as Kysely<unknown>;
});
afterAll(async () => {
  await t.close();
});

describe('tenant tables of the migrated database (DESIGN T3)', () => {
  it('are the tables schema.ts declares with a customer_id, and only the platform tables (jobs, sessions, realtime_events) have a nullable one', async () => {
    const tables = await introspect(db, t.dialect);
    expect(tenantTablesOf(tables).sort()).toEqual([...declared.tenant].sort());
    const nullable = [...tables].filter(([, shape]) => shape.columns.some((column) => column.name === 'customer_id' && !column.notNull)).map(([name]) => name);
    expect(nullable.sort()).toEqual([...declared.optionalCustomer].sort());
  });

  it('carry customer_id in their primary key and in every unique constraint and unique index', async () => {
    const tables = await introspect(db, t.dialect);
    const tenant = tenantTablesOf(tables);
    expect(tenant.length).toBeGreaterThan(30);
    // Every tenant table has a key to check, so the sweep below cannot pass by seeing nothing.
    for (const name of tenant) expect(tables.get(name)?.uniques.length, name).toBeGreaterThan(0);
    expect(keysWithoutCustomer(tables, tenant)).toEqual([]);
  });

  it('can fail: scratch tables whose primary key, unique constraint or unique index lack customer_id', async () => {
    const scratch = ['schema_probe_bad_pk', 'schema_probe_bad_unique', 'schema_probe_good'];
    try {
      await db.schema
        .createTable('schema_probe_bad_pk')
        .addColumn('customer_id', 'text', (column) => column.notNull())
        .addColumn('id', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('schema_probe_bad_pk_pk', ['id'])
        .execute();
      await db.schema
        .createTable('schema_probe_bad_unique')
        .addColumn('customer_id', 'text', (column) => column.notNull())
        .addColumn('id', 'text', (column) => column.notNull())
        .addColumn('code', 'text', (column) => column.notNull())
        .addColumn('mac', 'text')
        .addPrimaryKeyConstraint('schema_probe_bad_unique_pk', ['customer_id', 'id'])
        .addUniqueConstraint('schema_probe_bad_unique_code_uq', ['code'])
        .execute();
      await db.schema.createIndex('schema_probe_bad_unique_mac_idx').on('schema_probe_bad_unique').column('mac').unique().execute();
      await db.schema
        .createTable('schema_probe_good')
        .addColumn('customer_id', 'text', (column) => column.notNull())
        .addColumn('id', 'text', (column) => column.notNull())
        .addColumn('code', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('schema_probe_good_pk', ['customer_id', 'id'])
        .addUniqueConstraint('schema_probe_good_code_uq', ['customer_id', 'code'])
        .execute();
      const tables = await introspect(db, t.dialect);
      expect(
        tenantTablesOf(tables)
          .filter((name) => scratch.includes(name))
          .sort(),
      ).toEqual(scratch);
      const findings = keysWithoutCustomer(tables, scratch)
        .map((finding) => finding.replace(/unique \S+/, 'unique'))
        .sort();
      expect(findings).toEqual([
        'schema_probe_bad_pk: primary key (id) lacks customer_id',
        'schema_probe_bad_unique: unique (code) lacks customer_id',
        'schema_probe_bad_unique: unique (mac) lacks customer_id',
      ]);
    } finally {
      for (const name of scratch) await db.schema.dropTable(name).ifExists().execute();
    }
  });
});
