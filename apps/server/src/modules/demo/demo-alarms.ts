import type { AlarmPriority } from '@storelens/contracts';
import sharp from 'sharp';
import type { SimShop, TimedEvent } from './simulator.ts';
import { hash, rng } from './simulator-random.ts';

/**
 * The demo boxes' AI alarms (issue 15 section 2), for the items of the demo's AI tasks
 * (demo-ai-tasks.ts): in business hours the counter camera now and then sees nobody at the
 * counter, staff on the phone or out of uniform, and the last camera an empty shelf; at night a
 * door left open, smoking or a rodent, rarely. About one to three alarms a store-day, each with a
 * synthetic still of its scene (a real JPEG the server checks as it checks a box's). Like the rest
 * of the simulator a pure function of (seed, shop, date).
 */
export interface SimAlarms {
  /** Alarms from this local date on (the seed keeps the history short: each image is stored). */
  fromDate?: string;
  /** Base64 JPEG stills by event code (demoAlarmStills). */
  stills: Readonly<Record<string, string>>;
}

interface AlarmItem {
  code: string;
  name: string;
  priority: AlarmPriority;
  camera: 'first' | 'last' | 'any';
  /** Local minutes of the day it can happen in (an end past 1440 runs into the next morning). */
  window: 'business' | 'night';
  /** Relative frequency within its window. */
  weight: number;
}

const ITEMS: readonly AlarmItem[] = [
  { code: 'no_staff_at_counter', name: 'No staff at the counter', priority: 'high', camera: 'first', window: 'business', weight: 4 },
  { code: 'staff_on_phone', name: 'Staff on the phone', priority: 'high', camera: 'first', window: 'business', weight: 2 },
  { code: 'no_uniform', name: 'Not in uniform', priority: 'high', camera: 'first', window: 'business', weight: 1 },
  { code: 'empty_shelf', name: 'Empty shelf', priority: 'low', camera: 'last', window: 'business', weight: 3 },
  { code: 'door_left_open', name: 'Door left open', priority: 'high', camera: 'any', window: 'night', weight: 3 },
  { code: 'smoking', name: 'Smoking', priority: 'high', camera: 'any', window: 'night', weight: 1 },
  { code: 'rodent', name: 'Rodent', priority: 'high', camera: 'any', window: 'night', weight: 1 },
];

/** Mean alarms a store-day in business hours; a night has one with this chance. */
const DAY_MEAN = 1.6;
const NIGHT_CHANCE = 0.12;

/** A scene per item, drawn once: a counter, a shelf, a door... in the palette of the batch stills. */
function sceneSvg(code: string): string {
  const frame = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#d9d4c7"/>${body}</svg>`;
  const person = (x: number, colour: string) =>
    `<circle cx="${x}" cy="78" r="11" fill="${colour}"/><rect x="${x - 10}" y="90" width="20" height="52" fill="${colour}"/>`;
  const counter = '<rect x="40" y="110" width="240" height="50" fill="#8a6f52"/><rect x="40" y="104" width="240" height="8" fill="#5e4a36"/>';
  switch (code) {
    case 'no_staff_at_counter':
      return frame(counter);
    case 'staff_on_phone':
      return frame(`${person(160, '#33424f')}<rect x="166" y="70" width="7" height="14" fill="#111"/>${counter}`);
    case 'no_uniform':
      return frame(`${person(160, '#b5463a')}${counter}`);
    case 'empty_shelf':
      return frame(
        [30, 80, 130]
          .map(
            (y, row) =>
              `<rect x="40" y="${y + 36}" width="240" height="6" fill="#5e4a36"/>${row === 1 ? '' : `<rect x="60" y="${y + 8}" width="160" height="28" fill="#2f5b3a"/>`}`,
          )
          .join(''),
      );
    case 'door_left_open':
      return frame(
        '<rect width="320" height="180" fill="#2b2f36"/><rect x="120" y="30" width="80" height="140" fill="#9aa7b4"/><polygon points="120,30 90,40 90,160 120,170" fill="#4b5560"/>',
      );
    case 'smoking':
      return frame(
        `<rect width="320" height="180" fill="#3a3f47"/>${person(160, '#1f262e')}<circle cx="180" cy="60" r="6" fill="#c9c9c9"/><circle cx="188" cy="48" r="8" fill="#b0b0b0"/>`,
      );
    default:
      return frame(
        '<rect width="320" height="180" fill="#3a3f47"/><rect x="0" y="150" width="320" height="30" fill="#555"/><ellipse cx="170" cy="145" rx="18" ry="8" fill="#6b5b4b"/><circle cx="186" cy="141" r="5" fill="#6b5b4b"/>',
      );
  }
}

