import type { DB } from '../../platform/db/database.ts';
import type { AlarmAlertChannelsTable, AlarmAlertSettingsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** Alarm alert settings and each channel's state (what was told through when, the last notice). */
export function alertSettingsRepo(scope: TenantScope) {
  return {
    get: () => scope.selectFrom('alarm_alert_settings').selectAll().executeTakeFirst(),
    async save(row: Omit<AlarmAlertSettingsTable, 'customer_id'>): Promise<void> {
      const { customer_id: _customer, ...fields } = { customer_id: '', ...row };
      await scope
        .insertInto('alarm_alert_settings', [row])
        .onConflict((oc) => oc.column('customer_id').doUpdateSet(fields))
        .execute();
    },
    channels: () => scope.selectFrom('alarm_alert_channels').selectAll().execute(),
    /** A channel switched on starts telling from now: alarms before it are not sent late. */
    startChannel: (channel: AlarmAlertChannelsTable['channel'], at: string) =>
      scope
        .insertInto('alarm_alert_channels', [{ channel, told_through: at, last_sent_at: null }])
        .onConflict((oc) => oc.columns(['customer_id', 'channel']).doNothing())
        .execute(),
    restartChannel: (channel: AlarmAlertChannelsTable['channel'], at: string) =>
      scope.updateTable('alarm_alert_channels').set({ told_through: at }).where('channel', '=', channel).execute(),
    /** Takes the alarms up to `through` for one notice; false when another worker took them first. */
    claim: async (channel: AlarmAlertChannelsTable['channel'], toldBefore: string, through: string) =>
      Number(
        (
          await scope
            .updateTable('alarm_alert_channels')
            .set({ told_through: through, last_sent_at: through })
            .where('channel', '=', channel)
            .where('told_through', '=', toldBefore)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,
    /** New alarms of the priorities, created after `after` up to `through`, oldest first. */
    alarmsBetween: (after: string, through: string, priorities: readonly ('high' | 'low')[], limit: number) =>
      scope
        .selectFrom('alarms')
        .selectAll()
        .where('created_at', '>', after)
        .where('created_at', '<=', through)
        .where('priority', 'in', priorities.length > 0 ? [...priorities] : ['high'])
        .where('state', '!=', 'deleted')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** The members among these users, with language and contact points (users are global; joined on the membership). */
    recipients: (userIds: readonly string[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('memberships')
            .innerJoin('users', 'users.id', 'memberships.user_id')
            .select([
              'memberships.user_id',
              'memberships.org_id',
              'memberships.enabled',
              'users.enabled as account_enabled',
              'users.locale',
              'users.email',
              'users.mobile',
            ])
            .where('memberships.user_id', 'in', [...userIds])
            .execute(),
  };
}

/** Customers with alarm alerts switched on: the notice job's round (crosses customers by design). */
export const customersWithAlarmAlerts = async (db: DB): Promise<string[]> =>
  (await db.selectFrom('alarm_alert_settings').select('customer_id').where('enabled', '=', 1).execute()).map((row) => row.customer_id);
