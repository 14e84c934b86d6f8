import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { CalendarEventsTable, FlowSettingsTable, PrivacySettingsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

const INSERT_CHUNK = 500;

export interface CalendarFilter {
  keyword?: string | undefined;
  enabled?: boolean | undefined;
  /** Events overlapping [from, to]. */
  from?: string | undefined;
  to?: string | undefined;
  /** Events for all shops, or for one of these shops; null: no shop condition. */
  shopIds: string[] | null;
}

export function calendarRepo(scope: TenantScope) {
  function filtered(filter: CalendarFilter) {
    let query = scope.selectFrom('calendar_events');
    if (filter.keyword) query = query.where(containsKeyword('calendar_events.name', filter.keyword));
    if (filter.enabled !== undefined) query = query.where('calendar_events.enabled', '=', filter.enabled ? 1 : 0);
    if (filter.from) query = query.where('calendar_events.end_date', '>=', filter.from);
    if (filter.to) query = query.where('calendar_events.start_date', '<=', filter.to);
    const shopIds = filter.shopIds;
    if (shopIds) {
      query = query.where((eb) =>
        eb.or([
          eb('calendar_events.all_shops', '=', 1),
          ...(shopIds.length > 0
            ? [
                // The subquery goes through the scope too, so both sides are the customer's (DESIGN T1, T3).
                eb(
                  'calendar_events.id',
                  'in',
                  scope.selectFrom('calendar_event_shops').select('calendar_event_shops.event_id').where('calendar_event_shops.shop_id', 'in', shopIds),
                ),
              ]
            : []),
        ]),
      );
    }
    return query;
  }

  return {
    flowSettings: () => scope.selectFrom('flow_settings').selectAll().executeTakeFirst(),
    saveFlowSettings: (row: Omit<FlowSettingsTable, 'customer_id'>) =>
      scope
        .insertInto('flow_settings', [row])
        .onConflict((oc) => oc.column('customer_id').doUpdateSet({ settings: row.settings, updated_by: row.updated_by, updated_at: row.updated_at }))
        .execute(),

    privacySettings: () => scope.selectFrom('privacy_settings').selectAll().executeTakeFirst(),
    savePrivacySettings: (row: Omit<PrivacySettingsTable, 'customer_id'>) =>
      scope
        .insertInto('privacy_settings', [row])
        .onConflict((oc) =>
          oc.column('customer_id').doUpdateSet({
            blur_faces: row.blur_faces,
            retention_days: row.retention_days,
            collect_wifi: row.collect_wifi,
            updated_by: row.updated_by,
            updated_at: row.updated_at,
          }),
        )
        .execute(),

    async countEvents(filter: CalendarFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    pageEvents: (filter: CalendarFilter, offset: number, limit: number) =>
      filtered(filter).selectAll().orderBy('calendar_events.start_date', 'desc').orderBy('calendar_events.id').offset(offset).limit(limit).execute(),
    eventsOverlapping: (filter: CalendarFilter) => filtered(filter).selectAll().orderBy('calendar_events.start_date').execute(),
    findEvent: (eventId: string) => scope.selectFrom('calendar_events').selectAll().where('id', '=', eventId).executeTakeFirst(),
    eventShops: async (eventIds: string[]) =>
      eventIds.length === 0 ? [] : scope.selectFrom('calendar_event_shops').select(['event_id', 'shop_id']).where('event_id', 'in', eventIds).execute(),
    insertEvent: (row: Omit<CalendarEventsTable, 'customer_id'>) => scope.insertInto('calendar_events', [row]).execute(),
    updateEvent: (eventId: string, changes: Partial<Omit<CalendarEventsTable, 'customer_id' | 'id'>>) =>
      scope.updateTable('calendar_events').set(changes).where('id', '=', eventId).execute(),
    async replaceEventShops(eventId: string, shopIds: string[]): Promise<void> {
      await scope.deleteFrom('calendar_event_shops').where('event_id', '=', eventId).execute();
      for (let start = 0; start < shopIds.length; start += INSERT_CHUNK) {
        await scope
          .insertInto(
            'calendar_event_shops',
            shopIds.slice(start, start + INSERT_CHUNK).map((shop_id) => ({ event_id: eventId, shop_id })),
          )
          .execute();
      }
    },
    shopsByIds: async (shopIds: string[]) =>
      shopIds.length === 0 ? [] : scope.selectFrom('shops').select(['id', 'name', 'number']).where('id', 'in', shopIds).execute(),
  };
}
export type CalendarRepo = ReturnType<typeof calendarRepo>;
