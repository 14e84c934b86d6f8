import dns from 'node:dns';
import net from 'node:net';
import type { MessageKey } from '@storelens/contracts';

/**
 * Where a webhook may be sent (docs/decisions/webhooks.md). A webhook is a request our server makes
 * to an address a customer typed: without these checks it would reach the server's own network
 * (databases, the cloud metadata service at 169.254.169.254, admin ports on loopback), which is
 * server-side request forgery. So, unless private targets are allowed (development and test modes,
 * or WEBHOOK_ALLOW_PRIVATE_TARGETS=true for an on-premises receiver):
 * - every address the host name resolves to must be public (not loopback, private, link-local,
 *   carrier-grade NAT, multicast, reserved or documentation ranges, in IPv4 or IPv6, mapped or not);
 * - the check is made when the endpoint is saved and again at each attempt, on the very addresses
 *   the connection then uses (a DNS answer that changes in between cannot slip through);
 * - redirects are not followed (a 3xx answer is a failed attempt).
 * Public addresses need https; plain http is accepted only for private targets where they are allowed.
 */

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour?.[1] && sixToFour[2]) {
    const high = Number.parseInt(sixToFour[1], 16);
    const low = Number.parseInt(sixToFour[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** Whether an address is not on the public internet. Anything that is not an IP address counts as private. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner) return isPrivateAddress(inner);
  return BLOCKED.check(address, 'ipv6');
}

export type TargetRefusal = Extract<MessageKey, `webhooks.${string}`>;

export class TargetRefused extends Error {
  constructor(readonly refusal: TargetRefusal) {
    super(refusal);
    this.name = 'TargetRefused';
  }
}

export interface ParsedTarget {
  url: URL;
  /** The host without IPv6 brackets. */
  host: string;
  secure: boolean;
}

/** The URL's form: http(s), no user name or password, a host. */
export function parseTarget(raw: string): ParsedTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('webhooks.urlInvalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetRefused('webhooks.urlInvalid');
  if (url.username || url.password) throw new TargetRefused('webhooks.urlCredentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new TargetRefused('webhooks.urlInvalid');
  return { url, host, secure: url.protocol === 'https:' };
}

/** Whether addresses may be used for this target: private ones only where allowed, and plain http only to private ones. */
export function checkAddresses(addresses: readonly string[], target: ParsedTarget, allowPrivate: boolean): void {
  if (addresses.length === 0) throw new TargetRefused('webhooks.targetUnresolved');
  const anyPrivate = addresses.some(isPrivateAddress);
  if (anyPrivate && !allowPrivate) throw new TargetRefused('webhooks.targetRefused');
  if (!target.secure && !addresses.every(isPrivateAddress)) throw new TargetRefused('webhooks.httpsRequired');
}

export async function resolveHost(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  try {
    return (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    throw new TargetRefused('webhooks.targetUnresolved');
  }
}

/** The whole check of an address a person saves: its form, then the addresses it resolves to now. */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<ParsedTarget> {
  const target = parseTarget(raw);
  checkAddresses(await resolveHost(target.host), target, allowPrivate);
  return target;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that checks what it resolved before the socket connects, so the
 * connection goes to exactly the addresses that passed (no second, different DNS answer).
 */
export function checkedLookup(target: ParsedTarget, allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { all: true, verbatim: true, ...(options.family ? { family: options.family } : {}) }, (error, entries) => {
      if (error) return callback(error, []);
      try {
        checkAddresses(
          entries.map((entry) => entry.address),
          target,
          allowPrivate,
        );
      } catch (refusal) {
        return callback(Object.assign(refusal as Error, { code: 'ETARGETREFUSED' }), []);
      }
      if (options.all) return callback(null, entries);
      const first = entries[0];
      if (!first) return callback(Object.assign(new TargetRefused('webhooks.targetUnresolved'), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