let stills: Promise<Record<string, string>> | null = null;
/** The items' stills as base64 JPEGs, made once per process. */
export function demoAlarmStills(): Promise<Record<string, string>> {
  stills ??= Promise.all(
    ITEMS.map(
      async (item) =>
        [
          item.code,
          (
            await sharp(Buffer.from(sceneSvg(item.code)))
              .jpeg({ quality: 70 })
              .toBuffer()
          ).toString('base64'),
        ] as const,
    ),
  ).then((pairs) => Object.fromEntries(pairs));
  return stills;
}

function weighted(random: () => number, items: readonly AlarmItem[]): AlarmItem {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll <= 0) return item;
  }
  return items[items.length - 1] as AlarmItem;
}

/**
 * A store-day's alarms, each sent a minute after it is seen. `open` and `close` are the local
 * minutes of the day's business hours; `localInstant` places a local minute in time.
 */
export function alarmEventsOf(
  shop: Pick<SimShop, 'number' | 'timeZone' | 'entranceCameraIds' | 'zoneCameraIds'> & { alarms?: SimAlarms | undefined },
  date: string,
  seed: number,
  hours: { open: number; close: number },
  localInstant: (timeZone: string, date: string, minuteOfDay: number) => number,
): TimedEvent[] {
  const alarms = shop.alarms;
  const cameras = [...shop.entranceCameraIds, ...shop.zoneCameraIds];
  if (!alarms || cameras.length === 0 || (alarms.fromDate && date < alarms.fromDate)) return [];
  const random = rng(hash(`${seed}|${shop.number}|${date}|alarms`));
  const dayItems = ITEMS.filter((item) => item.window === 'business');
  const nightItems = ITEMS.filter((item) => item.window === 'night');
  const seen: { item: AlarmItem; minute: number }[] = [];
  // A Poisson count by inversion, small means only.
  let count = 0;
  for (let p = Math.exp(-DAY_MEAN), s = p, u = random(); u > s; count += 1) {
    p *= DAY_MEAN / (count + 1);
    s += p;
  }
  for (let index = 0; index < count; index += 1)
    seen.push({ item: weighted(random, dayItems), minute: hours.open + 30 + random() * Math.max(60, hours.close - hours.open - 60) });
  // The night after the day: from an hour after closing to an hour before the next opening.
  if (random() < NIGHT_CHANCE)
    seen.push({ item: weighted(random, nightItems), minute: hours.close + 60 + random() * Math.max(60, 24 * 60 + hours.open - hours.close - 120) });

  return seen.map(({ item, minute }, index) => {
    const cameraId =
      item.camera === 'first'
        ? (cameras[0] as string)
        : item.camera === 'last'
          ? (cameras[cameras.length - 1] as string)
          : (cameras[Math.floor(random() * cameras.length)] as string);
    const at = localInstant(shop.timeZone, date, minute);
    const image = alarms.stills[item.code];
    return {
      sendAt: at + 60_000,
      event: {
        type: 'alarm' as const,
        eventId: `sim-${shop.number}-${date}-${index}`,
        cameraId,
        eventCode: item.code,
        eventName: item.name,
        at: new Date(at).toISOString(),
        priority: item.priority,
        images: image ? [{ image }] : [],
      },
    };
  });
}
