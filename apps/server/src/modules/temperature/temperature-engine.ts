import { ALERT_DEFAULTS, type DeviceEvent, isLocale, MessageKind, Perm, type TemperatureEvent, translateMessage } from '@storelens/contracts';
import { customerReach } from '../../platform/authz/access.ts';
import { effectivePrivileges } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import { publishRealtime } from '../../platform/realtime/publish.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { namedLocalTime } from '../../platform/time/local-time.ts';
import { createMessagesService, type NewMessage } from '../messages/messages.service.ts';
import { type BreachOutcome, type BreachState, dueByClock, evaluateReading, limitsAt, limitsOf } from './breach.ts';
import { type SensorWithShop, temperatureRepo } from './temperature.repo.ts';
import { aggregateReadings, type HourRow, type RollupRow } from './temperature-rollup.ts';

export function stateOf(sensor: SensorWithShop): BreachState {
  return {
    state: sensor.breach_state,
    side: sensor.breach_side,
    since: sensor.breach_since,
    limit: sensor.breach_limit,
    peak: sensor.breach_peak,
    openAlertId: sensor.open_alert_id,
  };
}

export function limitSetOf(sensor: SensorWithShop) {
  return { low: sensor.low, high: sensor.high, offLow: sensor.off_low, offHigh: sensor.off_high };
}

const clockOf = (sensor: SensorWithShop) => ({ timeZone: sensor.time_zone, businessHours: sensor.business_hours });
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The sensors of a box, for the device API's check that a batch names only its own sensors. */
export async function sensorIdsOfBox(db: DB, customerId: string, boxId: string): Promise<Set<string>> {
  return temperatureRepo(tenantScope(db, customerId)).sensorIdsOfBox(boxId);
}

/**
 * Tells the people of the store about an alert raised or closed (the message center, kind alarm),
 * following the customer's alert settings (switched off: recorded, nobody told), and open
 * /temperature pages through the real-time channel. On the connection given: the caller's transaction.
 */
async function tell(on: DB, customerId: string, sensor: SensorWithShop, outcome: BreachOutcome, alertId: string, reminder = false): Promise<void> {
  const repo = temperatureRepo(tenantScope(on, customerId));
  // A reminder changes nothing on the page: no real-time event.
  if (!reminder)
    await publishRealtime(on, customerId, [
      {
        type: 'temperature',
        shopId: sensor.shop_id,
        data: { shopId: sensor.shop_id, sensorId: sensor.id, alertId, change: outcome.kind === 'raise' ? 'raised' : 'closed', at: outcome.at },
      },
    ]);
  const setting = await repo.alertSetting();
  if (setting && setting.enabled !== 1) return;
  const recipientIds: string[] = setting ? (JSON.parse(setting.recipient_ids) as string[]) : [];
  const [audience, reach] = await Promise.all([repo.audience(), customerReach(on, customerId)]);
  const readers = audience.filter(
    (member) => effectivePrivileges({ id: member.role_id, privileges: member.privileges }).message_nav === Perm.shown && reach.covers(member, sensor.shop_id),
  );
  const people = new Map([...readers, ...audience.filter((member) => recipientIds.includes(member.user_id))].map((member) => [member.user_id, member]));
  const limits = limitsAt(limitSetOf(sensor), clockOf(sensor), Date.parse(outcome.since));
  const minutes = Math.max(0, Math.round((Date.parse(outcome.at) - Date.parse(outcome.since)) / 60_000));
  const params = {
    sensor: sensor.name,
    shop: sensor.shop_name,
    celsius: String(round1(outcome.peak)),
    peak: String(round1(outcome.peak)),
    since: namedLocalTime(sensor.time_zone, Date.parse(outcome.since)).time,
    low: String(limits.low),
    high: String(limits.high),
    minutes: String(outcome.kind === 'raise' && !reminder ? sensor.delay_minutes : minutes),
  };
  const posts: NewMessage[] = [...people.values()].map((member) => {
    const language = isLocale(member.locale) ? member.locale : 'en';
    const title = reminder
      ? translateMessage(language, 'temperature.reminderTitle', params)
      : outcome.kind === 'close'
        ? translateMessage(language, 'temperature.closedTitle', params)
        : translateMessage(language, outcome.side === 'high' ? 'temperature.alertHighTitle' : 'temperature.alertLowTitle', params);
    const body = translateMessage(language, outcome.kind === 'close' ? 'temperature.closedBody' : 'temperature.alertBody', params);
    return {
      userId: member.user_id,
      kind: MessageKind.alarm,
      title,
      body,
      source: reminder ? 'temperature.reminder' : outcome.kind === 'close' ? 'temperature.closed' : 'temperature.alert',
      refId: alertId,
    };
  });
  await createMessagesService({ db: on }).post(customerId, posts, outcome.at);
}

