import type { DB } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import { newId, randomToken, sha256 } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { devicesRepo } from './devices.repo.ts';

/** Boxes and cameras. A box's device token is shown once, at registration; only its hash is kept. */
export function createDevicesService(deps: { db: DB }) {
  const { db } = deps;
  return {
    async registerBox(customerId: string, input: { shopId: string; mac: string; name: string }): Promise<{ boxId: string; token: string }> {
      const repo = devicesRepo(tenantScope(db, customerId));
      if (!(await repo.shopExists(input.shopId))) throw new AppError('notFound', 'errors.notFound');
      const boxId = newId();
      const token = `dev_${randomToken()}`;
      await repo.insertBox({
        id: boxId,
        shop_id: input.shopId,
        mac: input.mac,
        name: input.name,
        token_hash: sha256(token),
        activated: 1,
        last_report_at: null,
        created_at: nowIso(),
      });
      return { boxId, token };
    },
    async addCamera(customerId: string, input: { shopId: string; boxId: string; name: string; number: string; deploymentArea?: string }): Promise<string> {
      const id = newId();
      await devicesRepo(tenantScope(db, customerId)).insertCamera({
        id,
        shop_id: input.shopId,
        box_id: input.boxId,
        name: input.name,
        number: input.number,
        deployment_area: input.deploymentArea ?? null,
        enabled: 1,
        last_report_at: null,
        created_at: nowIso(),
      });
      return id;
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
