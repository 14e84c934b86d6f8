import { BCP47, type Locale } from '@storelens/contracts';

/**
 * The one way the app writes dates and times (issue 11: a screen mixed '11/24/2026, 14:47:52',
 * '2026-11-24 15:08:41' and '2:55:24 PM'). Every page formats through these functions, so a date,
 * a date-time and a time read the same on every screen of a language.
 *
 * The patterns are ISO-like and 24-hour in all four languages: date ranges, pickers and Excel
 * exports already write YYYY-MM-DD in every language, the form sorts and aligns in a table column,
 * and readers in China, Korea and Japan write dates year first. English keeps the same pattern
 * (an analytics product read across Asia-Pacific, where 11/12 is ambiguous). The table is per
 * language so one language can change without touching the pages.
 *
 * Times are written in the viewer's time zone unless a zone is given (a store's), and the zone is
 * then named, localised, whenever its offset differs from the viewer's at that moment.
 */

export interface DateTimePatterns {
  /** Tokens: YYYY MM DD HH mm ss (zero padded, 24-hour). */
  date: string;
  dateTime: string;
  time: string;
}

const ISO_LIKE: DateTimePatterns = { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm', time: 'HH:mm' };

export const DATE_TIME_PATTERNS: Record<Locale, DateTimePatterns> = { zh: ISO_LIKE, en: ISO_LIKE, kr: ISO_LIKE, jp: ISO_LIKE };

export const NO_TIME = '--';

export type TimeValue = string | number | Date | null | undefined;

export interface TimeOptions {
  /** IANA zone the value is written in (a store's); left out, the viewer's. */
  timeZone?: string | null;
  /** Seconds after the minutes: only where they tell events apart (a log, a device's last signal). */
  seconds?: boolean;
  /** The viewer's zone; tests pass one, the app reads the browser's. */
  viewerTimeZone?: string;
}

function toDate(value: TimeValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// Intl formatters are costly to build and a table formats hundreds of cells: one per zone.
const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = partFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(key, formatter);
  }
  return formatter;
}

/** A zone Intl does not know falls back to the viewer's rather than throwing inside a table cell. */
function knownZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

