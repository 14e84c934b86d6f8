import type { AgeBand, DeviceEvent, Gender } from '@storelens/contracts';
import { DEVICE_API_LIMITS } from '@storelens/contracts';
import type { DeviceContext } from '../../platform/http/context.ts';
import { addDays, daysBetween, utcOfLocal, weekdayOf } from '../../platform/time/local-time.ts';
import { holidaysByDate } from '../session/holidays.ts';
import { alarmEventsOf, type SimAlarms } from './demo-alarms.ts';
import { batchEventsOf, type SimBatches, type SimWifi, wifiEventsOf } from './demo-crowd.ts';
import { planEventsOf, type SimPlan } from './demo-tracks.ts';
import { demoWeather, WEATHER_TRAFFIC_FACTOR, type WeatherPlace } from './demo-weather.ts';
import { hash, normal, pick, rng } from './simulator-random.ts';

/**
 * Realistic store traffic, generated the way boxes report it (DESIGN U1): visits reported when the
 * visitor leaves, entrance crossings and passers-by counted per five minutes, some stays in zones,
 * staff coming and going. Curves follow the shop's business hours in its time zone, the weekday,
 * public holidays of its country and its type; a third of visits are repeat visitors coming back
 * after realistic intervals. Shops with a weather place (the demo's) see fewer visitors on wet days,
 * from the same demo weather that is recorded for the trend's weather marks.
 *
 * Everything is a pure function of (seed, shop number, local date): the same seed gives the same
 * events in any order of generation, which is what makes tests and the benchmark repeatable.
 */
export interface SimShop {
  device: DeviceContext;
  number: string;
  timeZone: string;
  shopType: 'direct' | 'franchise' | 'other';
  businessHours: string;
  staffCount: number;
  /** ISO country of the shop, for public holidays (null: none). */
  country: string | null;
  entranceCameraIds: string[];
  /** Cameras watching zones inside the shop (checkout, floor). */
  zoneCameraIds: string[];
  /** Average customer visits on a plain weekday; the simulator varies it. */
  baseVisits: number;
  /** The shop's city for the demo weather; absent, weather has no effect (the benchmark's chain). */
  weatherPlace?: WeatherPlace | undefined;
  /** The shop's floor plan: with it, the visits walk the plan and the cameras report tracks and heat grids (issue 13). */
  plan?: SimPlan | undefined;
  /** Its box reports phones' pseudonymised Wi-Fi identifiers (issue 17). */
  wifi?: SimWifi | undefined;
  /** Its box reports visitor batches (issue 17). */
  batches?: SimBatches | undefined;
  /** Its box's AI raises alarms (issue 15). */
  alarms?: SimAlarms | undefined;
}

export interface PlannedVisit {
  visitorId: string;
  enteredMs: number;
  exitedMs: number;
  gender: Gender;
  ageBand: AgeBand;
  isStaff: boolean;
  cameraId: string;
}

/** A generated event with the instant at which a box would have sent it. */
export interface TimedEvent {
  sendAt: number;
  event: DeviceEvent;
}

const WEEKDAY_FACTOR = [0.86, 0.82, 0.88, 0.93, 1.08, 1.38, 1.26];
const GENDERS: [Gender, number][] = [
  ['female', 0.56],
  ['male', 0.4],
  ['unknown', 0.04],
];
const AGES: [AgeBand, number][] = [
  ['0-17', 0.06],
  ['18-24', 0.18],
  ['25-34', 0.3],
  ['35-44', 0.21],
  ['45-54', 0.13],
  ['55+', 0.09],
  ['unknown', 0.03],
];
/** Days until a repeat visitor comes back: mostly within a fortnight, some within two months. */
const REVISIT_DAYS: [[number, number], number][] = [
  [[1, 7], 0.42],
  [[8, 14], 0.28],
  [[15, 30], 0.2],
  [[31, 60], 0.1],
];
const REPEAT_SHARE = 0.34;
const CAPTURE_RATE = { direct: 0.27, franchise: 0.21, other: 0.24 } as const;

/** The instant of a (fractional) minute of a local day, on the wall clock, across daylight-saving changes. */
export function localInstant(timeZone: string, date: string, minuteOfDay: number): number {
  const whole = Math.floor(minuteOfDay);
  return utcOfLocal(timeZone, date, Math.floor(whole / 60), whole % 60) + Math.floor((minuteOfDay - whole) * 60_000);
}

function poisson(random: () => number, mean: number): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(random)));
  let k = 0;
  let p = Math.exp(-mean);
  let s = p;
  const u = random();
  while (u > s) {
    k += 1;
    p *= mean / k;
    s += p;
  }
  return k;
}