/** Carries out the outcomes of an evaluation: alerts made or closed, people told. Returns the state with the new alert's id. */
async function apply(on: DB, customerId: string, sensor: SensorWithShop, state: BreachState, outcomes: readonly BreachOutcome[]): Promise<BreachState> {
  const repo = temperatureRepo(tenantScope(on, customerId));
  let next = state;
  // The peak the open alert's row holds: the sensor's as stored, or the one it was raised with here.
  let storedPeak = sensor.breach_peak;
  for (const outcome of outcomes) {
    if (outcome.kind === 'raise') {
      const id = outcome.alertId ?? newId();
      storedPeak = outcome.peak;
      await repo.insertAlert({
        id,
        sensor_id: sensor.id,
        shop_id: sensor.shop_id,
        side: outcome.side,
        limit_value: outcome.limit,
        started_at: outcome.since,
        raised_at: outcome.at,
        ended_at: null,
        duration_s: null,
        peak: outcome.peak,
        notified_at: outcome.at,
        action_text: null,
        action_by: null,
        action_at: null,
      });
      // An id made during the evaluation is in the state already (and gone again if a later reading closed it).
      if (!outcome.alertId) next = { ...next, openAlertId: id };
      await tell(on, customerId, sensor, outcome, id);
    } else if (outcome.kind === 'close') {
      const durationS = Math.round((Date.parse(outcome.at) - Date.parse(outcome.since)) / 1000);
      await repo.closeAlert(outcome.alertId, { ended_at: outcome.at, duration_s: durationS, peak: outcome.peak });
      await tell(on, customerId, sensor, outcome, outcome.alertId);
    }
  }
  // An alert still running keeps its peak current for the alert page.
  if (next.state === 'alert' && next.openAlertId && next.peak !== null && next.peak !== storedPeak) await repo.updateAlertPeak(next.openAlertId, next.peak);
  return next;
}

const stateColumns = (state: BreachState) => ({
  breach_state: state.state,
  breach_side: state.side,
  breach_since: state.since,
  breach_limit: state.limit,
  breach_peak: state.peak,
  open_alert_id: state.openAlertId,
});

export interface TemperatureIngestResult {
  accepted: number;
  duplicates: number;
  temperature: number;
}

/**
 * The device API's `temperature` events of one batch, inside its transaction (the device API checked
 * that every sensor is the box's): new readings stored (a reading sent again is a duplicate, counted
 * once), added to their 5-minute rollups and hours, then each sensor's readings newer than the last
 * one evaluated run through the breach rules in time order, and the state is written back. Readings
 * older than the latest evaluated one (a late upload) are stored and drawn but do not change the state.
 *
 * The batch is written as a whole (issue 16 section 5: 20,000 readings a second): multi-row inserts
 * that answer which readings were new, one rollup upsert per sensor and bucket and one hour upsert
 * per sensor and hour however many readings fall in them, one sensor update per sensor.
 */
export async function ingestTemperatureReadings(trx: DB, customerId: string, events: readonly DeviceEvent[]): Promise<TemperatureIngestResult> {
  const readings = events.filter((event): event is TemperatureEvent => event.type === 'temperature');
  if (readings.length === 0) return { accepted: 0, duplicates: 0, temperature: 0 };
  const repo = temperatureRepo(tenantScope(trx, customerId));
  const bySensor = new Map<string, Map<string, TemperatureEvent>>();
  for (const reading of readings) {
    const at = new Date(reading.at).toISOString();
    let of = bySensor.get(reading.sensorId);
    if (!of) {
      of = new Map<string, TemperatureEvent>();
      bySensor.set(reading.sensorId, of);
    }
    // The same instant twice in one batch: the first counts, like a resend.
    if (!of.has(at)) of.set(at, { ...reading, at });
  }
  const sensors = new Map((await repo.sensorsByIds([...bySensor.keys()])).map((sensor) => [sensor.id, sensor]));
  const candidates: { sensor_id: string; at: string; celsius: number; humidity: number | null }[] = [];
  for (const [sensorId, byAt] of bySensor) {
    if (!sensors.has(sensorId)) continue;
    for (const reading of byAt.values()) candidates.push({ sensor_id: sensorId, at: reading.at, celsius: reading.celsius, humidity: reading.humidity ?? null });
  }
  const freshOf = new Map<string, TemperatureEvent[]>();
  for (const row of await repo.insertNewReadings(candidates)) {
    const reading = bySensor.get(row.sensor_id)?.get(row.at);
    if (!reading) continue;
    const fresh = freshOf.get(row.sensor_id);
    if (fresh) fresh.push(reading);
    else freshOf.set(row.sensor_id, [reading]);
  }
  const rollups: RollupRow[] = [];
  const hours: HourRow[] = [];
  let accepted = 0;
  // In the batch's order of sensors, as they were evaluated before the batch was written as a whole.
  const freshSensors = [...bySensor.keys()].filter((sensorId) => freshOf.has(sensorId));
  for (const sensorId of freshSensors) {
    const fresh = freshOf.get(sensorId) as TemperatureEvent[];
    fresh.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    accepted += fresh.length;
    const sums = aggregateReadings(sensorId, limitSetOf(sensors.get(sensorId) as SensorWithShop), fresh);
    for (const row of sums.rollups) rollups.push(row);
    for (const row of sums.hours) hours.push(row);
  }
  await repo.addToRollups(rollups);
  await repo.addToHours(hours);

  for (const sensorId of freshSensors) {
    const fresh = freshOf.get(sensorId) as TemperatureEvent[];
    const sensor = sensors.get(sensorId) as SensorWithShop;
    const newer = fresh.filter((reading) => sensor.last_at === null || reading.at > sensor.last_at);
    const last = newer.at(-1);
    if (!last) continue;
    let state = stateOf(sensor);
    const outcomes: BreachOutcome[] = [];
    // A disabled sensor's readings are kept, but it raises nothing.
    if (sensor.enabled === 1) {
      const limits = limitsOf(limitSetOf(sensor), clockOf(sensor));
      for (const reading of newer) {
        const step = evaluateReading(state, reading, limits(Date.parse(reading.at)), sensor.delay_minutes);
        state = step.state;
        for (const outcome of step.outcomes) {
          if (outcome.kind !== 'raise') {
            outcomes.push(outcome);
            continue;
          }
          // The alert's id now, in the state: a later reading of this batch that ends the breach closes this alert.
          const alertId = newId();
          state = { ...state, openAlertId: alertId };
          outcomes.push({ ...outcome, alertId });
        }
      }
    }
    state = await apply(trx, customerId, sensor, state, outcomes);
    await repo.updateSensor(sensorId, { last_at: last.at, last_celsius: last.celsius, last_humidity: last.humidity ?? null, ...stateColumns(state) });
  }
  return { accepted, duplicates: readings.length - accepted, temperature: accepted };
}

