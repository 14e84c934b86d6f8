import {
  type CurrencyCode,
  currencyOfCountry,
  FALLBACK_CURRENCY,
  type OrgAddRequest,
  type Page,
  type PageRequest,
  playbackCoversBusinessHours,
  type ShopAddRequest,
  type ShopRow,
  type ShopStatus,
  type ShopUpdateRequest,
  shopLogValueSchema,
} from '@storelens/contracts';
import { z } from 'zod';
import { accessOf, type DataScope } from '../../platform/authz/access.ts';
import { rootOf, subtreeOf } from '../../platform/authz/org-tree.ts';
import type { DB } from '../../platform/db/database.ts';
import type { ShopLogsTable } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { AppError, badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { countryOfProvince } from './city-tree.ts';
import { type NewShopRow, type OrgAdminRepo, orgAdminRepo, type ShopFilter } from './org-admin.repo.ts';
import { changedColumns, closed, columnsOf, diffValues, regionMismatch, type ShopValues, toShopRow, valuesOf } from './shop-values.ts';

/** What the demo seed and the test factories give; the rest takes the defaults of a new shop. */
export interface NewShop {
  orgId: string;
  name: string;
  number: string;
  timeZone: string;
  shopType?: 'direct' | 'franchise' | 'other';
  province?: string;
  city?: string;
  district?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  floorArea?: number;
  /** ISO 4217; left out: the currency of the shop's country. */
  currency?: CurrencyCode;
  staffCount?: number;
  businessHours?: string;
  labels?: string[];
}

export const DEFAULT_BUSINESS_HOURS = '10:00-22:00';
export const DEFAULT_VISIT_INTERVAL_MINUTES = 30;

export interface ShopListInput extends PageRequest {
  orgId?: string | undefined;
  keyword?: string | undefined;
  hideClosed?: boolean | undefined;
  status?: ShopStatus | undefined;
}

const logChangesSchema = z.array(z.object({ field: z.string(), old: shopLogValueSchema, new: shopLogValueSchema }));

/**
 * The currency of a new shop that names none: its country's (the province code's prefix), else
 * that of the customer's first country (`fallback`, see `customerCurrency`).
 */
export function defaultShopCurrency(province: string | null | undefined, fallback: CurrencyCode): CurrencyCode {
  return currencyOfCountry(countryOfProvince(province || null)) ?? fallback;
}

/** A new shop's values from an add request (defaults applied by the schema) or the seed. */
export function newShopValues(input: ShopAddRequest, fallbackCurrency: CurrencyCode): ShopValues {
  const text = (value: string | null | undefined) => (value ? value : null);
  return {
    number: input.number,
    name: input.name,
    orgId: input.orgId,
    province: text(input.province),
    city: text(input.city),
    district: text(input.district),
    address: text(input.address),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    status: input.status,
    shopType: input.shopType,
    floorArea: input.floorArea ?? null,
    currency: input.currency ?? defaultShopCurrency(input.province, fallbackCurrency),
    staffCount: input.staffCount ?? null,
    businessHours: input.businessHours,
    videoPlaybackHours: input.videoPlaybackHours,
    trafficDisplayHours: input.trafficDisplayHours,
    visitInterval: input.visitInterval,
    timeZone: input.timeZone,
    indoorPositioning: input.indoorPositioning,
    positioningEngine: text(input.positioningEngine),
    campus: text(input.campus),
    building: text(input.building),
    labels: [...new Set(input.labels)],
    closeTime: null,
    analytics: true,
    monitoring: true,
    inspections: true,
    liveVideo: true,
  };
}

export function newShopRow(id: string, values: ShopValues, at: string): NewShopRow {
  return { id, ...columnsOf(values), created_at: at, updated_at: at };
}

export function logRow(shopId: string, userId: string | null, action: ShopLogsTable['action'], before: ShopValues | null, after: ShopValues, at: string) {
  return { id: newId(), shop_id: shopId, user_id: userId, action, changes: JSON.stringify(diffValues(before, after)), created_at: at };
}

/** The currency of the customer's first country: the default of shops without a known country. */
export async function customerCurrency(repo: OrgAdminRepo): Promise<CurrencyCode> {
  return currencyOfCountry((await repo.customerCountries())[0]) ?? FALLBACK_CURRENCY;
}

function page<T>(input: PageRequest, total: number, list: T[]): Page<T> {
  return { total, page: input.page, pageSize: input.pageSize, list };
}

/**
 * Writes to the organisation tree and shops, and the administration lists over them. Every
 * operation of a person goes through their data scope: what lies outside it answers 'Not found or
 * no access', exactly like another customer's ids. The demo seed uses addOrg/addShop, so demo data
 * takes the same write path (and leaves the same change log) as real data.
 */
export function createOrgAdminService(deps: { db: DB }) {
  const { db } = deps;

  function shopFilter(scope: DataScope, input: ShopListInput, orgId?: string): ShopFilter {
    if (orgId !== undefined && !scope.canFilterByOrg(orgId)) throw notFound();
    return {
      shopIds: scope.shopIds,
      orgIds: orgId === undefined ? null : subtreeOf(scope.orgs, orgId),
      keyword: input.keyword,
      hideClosed: input.hideClosed,
      status: input.status,
    };
  }

  async function listShops(actor: CustomerActor, input: ShopListInput, orgId?: string): Promise<Page<ShopRow>> {
    const scope = await accessOf(db, actor).scope();
    const filter = shopFilter(scope, input, orgId);
    const repo = orgAdminRepo(tenantScope(db, actor.customerId));
    const [total, rows] = await Promise.all([repo.countShops(filter), repo.pageShops(filter, (input.page - 1) * input.pageSize, input.pageSize)]);
    return page(
      input,
      total,
      rows.map((row) => toShopRow(row, scope.orgById)),
    );
  }

  async function insertShop(customerId: string, values: ShopValues, userId: string | null): Promise<string> {
    const id = newId();
    const at = nowIso();
    try {
      await db.transaction().execute(async (trx) => {
        const repo = orgAdminRepo(tenantScope(trx, customerId));
        await repo.insertShops([newShopRow(id, values, at)]);
        await repo.insertLogs([logRow(id, userId, 'add', null, values, at)]);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refused('errors.shopNumberTaken');
      throw error;
    }
    return id;
  }

  function checkRules(values: ShopValues): void {
    if (!playbackCoversBusinessHours(values.videoPlaybackHours, values.businessHours)) throw badRequest('validation.playbackShorterThanBusiness');
    if (regionMismatch(values)) throw badRequest('validation.region');
  }

  return {
    /** Seed and factory path: no person, no scope. */
    async addOrg(customerId: string, input: { parentId: string; name: string; orgcode?: string }): Promise<string> {
      const repo = orgAdminRepo(tenantScope(db, customerId));
      const parent = await repo.findOrg(input.parentId);
      if (!parent) throw new AppError('notFound', 'errors.notFound');
      const orgcode = input.orgcode ?? `ORG${newId().slice(-8).toUpperCase()}`;
      if (await repo.orgcodeTaken(orgcode)) throw refused('errors.nameOverlap');
      const id = newId();
      await repo.insertOrg({ id, parent_id: parent.id, name: input.name, level: parent.level + 1, orgcode, created_at: nowIso() });
      return id;
    },

    /** Seed and factory path: no person, no scope; the change log records the system as author. */
    async addShop(customerId: string, input: NewShop): Promise<string> {
      const repo = orgAdminRepo(tenantScope(db, customerId));
      if (!(await repo.findOrg(input.orgId))) throw new AppError('notFound', 'errors.notFound');
      if (await repo.shopWithNumber(input.number)) throw refused('errors.shopNumberTaken');
      const hours = input.businessHours ?? DEFAULT_BUSINESS_HOURS;
      const values = newShopValues(
        {
          ...input,
          status: 'open',
          shopType: input.shopType ?? 'direct',
          businessHours: hours,
          videoPlaybackHours: hours,
          trafficDisplayHours: hours,
          visitInterval: DEFAULT_VISIT_INTERVAL_MINUTES,
          indoorPositioning: false,
          labels: input.labels ?? [],
        },
        await customerCurrency(repo),
      );
      return insertShop(customerId, values, null);
    },

    // ------------------------------------------------------------ organisations

    async createOrg(actor: CustomerActor, input: OrgAddRequest): Promise<{ orgId: string; orgcode: string }> {
      const scope = await accessOf(db, actor).scope();
      if (!scope.canManageOrg(input.parentId)) throw notFound();
      const repo = orgAdminRepo(tenantScope(db, actor.customerId));
      if (await repo.siblingNamed(input.parentId, input.name)) throw refused('errors.nameOverlap');
      const orgcode = input.orgcode ?? `ORG${newId().slice(-8).toUpperCase()}`;
      if (await repo.orgcodeTaken(orgcode)) throw refused('errors.nameOverlap');
      const parent = scope.orgById.get(input.parentId);
      const orgId = newId();
      try {
        await repo.insertOrg({ id: orgId, parent_id: input.parentId, name: input.name, level: (parent?.level ?? 0) + 1, orgcode, created_at: nowIso() });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('errors.nameOverlap');
        throw error;
      }
      return { orgId, orgcode };
    },

    async renameOrg(actor: CustomerActor, input: { orgId: string; name: string }): Promise<null> {
      const scope = await accessOf(db, actor).scope();
      if (!scope.canManageOrg(input.orgId)) throw notFound();
      const repo = orgAdminRepo(tenantScope(db, actor.customerId));
      const org = scope.orgById.get(input.orgId);
      if (org?.parent_id && (await repo.siblingNamed(org.parent_id, input.name, org.id))) throw refused('errors.nameOverlap');
      await repo.renameOrg(input.orgId, input.name);
      return null;
    },

    /** Refused, with nothing written, while anything still hangs on the organisation. */
    async deleteOrg(actor: CustomerActor, input: { orgId: string }): Promise<null> {
      const scope = await accessOf(db, actor).scope();
      if (!scope.canManageOrg(input.orgId)) throw notFound();
      if (rootOf(scope.orgs)?.id === input.orgId) throw refused('errors.rootOrgLocked');
      await db.transaction().execute(async (trx) => {
        const repo = orgAdminRepo(tenantScope(trx, actor.customerId));
        if (await repo.hasChildOrgs(input.orgId)) throw refused('errors.orgHasChildren');
        if (await repo.hasShops(input.orgId)) throw refused('errors.orgHasShops');
        if (await repo.hasMembers(input.orgId)) throw refused('errors.orgHasUsers');
        await repo.deleteOrg(input.orgId);
      });
      return null;
    },

    // ------------------------------------------------------------ shop lists

    listShops: (actor: CustomerActor, input: ShopListInput) => listShops(actor, input, input.orgId),
    listShopsByParentOrg: (actor: CustomerActor, input: ShopListInput & { orgId: string }) => listShops(actor, input, input.orgId),

    async shopDetail(actor: CustomerActor, shopId: string): Promise<ShopRow> {
      const scope = await accessOf(db, actor).scope();
      const shop = scope.canSeeShop(shopId) ? await orgAdminRepo(tenantScope(db, actor.customerId)).findShop(shopId) : undefined;
      if (!shop) throw notFound();
      return toShopRow(shop, scope.orgById);
    },

    /** Every shop the caller may see, unpaged and light, for pickers that mix shops and store groups. */
    async visibleShopsLight(actor: CustomerActor) {
      const scope = await accessOf(db, actor).scope();
      const rows = await orgAdminRepo(tenantScope(db, actor.customerId)).lightShops({ shopIds: scope.shopIds, orgIds: null });
      return rows.map((row) => ({
        shopId: row.id,
        number: row.number,
        name: row.name,
        orgId: row.org_id,
        status: row.status,
        isClosed: row.status === 'closed',
      }));
    },

    /** Labels in use on the shops the caller may see, with how many shops carry each. */
    async labelDictionary(actor: CustomerActor): Promise<{ label: string; count: number }[]> {
      const scope = await accessOf(db, actor).scope();
      const rows = await orgAdminRepo(tenantScope(db, actor.customerId)).labelsOfShops({ shopIds: scope.shopIds, orgIds: null });
      const counts = new Map<string, number>();
      for (const row of rows) for (const label of JSON.parse(row.labels) as string[]) counts.set(label, (counts.get(label) ?? 0) + 1);
      return [...counts.entries()].map(([label, count]) => ({ label, count })).sort((a, b) => a.label.localeCompare(b.label));
    },

    // ------------------------------------------------------------ shop writes

    async createShop(actor: CustomerActor, input: ShopAddRequest): Promise<{ shopId: string }> {
      const scope = await accessOf(db, actor).scope();
      if (!scope.canManageOrg(input.orgId)) throw notFound();
      const repo = orgAdminRepo(tenantScope(db, actor.customerId));
      const values = newShopValues(input, await customerCurrency(repo));
      checkRules(values);
      if (await repo.shopWithNumber(values.number)) throw refused('errors.shopNumberTaken');
      return { shopId: await insertShop(actor.customerId, values, actor.userId) };
    },

    /**
     * Changes what the request carries. Status follows spec section 4: open <-> temporarily
     * closed, either -> closed with `confirmClose`; closed is final. Closing stamps the time and
     * switches off analytics, monitoring, inspections and live video. One log row per change.
     */
    async updateShop(actor: CustomerActor, input: ShopUpdateRequest): Promise<ShopRow> {
      const scope = await accessOf(db, actor).scope();
      const repo = orgAdminRepo(tenantScope(db, actor.customerId));
      const shop = scope.canSeeShop(input.shopId) ? await repo.findShop(input.shopId) : undefined;
      if (!shop) throw notFound();
      if (input.orgId !== undefined && input.orgId !== shop.org_id && !scope.canManageOrg(input.orgId)) throw notFound();

      const before = valuesOf(shop);
      const { shopId: _shopId, confirmClose, ...fields } = input;
      // Left out: unchanged. An emptied text field is stored as no value.
      const given = Object.fromEntries(
        Object.entries(fields)
          .filter(([, value]) => value !== undefined)
          .map(([field, value]) => [field, value === '' ? null : value]),
      ) as Partial<ShopValues>;
      let after: ShopValues = { ...before, ...given, status: before.status };
      if (given.labels) after.labels = [...new Set(given.labels)];

      const target = given.status ?? before.status;
      if (target !== before.status) {
        if (before.status === 'closed') throw refused('errors.shopClosedFinal');
        if (target === 'closed' && confirmClose !== true) throw refused('errors.confirmCloseRequired', {}, { confirmRequired: true });
      }
      after = target === 'closed' && before.status !== 'closed' ? closed(after, nowIso()) : { ...after, status: target };

      if (!playbackCoversBusinessHours(after.videoPlaybackHours, after.businessHours)) throw badRequest('validation.playbackShorterThanBusiness');
      if ((given.province !== undefined || given.city !== undefined || given.district !== undefined) && regionMismatch(after)) {
        throw badRequest('validation.region');
      }
      if (after.number !== before.number && (await repo.shopWithNumber(after.number))) throw refused('errors.shopNumberTaken');

      const changes = changedColumns(before, after);
      if (Object.keys(changes).length === 0) return toShopRow(shop, scope.orgById);
      const at = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          const scoped = orgAdminRepo(tenantScope(trx, actor.customerId));
          await scoped.updateShop(shop.id, { ...changes, updated_at: at });
          await scoped.insertLogs([logRow(shop.id, actor.userId, after.status !== before.status ? 'status' : 'update', before, after, at)]);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('errors.shopNumberTaken');
        throw error;
      }
      const updated = await repo.findShop(shop.id);
      if (!updated) throw notFound();
      return toShopRow(updated, scope.orgById);
    },

    async shopLogs(actor: CustomerActor, input: PageRequest & { shopId: string }) {
      const scope = await accessOf(db, actor).scope();
      const repo = orgAdminRepo(tenantScope(db, actor.customerId));
      if (!scope.canSeeShop(input.shopId) || !(await repo.findShop(input.shopId))) throw notFound();
      const [total, rows] = await Promise.all([repo.countLogs(input.shopId), repo.pageLogs(input.shopId, (input.page - 1) * input.pageSize, input.pageSize)]);
      return page(
        input,
        total,
        rows.map((row) => ({
          id: row.id,
          shopId: row.shop_id,
          action: row.action,
          userId: row.user_id,
          userName: row.surname !== null && row.given_name !== null ? `${row.surname} ${row.given_name}`.trim() : null,
          createdAt: row.created_at,
          changes: logChangesSchema.parse(JSON.parse(row.changes)),
        })),
      );
    },
  };
}
export type OrgAdminService = ReturnType<typeof createOrgAdminService>;
