import type { BreachSide, SensorState } from '@storelens/contracts';
import { zoneOffsetMs } from '../../platform/time/local-time.ts';

const MINUTE = 60_000;

/** A sensor's limits as stored: off-hours ones null when they are the business-hours ones. */
export interface LimitSet {
  low: number;
  high: number;
  offLow: number | null;
  offHigh: number | null;
}

/** The store clock the limits depend on. */
export interface StoreClock {
  timeZone: string;
  /** HH:mm-HH:mm in the store's zone; an end before the start runs past midnight. */
  businessHours: string;
}

/** Opening and closing minute of the local day; null when unreadable (then it is always business hours). */
function openingMinutes(businessHours: string): [number, number] | null {
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(businessHours.trim());
  if (!match) return null;
  return [Number(match[1]) * 60 + Number(match[2]), Number(match[3]) * 60 + Number(match[4])];
}

/**
 * The store's business-hours test, its hours read once: the compliance asks it for every 5-minute
 * bucket of a quarter (26,000 instants per store).
 */
export function businessHoursOf(clock: StoreClock): (atMs: number) => boolean {
  const opening = openingMinutes(clock.businessHours);
  if (!opening) return () => true;
  const [open, close] = opening;
  if (open === close) return () => true;
  return (atMs) => {
    const minute = Math.floor((atMs + zoneOffsetMs(clock.timeZone, atMs)) / MINUTE) % 1440;
    const local = minute < 0 ? minute + 1440 : minute;
    return open < close ? local >= open && local < close : local >= open || local < close;
  };
}

/** Whether an instant lies within the store's business hours, in its own zone (hours past midnight included). */
export function inBusinessHours(clock: StoreClock, atMs: number): boolean {
  return businessHoursOf(clock)(atMs);
}

/** The limits in force at an instant: the off-hours ones outside business hours when the sensor has them. */
export function limitsAt(limits: LimitSet, clock: StoreClock, atMs: number): { low: number; high: number } {
  return limitsOf(limits, clock)(atMs);
}

/** limitsAt with the store's hours read once, for a batch's readings of one sensor. */
export function limitsOf(limits: LimitSet, clock: StoreClock): (atMs: number) => { low: number; high: number } {
  const on = { low: limits.low, high: limits.high };
  if (limits.offLow === null || limits.offHigh === null) return () => on;
  const off = { low: limits.offLow, high: limits.offHigh };
  const open = businessHoursOf(clock);
  return (atMs) => (open(atMs) ? on : off);
}

/** A sensor's persisted breach state (its row's breach_* columns). */
export interface BreachState {
  state: SensorState;
  side: BreachSide | null;
  since: string | null;
  limit: number | null;
  peak: number | null;
  openAlertId: string | null;
}

export const NORMAL: BreachState = { state: 'normal', side: null, since: null, limit: null, peak: null, openAlertId: null };

/** What one evaluation asks the caller to do besides keeping the new state. */
export type BreachOutcome =
  /**
   * The breach has lasted the delay: raise an alert. The caller makes its id and stores it in the
   * state (alertId: made already, while a batch's later readings are evaluated, so they can close it).
   */
  | { kind: 'raise'; side: BreachSide; since: string; limit: number; peak: number; at: string; alertId?: string }
  /** The alert's breach ended at `at`: close it with its duration and peak. */
  | { kind: 'close'; alertId: string; side: BreachSide; since: string; peak: number; at: string };

const worse = (side: BreachSide, a: number, b: number) => (side === 'high' ? Math.max(a, b) : Math.min(a, b));

/**
 * One reading against the state (DESIGN: a door opened for two minutes is not an alarm):
 * - outside the limits in force: a normal sensor becomes pending (the breach starts at this reading);
 *   a pending one alerts once the reading lies `delayMinutes` or more after the breach's start;
 *   the peak follows the worst reading;
 * - within them: a pending breach ends silently; an alert closes with its duration and peak;
 * - outside on the other side: the breach ends as above and a new one starts.
 * Returns the new state and at most two outcomes (a close, then a raise when the delay is zero).
 */
export function evaluateReading(
  current: BreachState,
  reading: { at: string; celsius: number },
  limits: { low: number; high: number },
  delayMinutes: number,
): { state: BreachState; outcomes: BreachOutcome[] } {
  const side: BreachSide | null = reading.celsius > limits.high ? 'high' : reading.celsius < limits.low ? 'low' : null;
  const outcomes: BreachOutcome[] = [];
  let state = current;
  // Back within the limits, or across to the other side: the running breach ends here.
  if (state.state !== 'normal' && state.side !== side) {
    if (state.state === 'alert' && state.openAlertId && state.side && state.since && state.peak !== null) {
      outcomes.push({ kind: 'close', alertId: state.openAlertId, side: state.side, since: state.since, peak: state.peak, at: reading.at });
    }
    state = NORMAL;
  }
  if (side === null) return { state, outcomes };
  const limit = side === 'high' ? limits.high : limits.low;
  if (state.state === 'normal') state = { state: 'pending', side, since: reading.at, limit, peak: reading.celsius, openAlertId: null };
  else state = { ...state, peak: worse(side, state.peak ?? reading.celsius, reading.celsius) };
  if (state.state === 'pending' && state.since && Date.parse(reading.at) - Date.parse(state.since) >= delayMinutes * MINUTE) {
    outcomes.push({ kind: 'raise', side, since: state.since, limit: state.limit ?? limit, peak: state.peak ?? reading.celsius, at: reading.at });
    state = { ...state, state: 'alert' };
  }
  return { state, outcomes };
}

/** A pending breach whose delay has passed by the clock (no newer reading came): it alerts now. */
export function dueByClock(current: BreachState, delayMinutes: number, atMs: number): boolean {
  return current.state === 'pending' && current.since !== null && atMs - Date.parse(current.since) >= delayMinutes * MINUTE;
}
