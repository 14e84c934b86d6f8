import { AREA_ANALYSIS, isLocale, type Occupancy, Perm, translateMessage } from '@storelens/contracts';
import { accessOf, customerReach } from '../../../platform/authz/access.ts';
import { effectivePrivileges } from '../../../platform/authz/actor.ts';
import type { DB } from '../../../platform/db/database.ts';
import type { CustomerActor } from '../../../platform/http/context.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { now } from '../../../platform/time/clock.ts';
import type { MessagesService, NewMessage } from '../../messages/messages.service.ts';
import { analysisRepo } from '../analysis/analysis.repo.ts';
import type { FloorplanService } from '../floorplan.service.ts';
import { containsPoint } from '../geometry/polygon.ts';
import { planPointsOf } from './track-points.ts';
import { allCustomerIds } from './tracks.repo.ts';

/**
 * Live occupancy (issue 13, beyond the spec): the people in a store now are the tracks of its
 * cameras that ended within the last two minutes (boxes send a track when it ends, and a person
 * walking about makes a new one every few metres), one per visitor where the box links them; a
 * zone's are those whose last point lies in it. A store threshold (set here) or a zone's own
 * (the region's occupancy threshold) raises a message in the message center when it is crossed
 * upwards, once until the count falls back below it.
 */
export function createOccupancy(deps: { db: DB; floorplan: FloorplanService; messages: MessagesService }) {
  const { db, floorplan, messages } = deps;

  async function measure(customerId: string, shopId: string): Promise<Occupancy> {
    const at = now();
    const repo = analysisRepo(tenantScope(db, customerId));
    const since = new Date(at.getTime() - AREA_ANALYSIS.occupancyWindowSeconds * 1000).toISOString();
    const [tracks, settings, plans] = await Promise.all([
      repo.recentTracks(shopId, since),
      repo.occupancyRows(shopId),
      floorplan.shopPlans(customerId, shopId),
    ]);
    const people = new Set(tracks.map((track) => track.visitor_id ?? track.id)).size;
    const zones: Occupancy['zones'] = [];
    for (const plan of plans) {
      const lastPoints = tracks.flatMap((track) => {
        const last = track.plan_id === plan.id ? planPointsOf(track.points, 0).at(-1) : undefined;
        return last ? [{ who: track.visitor_id ?? track.id, point: { x: last.x, y: last.y } }] : [];
      });
      for (const zone of await floorplan.planElements(customerId, plan.id)) {
        if ((zone.kind !== 'region' && zone.kind !== 'halt') || !zone.enabled) continue;
        const inside = new Set(lastPoints.filter((entry) => containsPoint(zone.points, entry.point)).map((entry) => entry.who));
        zones.push({
          elementId: zone.elementId,
          planId: plan.id,
          kind: zone.kind,
          name: zone.name,
          people: inside.size,
          threshold: zone.occupancyThreshold,
          points: zone.points,
        });
      }
    }
    const store = settings.find((row) => row.zone_id === '');
    return { shopId, at: at.toISOString(), people, threshold: store?.threshold ?? null, zones };
  }

  /** Posts the crossing of a threshold to everyone who reads messages and sees the shop. */
  async function announce(customerId: string, shopId: string, place: string, people: number, threshold: number, refId: string): Promise<void> {
    const repo = analysisRepo(tenantScope(db, customerId));
    const [audience, reach] = await Promise.all([repo.messageAudience(), customerReach(db, customerId)]);
    const posts: NewMessage[] = audience
      .filter((member) => effectivePrivileges({ id: member.role_id, privileges: member.privileges }).message_nav === Perm.shown && reach.covers(member, shopId))
      .map((member) => {
        const locale = isLocale(member.locale) ? member.locale : 'en';
        const params = { place, people, threshold };
        return {
          userId: member.user_id,
          kind: 1,
          title: translateMessage(locale, 'area.occupancyTitle', params),
          body: translateMessage(locale, 'area.occupancyBody', params),
          source: 'occupancy',
          refId,
        };
      });
    if (posts.length > 0) await messages.post(customerId, posts);
  }

  return {
    async occupancy(actor: CustomerActor, shopId: string): Promise<Occupancy> {
      await accessOf(db, actor).requireShop(shopId);
      return measure(actor.customerId, shopId);
    },

    async setThreshold(actor: CustomerActor, shopId: string, threshold: number | null): Promise<null> {
      await accessOf(db, actor).requireShop(shopId);
      await analysisRepo(tenantScope(db, actor.customerId)).setThreshold(shopId, threshold);
      return null;
    },

    /** Every shop with tracks in the window: measured, and each threshold crossed upwards announced once. */
    async check(): Promise<number> {
      let announced = 0;
      const since = new Date(now().getTime() - AREA_ANALYSIS.occupancyWindowSeconds * 1000).toISOString();
      for (const customerId of await allCustomerIds(db)) {
        const repo = analysisRepo(tenantScope(db, customerId));
        for (const shopId of new Set([...(await repo.activeShops(since)), ...(await repo.shopsAbove())])) {
          const state = await measure(customerId, shopId);
          const places = [
            { zoneId: '', name: await repo.shopName(shopId), people: state.people, threshold: state.threshold },
            ...state.zones.map((zone) => ({ zoneId: zone.elementId, name: zone.name, people: zone.people, threshold: zone.threshold })),
          ];
          for (const place of places) {
            const above = place.threshold !== null && place.people > place.threshold;
            const wasAbove = await repo.recordCheck(shopId, place.zoneId, place.people, above, state.at);
            if (above && !wasAbove && place.threshold !== null) {
              await announce(customerId, shopId, place.name, place.people, place.threshold, place.zoneId || shopId);
              announced += 1;
            }
          }
        }
      }
      return announced;
    },
  };
}
export type OccupancyService = ReturnType<typeof createOccupancy>;
