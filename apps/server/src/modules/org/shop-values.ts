import { orgColumnsOf, type ShopLogChange, type ShopLogValue, type ShopRow, type ShopStatus, type ShopType } from '@storelens/contracts';
import type { OrgNode } from '../../platform/authz/access.ts';
import { orgPathNames } from '../../platform/authz/org-tree.ts';
import { REGIONS } from './city-tree.ts';
import type { ShopChanges, StoredShop } from './org-admin.repo.ts';

/**
 * A shop in API terms (the names of spec section 3 and the request schemas), used to compare
 * before and after, so the change log speaks the same names as the forms.
 */
export interface ShopValues {
  number: string;
  name: string;
  orgId: string;
  province: string | null;
  city: string | null;
  district: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  status: ShopStatus;
  shopType: ShopType;
  floorArea: number | null;
  currency: string;
  staffCount: number | null;
  businessHours: string;
  videoPlaybackHours: string;
  trafficDisplayHours: string;
  visitInterval: number;
  timeZone: string;
  indoorPositioning: boolean;
  positioningEngine: string | null;
  campus: string | null;
  building: string | null;
  labels: string[];
  closeTime: string | null;
  analytics: boolean;
  monitoring: boolean;
  inspections: boolean;
  liveVideo: boolean;
}

export function valuesOf(shop: StoredShop): ShopValues {
  return {
    number: shop.number,
    name: shop.name,
    orgId: shop.org_id,
    province: shop.province,
    city: shop.city,
    district: shop.district,
    address: shop.address,
    latitude: shop.latitude,
    longitude: shop.longitude,
    status: shop.status,
    shopType: shop.shop_type,
    floorArea: shop.floor_area,
    currency: shop.currency,
    staffCount: shop.staff_count,
    businessHours: shop.business_hours,
    videoPlaybackHours: shop.video_playback_hours,
    trafficDisplayHours: shop.traffic_display_hours,
    visitInterval: shop.visit_interval_minutes,
    timeZone: shop.time_zone,
    indoorPositioning: shop.indoor_positioning === 1,
    positioningEngine: shop.positioning_engine,
    campus: shop.campus,
    building: shop.building,
    labels: JSON.parse(shop.labels) as string[],
    closeTime: shop.closed_at,
    analytics: shop.analytics_enabled === 1,
    monitoring: shop.monitoring_enabled === 1,
    inspections: shop.inspections_enabled === 1,
    liveVideo: shop.live_video_enabled === 1,
  };
}

const bit = (value: boolean) => (value ? 1 : 0);

export function columnsOf(values: ShopValues): Omit<StoredShop, 'id' | 'created_at' | 'updated_at'> {
  return {
    number: values.number,
    name: values.name,
    org_id: values.orgId,
    province: values.province,
    city: values.city,
    district: values.district,
    address: values.address,
    latitude: values.latitude,
    longitude: values.longitude,
    status: values.status,
    closed_at: values.closeTime,
    shop_type: values.shopType,
    floor_area: values.floorArea,
    currency: values.currency,
    staff_count: values.staffCount,
    business_hours: values.businessHours,
    video_playback_hours: values.videoPlaybackHours,
    traffic_display_hours: values.trafficDisplayHours,
    visit_interval_minutes: values.visitInterval,
    time_zone: values.timeZone,
    indoor_positioning: bit(values.indoorPositioning),
    positioning_engine: values.positioningEngine,
    campus: values.campus,
    building: values.building,
    labels: JSON.stringify(values.labels),
    analytics_enabled: bit(values.analytics),
    monitoring_enabled: bit(values.monitoring),
    inspections_enabled: bit(values.inspections),
    live_video_enabled: bit(values.liveVideo),
  };
}

/** Only the columns that changed, for the UPDATE. */
export function changedColumns(before: ShopValues, after: ShopValues): ShopChanges {
  const old = columnsOf(before);
  const next = columnsOf(after);
  const changes: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(next)) {
    if (old[column as keyof typeof old] !== value) changes[column] = value;
  }
  return changes as ShopChanges;
}

/** Field-level changes for the log: { field, old, new } in API names. */
export function diffValues(before: ShopValues | null, after: ShopValues): ShopLogChange[] {
  const changes: ShopLogChange[] = [];
  for (const field of Object.keys(after) as (keyof ShopValues)[]) {
    const next = after[field] as ShopLogValue;
    const old = before ? (before[field] as ShopLogValue) : null;
    if (before === null && (next === null || (Array.isArray(next) && next.length === 0))) continue;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes.push({ field, old, new: next });
  }
  return changes;
}

/** Closing a shop (spec section 4): final, stamped, and the four features switched off. */
export function closed(values: ShopValues, at: string): ShopValues {
  return { ...values, status: 'closed', closeTime: at, analytics: false, monitoring: false, inspections: false, liveVideo: false };
}

export function toShopRow(shop: StoredShop, orgById: Map<string, OrgNode>): ShopRow {
  const values = valuesOf(shop);
  const orgPath = orgPathNames(orgById, shop.org_id);
  return {
    shopId: shop.id,
    number: values.number,
    name: values.name,
    orgId: values.orgId,
    orgName: orgById.get(shop.org_id)?.name ?? '',
    orgPath,
    orgColumns: orgColumnsOf(orgPath),
    status: values.status,
    isClosed: values.status === 'closed',
    closeTime: values.closeTime,
    shopType: values.shopType,
    province: values.province,
    city: values.city,
    district: values.district,
    address: values.address,
    latitude: values.latitude,
    longitude: values.longitude,
    floorArea: values.floorArea,
    currency: values.currency,
    staffCount: values.staffCount,
    businessHours: values.businessHours,
    videoPlaybackHours: values.videoPlaybackHours,
    trafficDisplayHours: values.trafficDisplayHours,
    visitInterval: values.visitInterval,
    timeZone: values.timeZone,
    indoorPositioning: values.indoorPositioning,
    positioningEngine: values.positioningEngine,
    campus: values.campus,
    building: values.building,
    labels: values.labels,
    features: { analytics: values.analytics, monitoring: values.monitoring, inspections: values.inspections, liveVideo: values.liveVideo },
    createdAt: shop.created_at,
    updatedAt: shop.updated_at,
  };
}

/**
 * Province, city and district must be codes of getCityTree that belong together; each level may
 * stay empty from the bottom up. Answers the first field that does not fit, or null.
 */
export function regionMismatch(values: Pick<ShopValues, 'province' | 'city' | 'district'>): 'province' | 'city' | 'district' | null {
  const at = (code: string | null) => (code ? REGIONS.get(code) : undefined);
  if (values.province && at(values.province)?.depth !== 1) return 'province';
  if (values.city && (!values.province || at(values.city)?.depth !== 2 || at(values.city)?.parent !== values.province)) return 'city';
  if (values.district && (!values.city || at(values.district)?.depth !== 3 || at(values.district)?.parent !== values.city)) return 'district';
  return null;
}
