import {
  type Catalogue,
  EXTENSION_PERMISSIONS,
  EXTENSION_SERVICES,
  type ExtensionServiceId,
  type HygieneServiceStatus,
  type HygieneStoreStatus,
  type ServiceDetail,
  type ServiceStatus,
  type TemperatureServiceStatus,
  type TemperatureStoreStatus,
} from '@storelens/contracts';
import { hasPermission } from '../../platform/authz/guard.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { HygieneService } from '../hygiene/hygiene.service.ts';
import type { TemperatureService } from '../temperature/temperature.service.ts';
import type { WarehouseService } from '../warehouse/warehouse.service.ts';

const sum = <T>(rows: readonly T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);

function temperatureStatus(stores: readonly TemperatureStoreStatus[]): TemperatureServiceStatus {
  const sensors = sum(stores, (store) => store.sensors);
  return {
    service: 'temperature',
    setUp: sensors > 0,
    stores: stores.length,
    sensors,
    online: sum(stores, (store) => store.online),
    offline: sum(stores, (store) => store.offline),
    openAlerts: sum(stores, (store) => store.openAlerts),
  };
}

function hygieneStatus(stores: readonly HygieneStoreStatus[]): HygieneServiceStatus {
  return {
    service: 'hygieneLog',
    setUp: stores.length > 0,
    stores: stores.length,
    employees: sum(stores, (store) => store.employees),
    expiredCertificates: sum(stores, (store) => store.expired),
    missingCertificates: sum(stores, (store) => store.missing),
    expiringCertificates: sum(stores, (store) => store.expiring),
    overdueStores: stores.filter((store) => store.overdue).length,
  };
}

/**
 * The service catalogue (issue 16 section 4): the extension services enabled for the caller (their
 * permission group shown), each with its status from the services' own summaries, which keep to
 * the caller's data scope. It reads through their public service functions, never their tables
 * (warehouse patrol's status included: its plans, checks awaiting a result, checks missed).
 */
export function createExtensionsService(deps: {
  temperature: TemperatureService;
  hygiene: HygieneService;
  warehouse: Pick<WarehouseService, 'serviceStatus'>;
}) {
  const { temperature, hygiene, warehouse } = deps;
  const enabled = (actor: CustomerActor) => EXTENSION_SERVICES.filter((service) => hasPermission(actor, EXTENSION_PERMISSIONS[service]));

  async function detailOf(actor: CustomerActor, service: ExtensionServiceId): Promise<ServiceDetail> {
    switch (service) {
      case 'temperature': {
        const stores = await temperature.storeSummary(actor);
        return { status: temperatureStatus(stores), temperatureStores: stores, hygieneStores: [] };
      }
      case 'hygieneLog': {
        const stores = await hygiene.storeSummary(actor);
        return { status: hygieneStatus(stores), temperatureStores: [], hygieneStores: stores };
      }
      case 'warehousePatrol':
        return { status: await warehouse.serviceStatus(actor), temperatureStores: [], hygieneStores: [] };
    }
  }

  return {
    async catalogue(actor: CustomerActor): Promise<Catalogue> {
      const details = await Promise.all(enabled(actor).map((service) => detailOf(actor, service)));
      return details.map((detail): ServiceStatus => detail.status);
    },

    /** A service not enabled for the caller answers not found, like an unknown one. */
    async serviceDetail(actor: CustomerActor, service: ExtensionServiceId): Promise<ServiceDetail> {
      if (!enabled(actor).includes(service)) throw notFound();
      return detailOf(actor, service);
    },
  };
}
export type ExtensionsService = ReturnType<typeof createExtensionsService>;
