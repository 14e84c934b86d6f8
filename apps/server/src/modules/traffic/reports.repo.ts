import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CustomReportsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** A saved report as stored. */
export type SavedReportRow = Selectable<CustomReportsTable>;

/** Saved custom reports: each belongs to the user who saved it. */
export function reportsRepo(scope: TenantScope) {
  return {
    listOf: (userId: string) =>
      scope.selectFrom('custom_reports').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id').execute(),
    find: (userId: string, reportId: string) =>
      scope.selectFrom('custom_reports').selectAll().where('user_id', '=', userId).where('id', '=', reportId).executeTakeFirst(),
    named: (userId: string, name: string) =>
      scope
        .selectFrom('custom_reports')
        .select('id')
        .where('user_id', '=', userId)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .executeTakeFirst(),
    insert: (row: Omit<Insertable<CustomReportsTable>, 'customer_id'>) => scope.insertInto('custom_reports', [row]).execute(),
    update: (reportId: string, changes: Pick<Updateable<CustomReportsTable>, 'name' | 'definition' | 'updated_at'>) =>
      scope.updateTable('custom_reports').set(changes).where('id', '=', reportId).execute(),
    delete: (userId: string, reportId: string) => scope.deleteFrom('custom_reports').where('user_id', '=', userId).where('id', '=', reportId).execute(),
  };
}
