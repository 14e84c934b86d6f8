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

/** What a ticket carries, signed: who, which camera, until when; the nonce makes it single-use. */
interface TicketClaims {
  customerId: string;
  userId: string;
  cameraId: string;
  expiresMs: number;
  nonce: string;
}

const encode = (claims: TicketClaims) => Buffer.from(JSON.stringify(claims)).toString('base64url');
const sign = (secret: Buffer, body: string) => crypto.createHmac('sha256', secret).update(body).digest('base64url');

/** The claims of a well-signed ticket, or null. */
function verify(secret: Buffer, ticket: string): TicketClaims | null {
  const [body, signature, extra] = ticket.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TicketClaims>;
    if (typeof claims.customerId !== 'string' || typeof claims.userId !== 'string' || typeof claims.cameraId !== 'string') return null;
    if (typeof claims.expiresMs !== 'number' || typeof claims.nonce !== 'string') return null;
    return claims as TicketClaims;
  } catch {
    return null;
  }
}

/**
 * The live view's access: a camera the caller sees (the access module), of a store that is not
 * closed, enabled, with a stream source; the answer is a single-use ticket for the WebSocket. Each
 * live view is written to the camera live log.
 *
 * A ticket is signed (HMAC-SHA256), not stored: any process that knows the secret redeems it, so
 * the live view works behind several web processes (LIVE_TICKET_SECRET). It names no address: the
 * camera's source (which may hold credentials) is read again when it is redeemed, so a store
 * closed or a camera disabled in between is refused then too. Single use is kept by the process
 * that redeems it (nonces until they expire); a ticket lives 30 seconds.
 */
export function createLiveService(deps: { db: DB; ticketSecret?: string | null }) {
  const secret = deps.ticketSecret ? Buffer.from(deps.ticketSecret) : crypto.randomBytes(32);
  const redeemed = new Map<string, number>();

  const sweep = (nowMs: number) => {
    for (const [nonce, expiresMs] of redeemed) if (expiresMs <= nowMs) redeemed.delete(nonce);
  };

  /** Whether the camera may stream now, and from where. */
  async function streamOf(customerId: string, cameraId: string): Promise<{ url: string } | { refusal: 'errors.liveVideoDisabled' | 'errors.cameraOffline' }> {
    const camera = await liveRepo(tenantScope(deps.db, customerId)).camera(cameraId);
    // Closing a store turns its live video off (spec section 4).
    if (!camera || camera.shop_status === 'closed') return { refusal: 'errors.liveVideoDisabled' };
    if (!camera.enabled || camera.kind !== 'stream' || !camera.url) return { refusal: 'errors.cameraOffline' };
    return { url: camera.url };
  }

  return {
    async ticket(actor: CustomerActor, input: { cameraId: string }): Promise<LiveTicket> {
      await accessOf(deps.db, actor).cameras([input.cameraId]);
      const stream = await streamOf(actor.customerId, input.cameraId);
      if ('refusal' in stream) throw refused(stream.refusal);
      const expiresMs = now().getTime() + LIVE.ticketTtlMs;
      const body = encode({
        customerId: actor.customerId,
        userId: actor.userId,
        cameraId: input.cameraId,
        expiresMs,
        nonce: crypto.randomBytes(16).toString('hex'),
      });
      const key = `${body}.${sign(secret, body)}`;
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

    /** Takes a ticket (once): the grant, or null when it is forged, used, expired, or its camera may no longer stream. */
    async redeem(key: string): Promise<LiveGrant | null> {
      const claims = verify(secret, key);
      const nowMs = now().getTime();
      if (!claims || claims.expiresMs <= nowMs) return null;
      sweep(nowMs);
      if (redeemed.has(claims.nonce)) return null;
      redeemed.set(claims.nonce, claims.expiresMs);
      const stream = await streamOf(claims.customerId, claims.cameraId);
      if ('refusal' in stream) return null;
      return { customerId: claims.customerId, userId: claims.userId, cameraId: claims.cameraId, url: stream.url };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
