import {
  type DeleteQueryBuilder,
  type DeleteResult,
  type InsertObject,
  type SelectQueryBuilder,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { DB } from '../db/database.ts';
import type { Database, TenantTable } from '../db/schema.ts';

type Empty = Record<never, never>;

/**
 * THE place where tenant isolation happens (DESIGN T1). Repositories of tenant data receive a
 * TenantScope rather than a raw connection: every select, update and delete it starts is already
 * filtered to the customer, and every insert is stamped with it, so a repository cannot forget.
 */
export function tenantScope(db: DB, customerId: string) {
  function selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<Database, T, Empty>;
  /** `'table as t'`, for joins that name their tables: the filter is put on the alias. */
  function selectFrom<T extends TenantTable, A extends string>(aliased: `${T} as ${A}`): SelectQueryBuilder<Database & { [K in A]: Database[T] }, A, Empty>;
  function selectFrom(from: string) {
    const alias = from.split(' as ').at(-1) ?? from;
    // Kysely cannot type a column reference built from a generic table name; the casts are
    // confined here, and the cross-customer API tests check the filter at run time.
    return db.selectFrom(from as 'shops').where(sql.ref(`${alias}.customer_id`), '=', customerId);
  }
  return {
    customerId,
    selectFrom,
    updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
      return db.updateTable(table as 'shops').where(sql.ref(`${table}.customer_id`), '=', customerId) as unknown as UpdateQueryBuilder<
        Database,
        T,
        T,
        UpdateResult
      >;
    },
    deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
      return db.deleteFrom(table as 'shops').where(sql.ref(`${table}.customer_id`), '=', customerId) as unknown as DeleteQueryBuilder<
        Database,
        T,
        DeleteResult
      >;
    },
    insertInto<T extends TenantTable>(table: T, rows: Omit<InsertObject<Database, T>, 'customer_id'>[]) {
      const stamped = rows.map((row) => ({ ...row, customer_id: customerId })) as unknown as InsertObject<Database, T>[];
      return db.insertInto(table).values(stamped);
    },
    /** For the rare join that needs the raw builder; the caller must filter by customerId itself. */
    db,
  };
}
export type TenantScope = ReturnType<typeof tenantScope>;