/** The instant that places an event in a local hour (a visit, a stay or a track by when it began). */
export function timedInstant(event: DeviceEvent): number {
  if (event.type === 'visit' || event.type === 'zoneDwell') return Date.parse(event.enteredAt);
  if (event.type === 'track') return Date.parse(event.startedAt);
  if (event.type === 'wifi') return Date.parse(event.firstSeenAt);
  if (event.type === 'visitorBatch') return Date.parse(event.enteredAt);
  return Date.parse(event.at);
}

/** Opening and closing minute of the local day (closing may run past midnight). */
export function openingMinutes(businessHours: string): [number, number] {
  const [open = '10:00', close = '22:00'] = businessHours.split('-');
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const start = minutes(open);
  let end = minutes(close);
  if (end <= start) end += 24 * 60;
  return [start, end];
}

/** Relative traffic by minute of opening: a lunch peak and an evening peak, stronger for direct stores in malls. */
function curve(shopType: SimShop['shopType'], minuteOfDay: number): number {
  const hour = minuteOfDay / 60;
  const bump = (centre: number, width: number, height: number) => height * Math.exp(-((hour - centre) ** 2) / (2 * width ** 2));
  return 0.35 + bump(12.8, 1.2, 0.8) + bump(18.6, 1.6, shopType === 'direct' ? 1.25 : 0.85);
}

export interface SimulatorOptions {
  /** Minutes per counting event of entrance crossings and passers-by (boxes count per 5 minutes; the benchmark's chain per hour). */
  countMinutes?: number;
}

