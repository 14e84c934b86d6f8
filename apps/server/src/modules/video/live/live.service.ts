import crypto from 'node:crypto';
import { LIVE, type LiveTicket } from '@storelens/contracts';
import { accessOf } from '../../../platform/authz/access.ts';
import type { DB } from '../../../platform/db/database.ts';
import type { CustomerActor } from '../../../platform/http/context.ts';
import { refused } from '../../../platform/http/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../../platform/time/clock.ts';
import { videoRepo } from '../video.repo.ts';
import { liveRepo } from './live.repo.ts';

/** A ticket's promise: this camera, from this address, for the person who asked. */
export interface LiveGrant {
  customerId: string;
  userId: string;
  cameraId: string;
  url: string;
}

/**
 * The live view's access: a camera the caller sees (the access module), of a store that is not
 * closed, enabled, with a stream source; the answer is a single-use ticket for the WebSocket. Each
 * live view is written to the camera live log.
 */
export function createLiveService(deps: { db: DB }) {
  const tickets = new Map<string, LiveGrant & { expiresMs: number }>();

  const sweep = (nowMs: number) => {
    for (const [key, ticket] of tickets) if (ticket.expiresMs <= nowMs) tickets.delete(key);
  };

  return {
    async ticket(actor: CustomerActor, input: { cameraId: string }): Promise<LiveTicket> {
      await accessOf(deps.db, actor).cameras([input.cameraId]);
      const camera = await liveRepo(tenantScope(deps.db, actor.customerId)).camera(input.cameraId);
      // Closing a store turns its live video off (spec section 4).
      if (!camera || camera.shop_status === 'closed') throw refused('errors.liveVideoDisabled');
      if (!camera.enabled || camera.kind !== 'stream' || !camera.url) throw refused('errors.cameraOffline');
      const nowMs = now().getTime();
      sweep(nowMs);
      const key = crypto.randomBytes(32).toString('hex');
      const expiresMs = nowMs + LIVE.ticketTtlMs;
      tickets.set(key, { customerId: actor.customerId, userId: actor.userId, cameraId: input.cameraId, url: camera.url, expiresMs });
      await videoRepo(tenantScope(deps.db, actor.customerId)).logWatch({
        id: newId(),
        user_id: actor.userId,
        camera_id: input.cameraId,
        kind: 'live',
        from_ms: null,
        to_ms: null,
        at: nowIso(),
      });
      return { cameraId: input.cameraId, url: `/api/live/stream?ticket=${key}`, expiresAt: new Date(expiresMs).toISOString() };
    },

    /** Takes a ticket (once): the grant, or null when it is unknown, used or expired. */
    redeem(key: string): LiveGrant | null {
      const ticket = tickets.get(key);
      tickets.delete(key);
      if (!ticket || ticket.expiresMs <= now().getTime()) return null;
      return { customerId: ticket.customerId, userId: ticket.userId, cameraId: ticket.cameraId, url: ticket.url };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
