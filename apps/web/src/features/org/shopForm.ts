import {
  type CityNode,
  type CurrencyCode,
  messageRef,
  playbackCoversBusinessHours,
  SHOP_LIMITS,
  type ShopRow,
  type ShopStatus,
  type ShopType,
  shopFieldsSchema,
  TIME_RANGE_PATTERN,
} from '@storelens/contracts';
import type { ShopAddInput, ShopUpdateInput } from './api.ts';

/** What the shop form edits; the region is the cascader's path country > province > city > district. */
export interface ShopFormValues {
  number: string;
  name: string;
  orgId: string;
  region: string[];
  address: string;
  latitude: number | null;
  longitude: number | null;
  status: ShopStatus;
  shopType: ShopType;
  floorArea: number | null;
  /** ISO 4217; empty on a new shop: the server takes the currency of the shop's country. */
  currency: string;
  staffCount: number | null;
  businessHours: string;
  videoPlaybackHours: string;
  trafficDisplayHours: string;
  visitInterval: number | null;
  timeZone: string;
  indoorPositioning: boolean;
  positioningEngine: string;
  campus: string;
  building: string;
  labels: string[];
}

export const DEFAULT_OPENING_HOURS = '10:00-22:00';
export const DEFAULT_VISIT_INTERVAL = 30;

/** The per-field schemas of contracts: on blur the form shows what the server would answer. */
export const SHOP_FIELD_SCHEMAS = shopFieldsSchema.shape;
export { SHOP_LIMITS };

/**
 * Spec section 5: the video playback range must not be shorter than business hours. Undecidable
 * while either is missing or malformed (their own rules report that), so it passes then.
 */
export function playbackError(playback: string | undefined, businessHours: string | undefined): string | null {
  if (!playback || !businessHours || !TIME_RANGE_PATTERN.test(playback) || !TIME_RANGE_PATTERN.test(businessHours)) return null;
  return playbackCoversBusinessHours(playback, businessHours) ? null : messageRef('validation.playbackShorterThanBusiness');
}

/** The cascader path of a shop's province / city / district codes (the country is found from the tree). */
export function regionPath(tree: readonly CityNode[], province: string | null, city: string | null, district: string | null): string[] {
  if (!province) return [];
  const country = tree.find((node) => node.children?.some((child) => child.code === province));
  if (!country) return [];
  return [country.code, province, ...(city ? [city] : []), ...(city && district ? [district] : [])];
}

export function emptyShopForm(orgId: string, timeZone: string): ShopFormValues {
  return {
    number: '',
    name: '',
    orgId,
    region: [],
    address: '',
    latitude: null,
    longitude: null,
    status: 'open',
    shopType: 'direct',
    floorArea: null,
    currency: '',
    staffCount: null,
    businessHours: DEFAULT_OPENING_HOURS,
    videoPlaybackHours: DEFAULT_OPENING_HOURS,
    trafficDisplayHours: DEFAULT_OPENING_HOURS,
    visitInterval: DEFAULT_VISIT_INTERVAL,
    timeZone,
    indoorPositioning: false,
    positioningEngine: '',
    campus: '',
    building: '',
    labels: [],
  };
}

export function shopFormOf(shop: ShopRow, cityTree: readonly CityNode[]): ShopFormValues {
  return {
    number: shop.number,
    name: shop.name,
    orgId: shop.orgId,
    region: regionPath(cityTree, shop.province, shop.city, shop.district),
    address: shop.address ?? '',
    latitude: shop.latitude,
    longitude: shop.longitude,
    status: shop.status,
    shopType: shop.shopType,
    floorArea: shop.floorArea,
    currency: shop.currency,
    staffCount: shop.staffCount,
    businessHours: shop.businessHours,
    videoPlaybackHours: shop.videoPlaybackHours,
    trafficDisplayHours: shop.trafficDisplayHours,
    visitInterval: shop.visitInterval,
    timeZone: shop.timeZone,
    indoorPositioning: shop.indoorPositioning,
    positioningEngine: shop.positioningEngine ?? '',
    campus: shop.campus ?? '',
    building: shop.building ?? '',
    labels: shop.labels,
  };
}

const textOrNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);
const numberOrNull = (value: number | null | undefined) => (typeof value === 'number' && !Number.isNaN(value) ? value : null);

/** Every field, as shop/add and shop/update take them (the edit form sends them all). */
function fieldsOf(values: ShopFormValues) {
  const [, province, city, district] = values.region;
  return {
    number: values.number.trim(),
    name: values.name.trim(),
    orgId: values.orgId,
    province: province ?? null,
    city: city ?? null,
    district: district ?? null,
    address: textOrNull(values.address),
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    shopType: values.shopType,
    floorArea: numberOrNull(values.floorArea),
    ...(values.currency ? { currency: values.currency as CurrencyCode } : {}),
    staffCount: numberOrNull(values.staffCount),
    businessHours: values.businessHours,
    videoPlaybackHours: values.videoPlaybackHours,
    trafficDisplayHours: values.trafficDisplayHours,
    visitInterval: values.visitInterval ?? Number.NaN,
    timeZone: values.timeZone,
    indoorPositioning: values.indoorPositioning,
    positioningEngine: values.indoorPositioning ? textOrNull(values.positioningEngine) : null,
    campus: textOrNull(values.campus),
    building: textOrNull(values.building),
    labels: values.labels.map((label) => label.trim()).filter(Boolean),
  };
}

export function shopAddRequestOf(values: ShopFormValues): ShopAddInput {
  // A new shop opens or starts temporarily closed; closing is a change of an existing shop.
  return { ...fieldsOf(values), status: values.status === 'temporarily_closed' ? 'temporarily_closed' : 'open' };
}

/**
 * The update of an existing shop. The status is sent only when it changes (a closed shop's never
 * can), and closing carries the confirmation the user gave to the warning.
 */
export function shopUpdateRequestOf(shop: ShopRow, values: ShopFormValues, confirmClose: boolean): ShopUpdateInput {
  const statusChanges = shop.status !== 'closed' && values.status !== shop.status;
  return {
    shopId: shop.shopId,
    ...fieldsOf(values),
    ...(statusChanges ? { status: values.status } : {}),
    ...(statusChanges && values.status === 'closed' ? { confirmClose } : {}),
  };
}

/** Closing is final (spec section 4): the form asks for the warning's confirmation first. */
export function closesShop(shop: ShopRow | null, values: Pick<ShopFormValues, 'status'>): boolean {
  return shop !== null && shop.status !== 'closed' && values.status === 'closed';
}

/** Status choices: a closed shop offers none (it cannot reopen); a new shop cannot start closed. */
export function statusChoices(shop: ShopRow | null): ShopStatus[] {
  if (!shop) return ['open', 'temporarily_closed'];
  if (shop.status === 'closed') return ['closed'];
  return ['open', 'temporarily_closed', 'closed'];
}
