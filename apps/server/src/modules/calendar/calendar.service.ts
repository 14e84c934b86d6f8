import {
  type CalendarEvent,
  FLOW_DEFAULTS,
  type FlowSettings,
  flowSettingsSchema,
  type Page,
  type PageRequest,
  PRIVACY_DEFAULTS,
  type PrivacySettings,
} from '@storelens/contracts';
import { accessOf, type DataScope } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CalendarEventsTable, PrivacySettingsTable } from '../../platform/db/schema.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { noAuthority, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { type CalendarFilter, calendarRepo } from './calendar.repo.ts';

export interface CalendarEventInput {
  name: string;
  startDate: string;
  endDate: string;
  shopIds: string[];
  allShops: boolean;
  description: string;
}

export interface CalendarListInput extends PageRequest {
  keyword?: string | undefined;
  enabled?: boolean | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  shopId?: string | undefined;
}

/** A calendar event as the trend chart marks it. */
export interface CalendarMark {
  eventId: string;
  name: string;
  startDate: string;
  endDate: string;
}

/** Stored settings are read leniently: a setting saved before a field existed takes its default. */
function flowOf(stored: string | undefined): FlowSettings {
  if (!stored) return structuredClone(FLOW_DEFAULTS) as FlowSettings;
  const parsed = flowSettingsSchema.safeParse({ ...FLOW_DEFAULTS, ...(JSON.parse(stored) as object) });
  return parsed.success ? parsed.data : (structuredClone(FLOW_DEFAULTS) as FlowSettings);
}

/** The stored privacy row as settings. */
function privacyOf(row: Pick<PrivacySettingsTable, 'blur_faces' | 'retention_days' | 'collect_wifi'>): PrivacySettings {
  return { blurFaces: row.blur_faces === 1, retentionDays: row.retention_days, collectWifi: row.collect_wifi === 1 };
}

/**
 * The customer-flow settings pages (spec section 2, /settings/passengerFlow/): the flow
 * configuration (customer kv setting), the custom calendar and privacy. Calendar events follow
 * the caller's data scope: an event is visible when it applies to all stores or to one of theirs;
 * stores outside their scope are neither shown nor dropped by their changes.
 */