function fill(pattern: string, date: Date, timeZone: string | undefined): string {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const tokens: Record<string, string> = {
    YYYY: parts.year ?? '',
    MM: parts.month ?? '',
    DD: parts.day ?? '',
    HH: parts.hour ?? '',
    mm: parts.minute ?? '',
    ss: parts.second ?? '',
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

/** Minutes east of UTC of a zone at a moment (daylight saving moves Sydney between +10 and +11). */
export function zoneOffsetMinutes(timeZone: string | undefined, date: Date): number {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone: a store's day, not the viewer's. */
export function localDateIn(value: string | number | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(value instanceof Date ? value : new Date(value))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The latest of the stores' calendar days at an instant: the "today" of a page that shows several
 * stores' local days. At 16:00 UTC Seoul is already a day ahead of a viewer in London; a range
 * ending on the viewer's today would leave out the readings and visits of Seoul's new day.
 */
export function latestLocalDate(timeZones: readonly string[], at: number | Date): string {
  const zones = timeZones.length > 0 ? timeZones : [viewerTimeZone()];
  return zones.map((zone) => localDateIn(at, knownZone(zone) ?? viewerTimeZone())).reduce((latest, day) => (day > latest ? day : latest));
}

/**
 * An instant as the wall clock of a zone, given as a Date whose local fields show it: what a date
 * picker (which shows the browser's own time) needs in order to show a store's time.
 */
export function wallClockIn(instantMs: number, timeZone: string): Date {
  const parts = Object.fromEntries(
    partsFormatter(knownZone(timeZone))
      .formatToParts(new Date(instantMs))
      .map((part) => [part.type, Number(part.value)]),
  );
  return new Date(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, instantMs % 1000);
}

/**
 * The instant at which a zone's wall clock shows the local fields of `wallClock` (the inverse of
 * wallClockIn). A time that a spring-forward skips is read with the offset before the change.
 */
export function instantOfWallClock(wallClock: Date, timeZone: string): number {
  const fields = Date.UTC(
    wallClock.getFullYear(),
    wallClock.getMonth(),
    wallClock.getDate(),
    wallClock.getHours(),
    wallClock.getMinutes(),
    wallClock.getSeconds(),
    wallClock.getMilliseconds(),
  );
  const zone = knownZone(timeZone);
  // The offset depends on the instant sought: a second pass settles a guess made across a change.
  let instant = fields - zoneOffsetMinutes(zone, new Date(fields)) * 60_000;
  instant = fields - zoneOffsetMinutes(zone, new Date(instant)) * 60_000;
  return instant;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A zone as readers know it, in their language, with its offset at that moment: 'Sydney Time
 * UTC+11:00', '悉尼时间 UTC+11:00'.
 */
export function zoneName(timeZone: string, locale: Locale, at: Date = new Date()): string {
  const zone = knownZone(timeZone);
  if (!zone) return timeZone;
  const generic = new Intl.DateTimeFormat(BCP47[locale], { timeZone: zone, timeZoneName: 'shortGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = offsetText(zoneOffsetMinutes(zone, at));
  return generic && !/^GMT/.test(generic) ? `${generic} ${offset}` : offset;
}

/** True when a store's clock reads differently from the viewer's at that moment (then its times name their zone). */
export function differsFromViewer(timeZone: string | null | undefined, at: Date = new Date(), viewer: string = viewerTimeZone()): boolean {
  const zone = knownZone(timeZone);
  if (!zone) return false;
  return zoneOffsetMinutes(zone, at) !== zoneOffsetMinutes(knownZone(viewer), at);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function format(kind: keyof DateTimePatterns, value: TimeValue, locale: Locale, options: TimeOptions): string {
  // A calendar day ('2026-11-24', a store's local date) is no moment: read as one it would move
  // to the day before west of UTC.
  const day = typeof value === 'string' && kind === 'date' ? CALENDAR_DATE.exec(value) : null;
  if (day)
    return DATE_TIME_PATTERNS[locale].date
      .replace('YYYY', day[1] ?? '')
      .replace('MM', day[2] ?? '')
      .replace('DD', day[3] ?? '');
  const date = toDate(value);
  if (!date) return NO_TIME;
  const zone = knownZone(options.timeZone);
  const base = DATE_TIME_PATTERNS[locale][kind];
  const pattern = options.seconds && kind !== 'date' ? `${base}:ss` : base;
  const text = fill(pattern, date, zone ?? knownZone(options.viewerTimeZone));
  if (kind === 'date' || !zone || !differsFromViewer(zone, date, options.viewerTimeZone ?? viewerTimeZone())) return text;
  return `${text} (${zoneName(zone, locale, date)})`;
}

/** '2026-11-24': the calendar day of a moment (in the store's zone when given). */
export function formatDate(value: TimeValue, locale: Locale, options: TimeOptions = {}): string {
  return format('date', value, locale, options);
}

/** '2026-11-24 14:47' ('… (Korea Time UTC+09:00)' in a store's zone other than the viewer's). */
export function formatDateTime(value: TimeValue, locale: Locale, options: TimeOptions = {}): string {
  return format('dateTime', value, locale, options);
}

/** '14:47': a time of day of today's figures. */
export function formatTime(value: TimeValue, locale: Locale, options: TimeOptions = {}): string {
  return format('time', value, locale, options);
}

/** An hour of a local day as chart axes and tables write it: 9 -> '09:00'. */
export function formatHour(hour: number, locale: Locale): string {
  const pattern = DATE_TIME_PATTERNS[locale].time;
  return pattern.replace('HH', String(hour).padStart(2, '0')).replace('mm', '00');
}
