/**
 * Shop-local calendar arithmetic (DESIGN D1). Instants are stored in UTC; analytics group by the
 * shop's local date and hour, computed here from the shop's IANA time zone with Intl (no network,
 * no tz database of our own). Local dates are 'YYYY-MM-DD' strings, which sort and compare as dates.
 */

const DAY_MS = 86_400_000;
const SLOT_MS = 15 * 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone: 15-minute slot -> offset and the local date and hour of that slot. */
const slots = new Map<string, Map<number, { offset: number; parts: LocalParts }>>();
let cachedSlots = 0;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Offset of the zone from UTC at an instant, in ms. Every zone in use changes its offset only on a
 * quarter hour, so the offset is cached per zone and 15-minute slot: ingest converts thousands of
 * events a second without asking Intl each time, and a daylight-saving change (Sydney's first
 * Sunday of April and October) still lands in the right slot.
 */
function slotOf(timeZone: string, utcMs: number): { offset: number; parts: LocalParts } {
  const slot = Math.floor(utcMs / SLOT_MS);
  let zone = slots.get(timeZone);
  if (!zone) {
    zone = new Map();
    slots.set(timeZone, zone);
  }
  const cached = zone.get(slot);
  if (cached) return cached;
  const at = slot * SLOT_MS;
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const asUtc = Date.UTC(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1, fields.hour ?? 0, fields.minute ?? 0);
  // A slot starts on a quarter hour, so the whole slot shares its local date and hour.
  const local = new Date(asUtc);
  const entry = { offset: asUtc - at, parts: { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() } };
  cachedSlots += 1;
  if (cachedSlots > 500_000) {
    slots.clear();
    cachedSlots = 0;
  }
  zone.set(slot, entry);
  return entry;
}

export function zoneOffsetMs(timeZone: string, utcMs: number): number {
  return slotOf(timeZone, utcMs).offset;
}

export interface LocalParts {
  readonly date: string;
  readonly hour: number;
}

/** An instant as local time in a zone, named: '2026-03-11 14:05 (Asia/Shanghai, UTC+08:00)'. */
export function namedLocalTime(timeZone: string, utcMs: number): { time: string; zone: string } {
  const offset = zoneOffsetMs(timeZone, utcMs);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { time: new Date(utcMs + offset).toISOString().slice(0, 16).replace('T', ' '), zone: `${timeZone}, UTC${sign}${hhmm}` };
}

/** The shop-local date and hour of a UTC instant (a shared object: do not change it). */
export function localParts(timeZone: string, utcMs: number): LocalParts {
  return slotOf(timeZone, utcMs).parts;
}

export function todayIn(timeZone: string, at: Date): string {
  return localParts(timeZone, at.getTime()).date;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const fromDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** Number of days in an inclusive range. */
export function rangeDays(startDate: string, endDate: string): number {
  return daysBetween(startDate, endDate) + 1;
}

export function datesOf(startDate: string, endDate: string): string[] {
  const dates: string[] = [];
  for (let day = dayNumber(startDate); day <= dayNumber(endDate); day += 1) dates.push(fromDayNumber(day));
  return dates;
}

/** The Monday of the week of a date (the week starts on Monday, spec section 1). */
export function weekStart(date: string): string {
  const day = dayNumber(date);
  // Day 0 (1970-01-01) was a Thursday: Monday is 3 days before it.
  const weekday = (((day + 3) % 7) + 7) % 7;
  return fromDayNumber(day - weekday);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function monthStart(month: string): string {
  return `${month}-01`;
}

export function monthEnd(month: string): string {
  const [year = 1970, monthIndex = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthIndex, 0)).toISOString().slice(0, 10);
}

export function nextMonth(month: string): string {
  return monthOf(addDays(monthEnd(month), 1));
}

/** 0 Monday .. 6 Sunday. */
export function weekdayOf(date: string): number {
  return daysBetween(weekStart(date), date);
}

/** The UTC instant at which a local date and hour begins in a zone (for generated data and tests). */
export function utcOfLocal(timeZone: string, date: string, hour: number, minute = 0): number {
  const naive = Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000 + minute * 60_000;
  // Two passes settle the offset around a change; a local time skipped by a change moves forward.
  let guess = naive - zoneOffsetMs(timeZone, naive);
  guess = naive - zoneOffsetMs(timeZone, guess);
  return guess;
}
