import type { DB } from '../../platform/db/database.ts';
import { AppError, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { orgAdminRepo } from './org-admin.repo.ts';

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
  staffCount?: number;
  businessHours?: string;
  labels?: string[];
}

/**
 * Writes to the organisation tree and shops. The administration screens (issue 3) build on these;
 * the demo seed uses them too, so demo data takes the same path as real data.
 */
export function createOrgAdminService(deps: { db: DB }) {
  const { db } = deps;
  return {
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

    async addShop(customerId: string, input: NewShop): Promise<string> {
      const repo = orgAdminRepo(tenantScope(db, customerId));
      if (!(await repo.findOrg(input.orgId))) throw new AppError('notFound', 'errors.notFound');
      if (await repo.shopNumberTaken(input.number)) throw refused('errors.nameOverlap');
      const id = newId();
      const at = nowIso();
      const hours = input.businessHours ?? '10:00-22:00';
      await repo.insertShop({
        id,
        org_id: input.orgId,
        name: input.name,
        number: input.number,
        province: input.province ?? null,
        city: input.city ?? null,
        district: input.district ?? null,
        address: input.address ?? null,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        status: 'open',
        closed_at: null,
        shop_type: input.shopType ?? 'direct',
        floor_area: input.floorArea ?? null,
        staff_count: input.staffCount ?? null,
        business_hours: hours,
        video_playback_hours: hours,
        traffic_display_hours: hours,
        visit_interval_minutes: 30,
        time_zone: input.timeZone,
        indoor_positioning: 0,
        positioning_engine: null,
        campus: null,
        building: null,
        labels: JSON.stringify(input.labels ?? []),
        created_at: at,
        updated_at: at,
      });
      return id;
    },
  };
}
export type OrgAdminService = ReturnType<typeof createOrgAdminService>;
