import { z } from 'zod';
import { messageRef } from '../platform/messages.ts';

/**
 * The service catalogue (issue 16 section 4, spec `/extendService`): the extension services the
 * customer has enabled (its permission groups `cueretail_ext_*`), what each covers and its status now,
 * computed from the services' own data within the caller's data scope.
 */
export const EXTENSION_SERVICES = ['temperature', 'warehousePatrol', 'hygieneLog'] as const;
export type ExtensionServiceId = (typeof EXTENSION_SERVICES)[number];

/** The permission group of each service (spec section 6). */
export const EXTENSION_PERMISSIONS = {
  temperature: 'cueretail_ext_temperature',
  warehousePatrol: 'cueretail_ext_patrol_inspect',
  hygieneLog: 'cueretail_ext_hygieniclog',
} as const satisfies Record<ExtensionServiceId, string>;

/** A store's temperature sensors now: online ones read within the offline threshold; open alerts are breaches not ended. */
export const temperatureStoreSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  sensors: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  openAlerts: z.number().int(),
});
export type TemperatureStoreStatus = z.infer<typeof temperatureStoreSchema>;

/**
 * A store's hygiene logs now: staff whose certificates are all expired, staff without any, staff
 * whose valid certificate ends within 30 days; overdue when no disinfection was recorded on its
 * yesterday or today (a day missed entirely).
 */
export const hygieneStoreSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  employees: z.number().int(),
  expired: z.number().int(),
  missing: z.number().int(),
  expiring: z.number().int(),
  lastDisinfection: z.string().nullable(),
  overdue: z.boolean(),
});
export type HygieneStoreStatus = z.infer<typeof hygieneStoreSchema>;

export const temperatureStatusSchema = z.object({
  service: z.literal('temperature'),
  setUp: z.boolean(),
  stores: z.number().int(),
  sensors: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  openAlerts: z.number().int(),
});
export const warehousePatrolStatusSchema = z.object({
  service: z.literal('warehousePatrol'),
  /** False while no warehouse plan (an inspection plan of type 'warehouse', not deleted) covers the caller's stores. */
  setUp: z.boolean(),
  stores: z.number().int(),
  plans: z.number().int(),
  /** Checks whose time has come and that await a result, their window open. */
  awaiting: z.number().int(),
  /** Checks of the last 7 days without a result by their window's end. */
  missed7Days: z.number().int(),
  /** Passed / checks with a result over the last 7 days, percent; null without results. */
  passRate7Days: z.number().nullable(),
});
export const hygieneStatusSchema = z.object({
  service: z.literal('hygieneLog'),
  setUp: z.boolean(),
  stores: z.number().int(),
  employees: z.number().int(),
  expiredCertificates: z.number().int(),
  missingCertificates: z.number().int(),
  expiringCertificates: z.number().int(),
  overdueStores: z.number().int(),
});
export const serviceStatusSchema = z.discriminatedUnion('service', [temperatureStatusSchema, warehousePatrolStatusSchema, hygieneStatusSchema]);
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;
export type TemperatureServiceStatus = z.infer<typeof temperatureStatusSchema>;
export type HygieneServiceStatus = z.infer<typeof hygieneStatusSchema>;
export type WarehousePatrolServiceStatus = z.infer<typeof warehousePatrolStatusSchema>;

export const catalogueSchema = z.array(serviceStatusSchema);
export type Catalogue = z.infer<typeof catalogueSchema>;

export const serviceDetailRequestSchema = z.object({
  service: z.enum(EXTENSION_SERVICES, { error: messageRef('validation.invalidValue', { field: 'service' }) }),
});
export type ServiceDetailRequest = z.infer<typeof serviceDetailRequestSchema>;

/** One service's status and its stores (the temperature and hygiene ones; warehouse patrol's stores are on its analysis page). */
export const serviceDetailSchema = z.object({
  status: serviceStatusSchema,
  temperatureStores: z.array(temperatureStoreSchema),
  hygieneStores: z.array(hygieneStoreSchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;