export function createSimulator(seed: number, options: SimulatorOptions = {}) {
  const BUCKET_MS = (options.countMinutes ?? 5) * 60_000;
  const holidayCache = new Map<string, Set<string>>();
  const countCache = new Map<string, { visits: number; newVisits: number }>();

  function holidaysOf(country: string | null, year: number): Set<string> {
    if (!country) return new Set();
    const key = `${country}|${year}`;
    let set = holidayCache.get(key);
    if (!set) {
      set = new Set(Object.keys(holidaysByDate([country], [year], 'en')));
      holidayCache.set(key, set);
    }
    return set;
  }

  /** Whether each visit of a shop-day is a returning visitor (below REPEAT_SHARE), as a stream of its own. */
  function repeatFlags(shop: SimShop, date: string): () => number {
    return rng(hash(`${seed}|${shop.number}|${date}|repeat`));
  }

  /** How many customer visits a shop has on a date, and which of them are new visitors. */
  function dayCounts(shop: SimShop, date: string): { visits: number; newVisits: number } {
    const key = `${shop.number}|${date}`;
    const cached = countCache.get(key);
    if (cached) return cached;
    const random = rng(hash(`${seed}|${shop.number}|${date}|count`));
    const holiday = holidaysOf(shop.country, Number(date.slice(0, 4))).has(date) ? 1.3 : 1;
    const weather = shop.weatherPlace ? WEATHER_TRAFFIC_FACTOR[demoWeather(seed, shop.weatherPlace, date).condition] : 1;
    const mean = shop.baseVisits * (WEEKDAY_FACTOR[weekdayOf(date)] ?? 1) * holiday * weather * (0.9 + 0.2 * random());
    const visits = poisson(random, mean);
    const flags = repeatFlags(shop, date);
    let newVisits = 0;
    for (let i = 0; i < visits; i += 1) if (flags() >= REPEAT_SHARE) newVisits += 1;
    const counts = { visits, newVisits };
    if (countCache.size > 500_000) countCache.clear();
    countCache.set(key, counts);
    return counts;
  }

  /** The visits of a shop-day: customers (new or returning) and staff. */
  function planVisits(shop: SimShop, date: string): PlannedVisit[] {
    const random = rng(hash(`${seed}|${shop.number}|${date}|visits`));
    const { visits } = dayCounts(shop, date);
    const [open, close] = openingMinutes(shop.businessHours);
    const weights: number[] = [];
    for (let minute = open; minute < close; minute += 15) weights.push(curve(shop.shopType, minute % (24 * 60)));
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
    const entrance = shop.entranceCameraIds;
    const planned: PlannedVisit[] = [];
    let newIndex = 0;
    // The same repeat flags as dayCounts drew: a day's new-visitor ids are exactly those a later day can come back as.
    const flags = repeatFlags(shop, date);
    for (let i = 0; i < visits; i += 1) {
      const isNew = flags() >= REPEAT_SHARE;
      let visitorId = `${shop.number}-${date}-${newIndex}`;
      if (isNew) newIndex += 1;
      else {
        const [low, high] = pick(random, REVISIT_DAYS);
        const back = low + Math.floor(random() * (high - low + 1));
        const earlier = addDays(date, -back);
        const candidates = dayCounts(shop, earlier).newVisits;
        visitorId = candidates > 0 ? `${shop.number}-${earlier}-${Math.floor(random() * candidates)}` : `${shop.number}-${date}-r${i}`;
      }
      let roll = random() * totalWeight;
      let slot = 0;
      while (slot < weights.length - 1 && roll > (weights[slot] ?? 0)) {
        roll -= weights[slot] ?? 0;
        slot += 1;
      }
      const enteredMinute = open + slot * 15 + random() * 15;
      const stayMinutes = Math.min(150, Math.max(0.5, Math.exp(Math.log(9) + 0.75 * normal(random))));
      const enteredMs = localInstant(shop.timeZone, date, enteredMinute);
      planned.push({
        visitorId,
        enteredMs,
        exitedMs: enteredMs + Math.round(stayMinutes * 60_000),
        gender: pick(random, GENDERS),
        ageBand: pick(random, AGES),
        isStaff: false,
        cameraId: entrance[Math.floor(random() * entrance.length)] ?? '',
      });
    }
    // Staff on shift: they arrive before opening and leave after closing.
    const onShift = Math.max(2, Math.min(shop.staffCount, 3 + Math.floor(random() * 3)));
    for (let k = 0; k < onShift; k += 1) {
      const enteredMs = localInstant(shop.timeZone, date, open - 20 + random() * 15);
      planned.push({
        visitorId: `staff-${shop.number}-${k}`,
        enteredMs,
        exitedMs: localInstant(shop.timeZone, date, close + 5 + random() * 15),
        gender: pick(random, GENDERS),
        ageBand: 'unknown',
        isStaff: true,
        cameraId: entrance[0] ?? '',
      });
    }
    return planned;
  }

  /** All events of a shop-day, each with the instant a box sends it (visits when they end, counts when their five minutes end). */
  function dayEvents(shop: SimShop, date: string): TimedEvent[] {
    const random = rng(hash(`${seed}|${shop.number}|${date}|events`));
    const visits = planVisits(shop, date);
    const events: TimedEvent[] = [];
    const counts = new Map<string, { cameraId: string; bucket: number; direction: 'in' | 'out'; staff: boolean; count: number }>();
    const count = (cameraId: string, ms: number, direction: 'in' | 'out', staff: boolean) => {
      const bucket = Math.floor(ms / BUCKET_MS) * BUCKET_MS;
      const key = `${cameraId}|${bucket}|${direction}|${staff}`;
      const entry = counts.get(key) ?? { cameraId, bucket, direction, staff, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    };
    for (const visit of visits) {
      count(visit.cameraId, visit.enteredMs, 'in', visit.isStaff);
      count(visit.cameraId, visit.exitedMs, 'out', visit.isStaff);
      events.push({
        sendAt: visit.exitedMs,
        event: {
          type: 'visit',
          visitorId: visit.visitorId,
          enteredAt: new Date(visit.enteredMs).toISOString(),
          exitedAt: new Date(visit.exitedMs).toISOString(),
          gender: visit.gender,
          ageBand: visit.ageBand,
          isStaff: visit.isStaff,
          cameraId: visit.cameraId,
        },
      });
      // About a fifth of customers linger at a watched zone (the checkout, a shelf).
      if (!visit.isStaff && shop.zoneCameraIds.length > 0 && random() < 0.2) {
        const cameraId = shop.zoneCameraIds[Math.floor(random() * shop.zoneCameraIds.length)] ?? '';
        const from = visit.enteredMs + Math.floor((visit.exitedMs - visit.enteredMs) * random() * 0.6);
        const to = Math.min(visit.exitedMs, from + Math.floor((0.5 + random() * 4) * 60_000));
        events.push({
          sendAt: to,
          event: {
            type: 'zoneDwell',
            cameraId,
            regionId: cameraId === shop.zoneCameraIds[0] ? 'cashier' : 'shelf',
            enteredAt: new Date(from).toISOString(),
            exitedAt: new Date(to).toISOString(),
            visitorId: visit.visitorId,
          },
        });
      }
    }
    if (shop.plan && (!shop.plan.fromDate || date >= shop.plan.fromDate)) events.push(...planEventsOf(shop.plan, visits, seed));
    for (const entry of counts.values()) {
      events.push({
        sendAt: entry.bucket + BUCKET_MS,
        event: {
          type: 'line',
          cameraId: entry.cameraId,
          direction: entry.direction,
          at: new Date(entry.bucket).toISOString(),
          count: entry.count,
          staff: entry.staff,
        },
      });
    }
    // Passers-by outnumber entries by the shop's capture rate, spread like the entries.
    const entries = visits.filter((visit) => !visit.isStaff);
    const capture = CAPTURE_RATE[shop.shopType] * (0.85 + 0.3 * random());
    const passers = new Map<string, number>();
    for (const visit of entries) {
      const extra = poisson(random, 1 / capture - 1);
      if (extra === 0) continue;
      const ms = visit.enteredMs + Math.floor((random() - 0.5) * 20 * 60_000);
      const key = `${visit.cameraId}|${Math.floor(ms / BUCKET_MS) * BUCKET_MS}`;
      passers.set(key, (passers.get(key) ?? 0) + extra);
    }
    for (const [key, passersby] of passers) {
      const [cameraId = '', bucket = '0'] = key.split('|');
      events.push({ sendAt: Number(bucket) + BUCKET_MS, event: { type: 'passerby', cameraId, at: new Date(Number(bucket)).toISOString(), count: passersby } });
    }
    // The box's heartbeat at 5 past every business hour (data completeness, issue 11), and now and
    // then a short outage: about one shop-day in 60 loses 2-3 business hours, events and heartbeats
    // alike, so the product shows an outage as such (seeded, deterministic).
    const [open, close] = openingMinutes(shop.businessHours);
    const cameras = [...shop.entranceCameraIds, ...shop.zoneCameraIds].map((cameraId) => ({ cameraId, online: true }));
    for (let hour = Math.floor(open / 60); hour * 60 < close; hour += 1) {
      const at = localInstant(shop.timeZone, date, hour * 60 + 5);
      events.push({ sendAt: at, event: { type: 'heartbeat', at: new Date(at).toISOString(), cameras } });
    }
    // Phones and groups of the same visits (issue 17): the same people return with the same identifier.
    if (shop.wifi)
      events.push(...wifiEventsOf(shop.number, shop.wifi, visits, passers.size > 0 ? [...passers.values()].reduce((a, b) => a + b, 0) : 0, date, seed));
    if (shop.batches) events.push(...batchEventsOf(shop.number, shop.batches, visits, date, seed));
    if (shop.alarms) events.push(...alarmEventsOf(shop, date, seed, { open, close }, localInstant));
    const outage = outageOf(shop, date);
    const kept = outage ? events.filter((timed) => !outage.covers(timedInstant(timed.event))) : events;
    return kept.sort((a, b) => a.sendAt - b.sendAt);
  }

  /** The hours of a shop-day's outage, if it has one. */
  function outageOf(shop: SimShop, date: string): { from: number; to: number; covers: (ms: number) => boolean } | null {
    const random = rng(hash(`${seed}|${shop.number}|${date}|outage`));
    if (random() >= 1 / 60) return null;
    const [open, close] = openingMinutes(shop.businessHours);
    const first = Math.floor(open / 60) + 1 + Math.floor(random() * Math.max(1, Math.floor((close - open) / 60) - 4));
    const from = localInstant(shop.timeZone, date, first * 60);
    const to = from + (2 + Math.floor(random() * 2)) * 3_600_000;
    return { from, to, covers: (ms) => ms >= from && ms < to };
  }

  return { dayCounts, planVisits, dayEvents, outageOf };
}
export type Simulator = ReturnType<typeof createSimulator>;

/** Events a shop's box would have sent in (from, to], in batches of at most the device API's limit. */
export function batchesOf(events: readonly TimedEvent[], from: number, to: number, maxEvents: number = DEVICE_API_LIMITS.maxEvents): DeviceEvent[][] {
  const due = events.filter((timed) => timed.sendAt > from && timed.sendAt <= to).map((timed) => timed.event);
  const batches: DeviceEvent[][] = [];
  for (let start = 0; start < due.length; start += maxEvents) batches.push(due.slice(start, start + maxEvents));
  return batches;
}

/** Local dates whose events may be sent in (from, to]: a day's last visits end after midnight. */
export function datesAround(timeZone: string, from: number, to: number, localDateOf: (timeZone: string, ms: number) => string): string[] {
  const first = addDays(localDateOf(timeZone, from), -1);
  const last = localDateOf(timeZone, to);
  return Array.from({ length: daysBetween(first, last) + 1 }, (_, index) => addDays(first, index));
}