/**
 * The clock's part (a scheduled job, every minute): a pending breach whose delay has passed with no
 * newer reading alerts now, raised at the moment its delay ran out. Each sensor in its own
 * transaction, its state written only if nobody changed it meanwhile (a batch that came first wins).
 */
export async function raiseDueBreaches(db: DB, customerId: string, at: Date): Promise<number> {
  const pending = await temperatureRepo(tenantScope(db, customerId)).pendingSensors();
  let raised = 0;
  for (const sensor of pending) {
    const state = stateOf(sensor);
    if (sensor.enabled !== 1 || !dueByClock(state, sensor.delay_minutes, at.getTime()) || !state.side || !state.since) continue;
    const raisedAt = new Date(Date.parse(state.since) + sensor.delay_minutes * 60_000).toISOString();
    const outcome: BreachOutcome = { kind: 'raise', side: state.side, since: state.since, limit: state.limit ?? 0, peak: state.peak ?? 0, at: raisedAt };
    const done = await db
      .transaction()
      .execute(async (trx) => {
        const repo = temperatureRepo(tenantScope(trx, customerId));
        const next = await apply(trx, customerId, sensor, { ...state, state: 'alert' }, [outcome]);
        const written = await repo.compareAndSetState(sensor.id, { lastAt: sensor.last_at, state: 'pending', since: state.since }, stateColumns(next));
        // Someone else moved the state on: undo this round's alert and message.
        if (!written) throw new StateMoved();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof StateMoved) return false;
        throw error;
      });
    if (done) raised += 1;
  }
  return raised;
}

class StateMoved extends Error {}

/**
 * Reminders of alerts still open (the breach clock job): each open alert is told again once the
 * customer's alert-settings interval (at least 5 minutes) has passed since it was last told. Each
 * reminder is claimed by a conditional update in the transaction that posts it: never sent twice.
 */
export async function remindOpenAlerts(db: DB, customerId: string, at: Date): Promise<number> {
  const repo = temperatureRepo(tenantScope(db, customerId));
  const setting = await repo.alertSetting();
  if (setting && setting.enabled !== 1) return 0;
  const interval = setting?.interval_minutes ?? ALERT_DEFAULTS.intervalMinutes;
  const due = await repo.alertsToRemind(new Date(at.getTime() - interval * 60_000).toISOString());
  if (due.length === 0) return 0;
  const sensors = new Map((await repo.sensorsByIds([...new Set(due.map((alert) => alert.sensor_id))])).map((sensor) => [sensor.id, sensor]));
  let sent = 0;
  for (const alert of due) {
    const sensor = sensors.get(alert.sensor_id);
    if (!sensor || alert.notified_at === null) continue;
    const stamp = at.toISOString();
    const claimed = await db.transaction().execute(async (trx) => {
      if (!(await temperatureRepo(tenantScope(trx, customerId)).claimReminder(alert.id, alert.notified_at ?? '', stamp))) return false;
      const outcome: BreachOutcome = { kind: 'raise', side: alert.side, since: alert.started_at, limit: alert.limit_value, peak: alert.peak, at: stamp };
      await tell(trx, customerId, sensor, outcome, alert.id, true);
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}
