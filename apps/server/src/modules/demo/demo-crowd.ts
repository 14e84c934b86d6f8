import crypto from 'node:crypto';
import type { DeviceEvent } from '@storelens/contracts';
import sharp from 'sharp';
import type { PlannedVisit, TimedEvent } from './simulator.ts';
import { hash, pick, rng } from './simulator-random.ts';

/**
 * The demo's phones and groups (issue 17), derived from the visits the simulator plans, so the
 * same people come back with the same identifier and the batches add up to the visits:
 * - Wi-Fi: six in ten customers carry a phone the box sees; three in ten of those rotate their
 *   address (randomised: a new identifier every visit). The box sends the keyed hash of the address
 *   (HMAC-SHA256 with the demo customer's key, which only the boxes hold), never the address.
 *   Passers-by are seen too: some neighbours pass every day, most only once.
 * - Batches: the day's customers, in arrival order, walk in as singles, pairs, families or groups;
 *   staff greet six batches in ten after a minute or two.
 */
export interface SimWifi {
  /** The customer's pseudonymisation key, as set on its boxes. */
  key: string;
  fromDate?: string;
}
export interface SimBatches {
  /** Batches from this local date on carry a screenshot now and then (keeps the seed's storage small). */
  screenshotsFrom?: string;
  /** A base64 JPEG the demo boxes attach (a synthetic camera still). */
  screenshot?: string;
}

const PHONE_SHARE = 0.6;
const RANDOMISED_SHARE = 0.3;
const NEIGHBOURS = 40;
const MAX_PASSERS_PER_DAY = 150;

/** The address a demo phone would have: six bytes from the person, with the locally administered bit for randomised ones. */
function macOf(person: string): string {
  const bytes = crypto.createHash('sha256').update(`mac|${person}`).digest().subarray(0, 6);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}
/** What the box sends: the keyed hash of the address. */
export const pseudonymOf = (key: string, mac: string) => crypto.createHmac('sha256', key).update(mac).digest('hex');

export function wifiEventsOf(shopNumber: string, wifi: SimWifi, visits: readonly PlannedVisit[], passersBy: number, date: string, seed: number): TimedEvent[] {
  if (wifi.fromDate && date < wifi.fromDate) return [];
  const random = rng(hash(`${seed}|${shopNumber}|${date}|wifi`));
  const events: TimedEvent[] = [];
  const sighting = (id: string, from: number, to: number, presence: 'inStore' | 'passerby', randomized: boolean): TimedEvent => ({
    sendAt: to,
    event: { type: 'wifi', wifiId: id, firstSeenAt: new Date(from).toISOString(), lastSeenAt: new Date(to).toISOString(), presence, randomized },
  });
  visits.forEach((visit, index) => {
    if (visit.isStaff) return;
    const person = `${shopNumber}|${visit.visitorId}`;
    if (hash(`${seed}|phone|${person}`) / 4_294_967_296 >= PHONE_SHARE) return;
    const randomized = hash(`${seed}|rotates|${person}`) / 4_294_967_296 < RANDOMISED_SHARE;
    const mac = randomized ? macOf(`${person}|${date}|${index}`) : macOf(person);
    events.push(sighting(pseudonymOf(wifi.key, mac), visit.enteredMs - 60_000, visit.exitedMs + 60_000, 'inStore', randomized));
  });
  const passers = Math.min(MAX_PASSERS_PER_DAY, Math.round(passersBy * PHONE_SHARE));
  const base = visits[0]?.enteredMs ?? 0;
  const span = Math.max(60_000, (visits.at(-1)?.exitedMs ?? base) - base);
  for (let k = 0; k < passers; k += 1) {
    const at = base + Math.floor(random() * span);
    const neighbour = random() < 0.3;
    const person = neighbour ? `${shopNumber}|neighbour|${Math.floor(random() * NEIGHBOURS)}` : `${shopNumber}|passer|${date}|${k}`;
    const randomized = random() < RANDOMISED_SHARE;
    events.push(
      sighting(pseudonymOf(wifi.key, macOf(randomized ? `${person}|${k}` : person)), at, at + Math.floor(10_000 + random() * 50_000), 'passerby', randomized),
    );
  }
  return events;
}

const GROUP_SIZES: [number, number][] = [
  [1, 0.52],
  [2, 0.26],
  [3, 0.09],
  [4, 0.07],
  [5, 0.03],
  [8, 0.03],
];

export function batchEventsOf(shopNumber: string, batches: SimBatches, visits: readonly PlannedVisit[], date: string, seed: number): TimedEvent[] {
  const random = rng(hash(`${seed}|${shopNumber}|${date}|batches`));
  const customers = visits.filter((visit) => !visit.isStaff).sort((a, b) => a.enteredMs - b.enteredMs);
  const events: TimedEvent[] = [];
  let index = 0;
  let n = 0;
  while (index < customers.length) {
    const size = Math.min(pick(random, GROUP_SIZES), customers.length - index);
    const members = customers.slice(index, index + size);
    index += size;
    n += 1;
    const enteredMs = Math.min(...members.map((member) => member.enteredMs));
    const exitedMs = Math.max(...members.map((member) => member.exitedMs));
    const returning = members.some((member) => !member.visitorId.startsWith(`${shopNumber}-${date}-`));
    const received = random() < 0.6;
    const receptionStart = enteredMs + Math.floor((0.5 + random() * 2.5) * 60_000);
    const receptionSeconds = Math.max(20, Math.min(Math.floor((exitedMs - receptionStart) / 1000), Math.floor(60 + random() * 420)));
    const withShot = batches.screenshot && batches.screenshotsFrom && date >= batches.screenshotsFrom && n % 5 === 1;
    const event: DeviceEvent = {
      type: 'visitorBatch',
      batchId: `${shopNumber}-${date}-${n}`,
      batchType: size === 1 ? 'single' : size === 2 ? 'pair' : size <= 5 ? 'family' : 'group',
      count: size,
      enteredAt: new Date(enteredMs).toISOString(),
      exitedAt: new Date(exitedMs).toISOString(),
      visitorType: returning ? 'returning' : 'new',
      cameraId: members[0]?.cameraId || undefined,
      ...(received && receptionStart < exitedMs ? { receptionStartedAt: new Date(receptionStart).toISOString(), receptionSeconds } : {}),
      screenshots: withShot ? [{ at: new Date(enteredMs + 2000).toISOString(), image: batches.screenshot ?? '' }] : [],
    };
    events.push({ sendAt: exitedMs, event });
  }
  return events;
}

/** A synthetic still of an entrance (a floor, a door, three figures), made once per process. */
let still: Promise<string> | null = null;
export function demoScreenshot(): Promise<string> {
  still ??= sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#d9d4c7"/><rect x="110" y="20" width="100" height="150" fill="#7a8b99"/>` +
        `<circle cx="130" cy="95" r="10" fill="#33424f"/><rect x="121" y="106" width="18" height="44" fill="#33424f"/>` +
        `<circle cx="165" cy="90" r="11" fill="#5b3a4a"/><rect x="155" y="102" width="20" height="48" fill="#5b3a4a"/>` +
        `<circle cx="195" cy="110" r="7" fill="#2f5b3a"/><rect x="189" y="118" width="12" height="30" fill="#2f5b3a"/></svg>`,
    ),
  )
    .jpeg({ quality: 70 })
    .toBuffer()
    .then((buffer) => buffer.toString('base64'));
  return still;
}
