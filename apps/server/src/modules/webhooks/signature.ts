import crypto from 'node:crypto';
import { WEBHOOKS } from '@storelens/contracts';
import { randomToken } from '../../platform/ids.ts';

/** A new signing secret: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomToken(32)}`;
}

/** HMAC-SHA256 of `<timestamp>.<body>` with the secret, in hex. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The signature header: `t=<unix seconds>,v1=<hex>` with one v1 per secret that signs (two during a rotation). */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signWebhook(secret, timestamp, body)}`)].join(',');
}

/**
 * What a receiver does (docs/API.md gives the same code): the timestamp within the tolerance, and
 * one of the v1 signatures equal, in constant time, to its own over the raw body.
 */
export function verifyWebhookSignature(
  header: string,
  body: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds: number = WEBHOOKS.toleranceSeconds,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => crypto.timingSafeEqual(Buffer.from(value as string, 'hex'), expected));
}