export function createCalendarService(deps: { db: DB }) {
  const { db } = deps;

  function visibleEvent(scope: DataScope, event: CalendarEventsTable, shopIds: string[]): boolean {
    return event.all_shops === 1 || shopIds.some((id) => scope.canSeeShop(id));
  }

  async function present(actor: CustomerActor, scope: DataScope, rows: CalendarEventsTable[]): Promise<CalendarEvent[]> {
    const repo = calendarRepo(tenantScope(db, actor.customerId));
    const links = await repo.eventShops(rows.map((row) => row.id));
    const shopIdsOf = new Map<string, string[]>();
    for (const link of links) shopIdsOf.set(link.event_id, [...(shopIdsOf.get(link.event_id) ?? []), link.shop_id]);
    const shops = new Map((await repo.shopsByIds([...new Set(links.map((link) => link.shop_id))])).map((shop) => [shop.id, shop]));
    return rows.map((row) => ({
      eventId: row.id,
      name: row.name,
      startDate: row.start_date,
      endDate: row.end_date,
      allShops: row.all_shops === 1,
      shops: (shopIdsOf.get(row.id) ?? [])
        .filter((id) => scope.canSeeShop(id))
        .flatMap((id) => {
          const shop = shops.get(id);
          return shop ? [{ shopId: shop.id, name: shop.name, number: shop.number }] : [];
        })
        .sort((a, b) => a.number.localeCompare(b.number)),
      description: row.description,
      enabled: row.enabled === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async function findVisible(actor: CustomerActor, scope: DataScope, eventId: string) {
    const repo = calendarRepo(tenantScope(db, actor.customerId));
    const event = await repo.findEvent(eventId);
    if (!event) throw notFound();
    const shopIds = (await repo.eventShops([event.id])).map((link) => link.shop_id);
    if (!visibleEvent(scope, event, shopIds)) throw notFound();
    return { event, shopIds };
  }

  /** Stores named by the caller must exist and be theirs; 'all stores' needs the whole customer. */
  async function checkShops(actor: CustomerActor, scope: DataScope, input: CalendarEventInput): Promise<string[]> {
    // 'All stores' needs the whole customer in scope; scoped to the root organisation counts as that.
    if (input.allShops && scope.limited) throw noAuthority();
    const shopIds = [...new Set(input.shopIds)];
    const existing = new Set((await calendarRepo(tenantScope(db, actor.customerId)).shopsByIds(shopIds)).map((shop) => shop.id));
    if (shopIds.some((id) => !existing.has(id) || !scope.canSeeShop(id))) throw notFound();
    return shopIds;
  }

  async function insertEvent(customerId: string, input: CalendarEventInput, shopIds: string[], createdBy: string | null): Promise<string> {
    const eventId = newId();
    const at = nowIso();
    await db.transaction().execute(async (trx) => {
      const repo = calendarRepo(tenantScope(trx, customerId));
      await repo.insertEvent({
        id: eventId,
        name: input.name,
        start_date: input.startDate,
        end_date: input.endDate,
        all_shops: input.allShops ? 1 : 0,
        description: input.description,
        enabled: 1,
        created_by: createdBy,
        created_at: at,
        updated_at: at,
      });
      await repo.replaceEventShops(eventId, input.allShops ? [] : shopIds);
    });
    return eventId;
  }

  async function flowSettings(customerId: string): Promise<FlowSettings> {
    return flowOf((await calendarRepo(tenantScope(db, customerId)).flowSettings())?.settings);
  }

  return {
    flowSettings,

    async getFlowSettings(actor: CustomerActor) {
      const row = await calendarRepo(tenantScope(db, actor.customerId)).flowSettings();
      return { settings: flowOf(row?.settings), updatedAt: row?.updated_at ?? null };
    },

    /** New thresholds apply to visits rolled up from now on; `rebuild-rollups` applies them to history. */
    async updateFlowSettings(actor: CustomerActor, settings: FlowSettings) {
      const repo = calendarRepo(tenantScope(db, actor.customerId));
      await repo.saveFlowSettings({ settings: JSON.stringify(settings), updated_by: actor.userId, updated_at: nowIso() });
      const row = await repo.flowSettings();
      return { settings: flowOf(row?.settings), updatedAt: row?.updated_at ?? null };
    },

    async privacySettings(customerId: string): Promise<PrivacySettings> {
      const row = await calendarRepo(tenantScope(db, customerId)).privacySettings();
      return row ? privacyOf(row) : { ...PRIVACY_DEFAULTS };
    },

    async getPrivacy(actor: CustomerActor) {
      const row = await calendarRepo(tenantScope(db, actor.customerId)).privacySettings();
      return {
        settings: row ? privacyOf(row) : { ...PRIVACY_DEFAULTS },
        updatedAt: row?.updated_at ?? null,
      };
    },

    async updatePrivacy(actor: CustomerActor, settings: PrivacySettings) {
      const repo = calendarRepo(tenantScope(db, actor.customerId));
      const at = nowIso();
      await repo.savePrivacySettings({
        blur_faces: settings.blurFaces ? 1 : 0,
        retention_days: settings.retentionDays,
        collect_wifi: settings.collectWifi ? 1 : 0,
        updated_by: actor.userId,
        updated_at: at,
      });
      return { settings, updatedAt: at };
    },

    // ------------------------------------------------------------ calendar events

    /** Seed path (the demo): no person, no scope. */
    seedEvent: (customerId: string, input: CalendarEventInput) => insertEvent(customerId, input, input.shopIds, null),

    async addEvent(actor: CustomerActor, input: CalendarEventInput): Promise<{ eventId: string }> {
      const scope = await accessOf(db, actor).scope();
      const shopIds = await checkShops(actor, scope, input);
      return { eventId: await insertEvent(actor.customerId, input, shopIds, actor.userId) };
    },

    async updateEvent(actor: CustomerActor, input: CalendarEventInput & { eventId: string }): Promise<CalendarEvent> {
      const scope = await accessOf(db, actor).scope();
      const { event, shopIds: before } = await findVisible(actor, scope, input.eventId);
      if (event.all_shops === 1 && !input.allShops && scope.limited) throw noAuthority();
      const chosen = await checkShops(actor, scope, input);
      // Stores the caller cannot see stay applicable: their changes reach only their own stores.
      const kept = before.filter((id) => !scope.canSeeShop(id));
      await db.transaction().execute(async (trx) => {
        const repo = calendarRepo(tenantScope(trx, actor.customerId));
        await repo.updateEvent(event.id, {
          name: input.name,
          start_date: input.startDate,
          end_date: input.endDate,
          all_shops: input.allShops ? 1 : 0,
          description: input.description,
          updated_at: nowIso(),
        });
        await repo.replaceEventShops(event.id, input.allShops ? [] : [...new Set([...kept, ...chosen])]);
      });
      const updated = await calendarRepo(tenantScope(db, actor.customerId)).findEvent(event.id);
      if (!updated) throw notFound();
      const [presented] = await present(actor, scope, [updated]);
      if (!presented) throw notFound();
      return presented;
    },

    async getEvent(actor: CustomerActor, eventId: string): Promise<CalendarEvent> {
      const scope = await accessOf(db, actor).scope();
      const { event } = await findVisible(actor, scope, eventId);
      const [presented] = await present(actor, scope, [event]);
      if (!presented) throw notFound();
      return presented;
    },

    async setEventStatus(actor: CustomerActor, eventId: string, enabled: boolean): Promise<null> {
      const scope = await accessOf(db, actor).scope();
      const { event } = await findVisible(actor, scope, eventId);
      await calendarRepo(tenantScope(db, actor.customerId)).updateEvent(event.id, { enabled: enabled ? 1 : 0, updated_at: nowIso() });
      return null;
    },

    async listEvents(actor: CustomerActor, input: CalendarListInput): Promise<Page<CalendarEvent>> {
      const scope = await accessOf(db, actor).scope();
      if (input.shopId !== undefined && !scope.canSeeShop(input.shopId)) throw notFound();
      const filter: CalendarFilter = {
        keyword: input.keyword,
        enabled: input.enabled,
        from: input.startDate,
        to: input.endDate,
        shopIds: input.shopId !== undefined ? [input.shopId] : scope.shopIds === null ? null : [...scope.shopIds],
      };
      const repo = calendarRepo(tenantScope(db, actor.customerId));
      const [total, rows] = await Promise.all([repo.countEvents(filter), repo.pageEvents(filter, (input.page - 1) * input.pageSize, input.pageSize)]);
      return { total, page: input.page, pageSize: input.pageSize, list: await present(actor, scope, rows) };
    },

    /** Enabled events overlapping a range that apply to one of the shops (for the trend chart). */
    async marksFor(customerId: string, shopIds: string[], from: string, to: string): Promise<CalendarMark[]> {
      const rows = await calendarRepo(tenantScope(db, customerId)).eventsOverlapping({ enabled: true, from, to, shopIds });
      return rows.map((row) => ({ eventId: row.id, name: row.name, startDate: row.start_date, endDate: row.end_date }));
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
