import {
  type AlertRow,
  type ComplianceRequest,
  type ComplianceRow,
  type Curve,
  type DeviceTree,
  type Locale,
  type NumList,
  type Page,
  type ReadingsExportRequest,
  type SensorRow,
  type SensorSaveRequest,
  type SensorState,
  TEMPERATURE_LIMITS,
  type TemperatureStoreStatus,
} from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { publishRealtime } from '../../platform/realtime/publish.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { addDays, rangeDays, todayIn, utcOfLocal } from '../../platform/time/local-time.ts';
import { businessHoursOf, limitsAt, limitsOf } from './breach.ts';
import { type AlertStored, type SensorStored, type SensorWithShop, temperatureRepo } from './temperature.repo.ts';
import { complianceRow, countHour, hourMasks, hourStartMs } from './temperature-compliance.ts';
import { limitSetOf } from './temperature-engine.ts';
import { type ExportedReading, readingsWorkbook } from './temperature-export.ts';
import { hourOf } from './temperature-rollup.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Every bucket of an hour. */
const FULL = 0xfff;
/** The three parts of an export's range, each at the finest detail kept for it (hours as 'YYYY-MM-DDTHH'). */
export interface ExportParts {
  hours: { from: string; to: string };
  rollups: { from: string; to: string };
  readings: { from: string; to: string };
}

/**
 * Splits [from, to) where the retention changes the detail kept: hours before the 5-minute
 * rollups' horizon, rollups before the raw readings' one, raw readings after. The horizons are
 * rounded up to a whole hour and a whole 5 minutes so that no part holds a bucket the purge has cut
 * in two.
 */
export function exportParts(from: string, to: string, atMs: number): ExportParts {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const within = (ms: number) => Math.min(Math.max(ms, fromMs), toMs);
  const rollupsFrom = within(Math.ceil((atMs - TEMPERATURE_LIMITS.rollupDays * DAY) / HOUR) * HOUR);
  const readingsFrom = within(Math.ceil((atMs - TEMPERATURE_LIMITS.rawDays * DAY) / (5 * MINUTE)) * 5 * MINUTE);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    // A zone whose days start inside a UTC hour (India) takes that whole first hour.
    hours: { from: hourOf(from), to: rollupsFrom > fromMs ? hourOf(iso(Math.ceil(rollupsFrom / HOUR) * HOUR)) : hourOf(from) },
    rollups: { from: iso(rollupsFrom), to: iso(readingsFrom) },
    readings: { from: iso(readingsFrom), to },
  };
}

const summary = (row: { n: number; sum: number; min: number; max: number }) => ({
  celsius: Math.round((row.sum / row.n) * 100) / 100,
  min: row.min,
  max: row.max,
  count: row.n,
});

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Without alert settings, a sensor silent this long is offline (the devices' default threshold). */
const DEFAULT_OFFLINE_MINUTES = 15;

/**
 * Temperature monitoring's operations (issue 16 section 1): sensors per store in the caller's data
 * scope (what lies outside answers not found), their latest readings and state, curves from the
 * 5-minute rollups, alerts and their one corrective action, the readings' Excel export.
 */
/** exportMaxRows: the contracts' limit unless a test sets a smaller one (a file of 250,000 rows is slow to provoke). */
export function createTemperatureService(deps: { db: DB; exportMaxRows?: number }) {
  const { db, exportMaxRows = TEMPERATURE_LIMITS.exportMaxRows } = deps;
  const repoOf = (customerId: string) => temperatureRepo(tenantScope(db, customerId));

  async function insertSensor(
    customerId: string,
    values: Omit<SensorStored, 'customer_id' | 'id' | 'created_at' | 'last_at' | 'last_celsius' | 'last_humidity' | `breach_${string}` | 'open_alert_id'>,
  ): Promise<string> {
    const id = newId();
    await repoOf(customerId).insertSensor({
      id,
      ...values,
      created_at: values.updated_at,
      last_at: null,
      last_celsius: null,
      last_humidity: null,
      breach_state: 'normal',
      breach_side: null,
      breach_since: null,
      breach_limit: null,
      breach_peak: null,
      open_alert_id: null,
    });
    return id;
  }

  async function offlineMinutes(customerId: string): Promise<number> {
    return (await repoOf(customerId).alertSetting())?.offline_after_minutes ?? DEFAULT_OFFLINE_MINUTES;
  }

  function present(sensor: SensorWithShop, offlineAfter: number, at: Date): SensorRow {
    const limits = { low: sensor.low, high: sensor.high };
    return {
      sensorId: sensor.id,
      shopId: sensor.shop_id,
      shopName: sensor.shop_name,
      timeZone: sensor.time_zone,
      boxId: sensor.box_id,
      name: sensor.name,
      kind: sensor.kind,
      limits,
      offHoursLimits: sensor.off_low !== null && sensor.off_high !== null ? { low: sensor.off_low, high: sensor.off_high } : null,
      delayMinutes: sensor.delay_minutes,
      enabled: sensor.enabled === 1,
      online: sensor.last_at !== null && Date.parse(sensor.last_at) >= at.getTime() - offlineAfter * MINUTE,
      state: sensor.breach_state,
      currentLimits: limitsAt(limitSetOf(sensor), { timeZone: sensor.time_zone, businessHours: sensor.business_hours }, at.getTime()),
      latest:
        sensor.last_at !== null && sensor.last_celsius !== null ? { at: sensor.last_at, celsius: sensor.last_celsius, humidity: sensor.last_humidity } : null,
      openAlertId: sensor.open_alert_id,
    };
  }

  async function sensorsOf(actor: CustomerActor, shopIds: readonly string[] | undefined): Promise<SensorRow[]> {
    const shops = await accessOf(db, actor).shopIds(shopIds);
    const [sensors, offlineAfter] = await Promise.all([repoOf(actor.customerId).sensorsOfShops(shops), offlineMinutes(actor.customerId)]);
    const at = now();
    return sensors.map((sensor) => present(sensor, offlineAfter, at));
  }

  async function visibleSensor(actor: CustomerActor, sensorId: string): Promise<SensorWithShop> {
    const sensor = await repoOf(actor.customerId).sensor(sensorId);
    if (!sensor) throw notFound();
    await accessOf(db, actor).requireShop(sensor.shop_id);
    return sensor;
  }

  async function visibleAlert(actor: CustomerActor, alertId: string): Promise<AlertStored> {
    const alert = await repoOf(actor.customerId).alert(alertId);
    if (!alert) throw notFound();
    await accessOf(db, actor).requireShop(alert.shop_id);
    return alert;
  }

  async function presentAlerts(customerId: string, alerts: readonly AlertStored[]): Promise<AlertRow[]> {
    const repo = repoOf(customerId);
    const [sensors, names] = await Promise.all([
      repo.sensorsByIds([...new Set(alerts.map((alert) => alert.sensor_id))]),
      repo.userNames([...new Set(alerts.flatMap((alert) => (alert.action_by ? [alert.action_by] : [])))]),
    ]);
    const sensorOf = new Map(sensors.map((sensor) => [sensor.id, sensor]));
    return alerts.map((alert) => {
      const sensor = sensorOf.get(alert.sensor_id);
      return {
        alertId: alert.id,
        sensorId: alert.sensor_id,
        sensorName: sensor?.name ?? '',
        kind: sensor?.kind ?? 'fridge',
        shopId: alert.shop_id,
        shopName: sensor?.shop_name ?? '',
        side: alert.side,
        limit: alert.limit_value,
        startedAt: alert.started_at,
        raisedAt: alert.raised_at,
        endedAt: alert.ended_at,
        durationSeconds: alert.duration_s,
        peak: alert.peak,
        action:
          alert.action_text !== null && alert.action_by !== null && alert.action_at !== null
            ? { text: alert.action_text, by: alert.action_by, byName: names.get(alert.action_by) ?? '', at: alert.action_at }
            : null,
      };
    });
  }

  /** The UTC instants of a range of the store's local days, refused beyond `maxDays`. */
  function localRange(timeZone: string, startDate: string, endDate: string, maxDays: number): { from: string; to: string } {
    if (endDate < startDate || rangeDays(startDate, endDate) > maxDays) throw badRequest('errors.timeSelectionError', { days: maxDays });
    return { from: new Date(utcOfLocal(timeZone, startDate, 0)).toISOString(), to: new Date(utcOfLocal(timeZone, addDays(endDate, 1), 0)).toISOString() };
  }

  return {
    async deviceTree(actor: CustomerActor, shopIds: readonly string[] | undefined): Promise<DeviceTree> {
      const shops = await accessOf(db, actor).shopIds(shopIds);
      const sensors = await sensorsOf(actor, shops);
      const names = new Map(sensors.map((sensor) => [sensor.shopId, sensor.shopName]));
      // Stores without sensors are left out: the tree is the stores that monitor temperature.
      return [...names].map(([shopId, shopName]) => ({
        shopId,
        shopName,
        sensors: sensors
          .filter((sensor) => sensor.shopId === shopId)
          .map((sensor) => ({ sensorId: sensor.sensorId, name: sensor.name, kind: sensor.kind, online: sensor.online, state: sensor.state })),
      }));
    },

    async page(
      actor: CustomerActor,
      input: { shopIds?: string[] | undefined; state?: SensorState | undefined; page: number; pageSize: number },
    ): Promise<Page<SensorRow>> {
      const rows = (await sensorsOf(actor, input.shopIds)).filter((sensor) => !input.state || sensor.state === input.state);
      const start = (input.page - 1) * input.pageSize;
      return { total: rows.length, page: input.page, pageSize: input.pageSize, list: rows.slice(start, start + input.pageSize) };
    },

    last: (actor: CustomerActor, shopIds: readonly string[] | undefined) => sensorsOf(actor, shopIds),

    async numList(actor: CustomerActor, shopIds: readonly string[] | undefined): Promise<NumList> {
      const shops = await accessOf(db, actor).shopIds(shopIds);
      const [sensors, openAlerts] = await Promise.all([sensorsOf(actor, shops), repoOf(actor.customerId).openAlertCount(shops)]);
      const count = (state: SensorState) => sensors.filter((sensor) => sensor.state === state).length;
      return {
        total: sensors.length,
        normal: count('normal'),
        pending: count('pending'),
        alert: count('alert'),
        offline: sensors.filter((sensor) => sensor.enabled && !sensor.online).length,
        openAlerts,
      };
    },

    /**
     * Per store of the caller's scope with sensors: sensors, online and offline (enabled ones silent
     * past the offline threshold), open alerts. For the service catalogue (modules/extensions).
     */
    async storeSummary(actor: CustomerActor): Promise<TemperatureStoreStatus[]> {
      const shops = await accessOf(db, actor).shopIds(undefined);
      const [sensors, openAlerts] = await Promise.all([sensorsOf(actor, shops), repoOf(actor.customerId).openAlertCountsByShop(shops)]);
      const stores = new Map<string, TemperatureStoreStatus>();
      for (const sensor of sensors) {
        const store = stores.get(sensor.shopId) ?? {
          shopId: sensor.shopId,
          shopName: sensor.shopName,
          sensors: 0,
          online: 0,
          offline: 0,
          openAlerts: openAlerts.get(sensor.shopId) ?? 0,
        };
        store.sensors += 1;
        if (sensor.enabled && sensor.online) store.online += 1;
        if (sensor.enabled && !sensor.online) store.offline += 1;
        stores.set(sensor.shopId, store);
      }
      return [...stores.values()];
    },

    /**
     * A sensor's curve over the store's local days: 5-minute points (min, average, max) while the
     * range lies within the 5-minute rollups' retention, hourly points from the sensor's hours
     * before that (docs/decisions/temperature.md), with the limits in force as steps.
     */
    async curve(actor: CustomerActor, input: { sensorId: string; startDate: string; endDate: string }): Promise<Curve> {
      const sensor = await visibleSensor(actor, input.sensorId);
      const { from, to } = localRange(sensor.time_zone, input.startDate, input.endDate, TEMPERATURE_LIMITS.curveMaxDays);
      const repo = repoOf(actor.customerId);
      const fine = Date.parse(from) >= now().getTime() - TEMPERATURE_LIMITS.rollupDays * DAY;
      const round = (row: { sum: number; n: number }) => Math.round((row.sum / row.n) * 100) / 100;
      const points = fine
        ? (await repo.rollups(sensor.id, from, to)).map((row) => ({ at: row.bucket, min: row.min, avg: round(row), max: row.max }))
        : (await repo.hours(sensor.id, hourOf(from), hourOf(new Date(Date.parse(to) + HOUR - 1).toISOString()))).map((row) => ({
            at: new Date(hourStartMs(row.hour)).toISOString(),
            min: row.min,
            avg: round(row),
            max: row.max,
          }));
      // The limits as steps: one at the start and one at every change of business hours (checked every 5 minutes).
      const clock = { timeZone: sensor.time_zone, businessHours: sensor.business_hours };
      const open = businessHoursOf(clock);
      const limitsAtMs = limitsOf(limitSetOf(sensor), clock);
      const limits: Curve['limits'] = [];
      let previous: boolean | null = null;
      for (let at = Date.parse(from); at < Date.parse(to); at += 5 * MINUTE) {
        const isOpen = open(at);
        if (isOpen !== previous) limits.push({ from: new Date(at).toISOString(), ...limitsAtMs(at) });
        previous = isOpen;
      }
      return { sensorId: sensor.id, timeZone: sensor.time_zone, points, limits };
    },

    /**
     * Per store of the chosen ones with enabled sensors: the share of its 5-minute buckets (with
     * readings) within the limits in force then, over the store's local days, from the sensors'
     * hours (temperature_hours, docs/decisions/temperature.md). Where a UTC hour of the day lies
     * wholly in business hours, or wholly outside, on every day of the range, SQL sums its counts
     * into one row; the other hours of the day (an opening at 10:30, a daylight-saving
     * shift, a day that starts inside a UTC hour) are read as masks and judged bucket by bucket.
     */
    async compliance(actor: CustomerActor, input: ComplianceRequest): Promise<ComplianceRow[]> {
      const shops = await accessOf(db, actor).shopIds(input.shopIds);
      const repo = repoOf(actor.customerId);
      const sensors = (await repo.sensorsOfShops(shops)).filter((sensor) => sensor.enabled === 1);
      const byShop = new Map<string, SensorWithShop[]>();
      for (const sensor of sensors) {
        const ofShop = byShop.get(sensor.shop_id);
        if (ofShop) ofShop.push(sensor);
        else byShop.set(sensor.shop_id, [sensor]);
      }
      const rows: ComplianceRow[] = [];
      for (const [shopId, ofShop] of byShop) {
        const first = ofShop[0] as SensorWithShop;
        const open = businessHoursOf({ timeZone: first.time_zone, businessHours: first.business_hours });
        const { from, to } = localRange(first.time_zone, input.startDate, input.endDate, TEMPERATURE_LIMITS.complianceMaxDays);
        const fromMs = Date.parse(from);
        const toMs = Date.parse(to);
        const fromHour = hourOf(from);
        const toHour = hourOf(new Date(toMs + HOUR - 1).toISOString());
        // Per UTC hour of the day: the business-hours mask it has on every day of the range when it
        // lies wholly inside the range and wholly in or out of business hours, else null.
        const masksOf = new Map<string, { open: number; inRange: number }>();
        const sameEveryDay = new Map<string, number | null>();
        for (let start = hourStartMs(fromHour); start < toMs; start += HOUR) {
          const hour = hourOf(new Date(start).toISOString());
          const masks = hourMasks(open, start, fromMs, toMs);
          masksOf.set(hour, masks);
          const hourOfDay = hour.slice(11, 13);
          const whole = masks.inRange === FULL && (masks.open === 0 || masks.open === FULL);
          const seen = sameEveryDay.get(hourOfDay);
          if (!whole || (seen !== undefined && seen !== masks.open)) sameEveryDay.set(hourOfDay, null);
          else if (seen === undefined) sameEveryDay.set(hourOfDay, masks.open);
        }
        const uniform = [...sameEveryDay].filter(([, mask]) => mask !== null).map(([hourOfDay]) => hourOfDay);
        const changing = [...sameEveryDay].filter(([, mask]) => mask === null).map(([hourOfDay]) => hourOfDay);
        const sensorIds = ofShop.map((sensor) => sensor.id);
        let measured = 0;
        let within = 0;
        const openHours = uniform.filter((hourOfDay) => sameEveryDay.get(hourOfDay) === FULL);
        const sums = await repo.complianceSums(sensorIds, fromHour, toHour, uniform, openHours);
        measured += sums.measured;
        within += sums.within;
        for (const tally of await repo.complianceHours(sensorIds, fromHour, toHour, changing)) {
          const counted = countHour(tally, masksOf.get(tally.hour) ?? { open: 0, inRange: 0 });
          measured += counted.measured;
          within += counted.within;
        }
        rows.push(complianceRow({ shopId, shopName: first.shop_name, sensors: ofShop.length }, measured, within));
      }
      return rows;
    },

    async alertPage(
      actor: CustomerActor,
      input: { shopIds?: string[] | undefined; sensorId?: string | undefined; status?: 'open' | 'closed' | undefined; page: number; pageSize: number },
    ): Promise<Page<AlertRow>> {
      const shops = await accessOf(db, actor).shopIds(input.shopIds);
      if (input.sensorId) await visibleSensor(actor, input.sensorId);
      const { total, rows } = await repoOf(actor.customerId).alertPage({ ...input, shopIds: shops });
      return { total, page: input.page, pageSize: input.pageSize, list: await presentAlerts(actor.customerId, rows) };
    },

    /** The one corrective action of an alert (open or closed): a second one is refused. */
    async alertAction(actor: CustomerActor, input: { alertId: string; text: string }): Promise<null> {
      const alert = await visibleAlert(actor, input.alertId);
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const repo = temperatureRepo(tenantScope(trx, actor.customerId));
        if (!(await repo.setAction(alert.id, { action_text: input.text, action_by: actor.userId, action_at: at }))) throw refused('temperature.actionTaken');
        await publishRealtime(trx, actor.customerId, [
          { type: 'temperature', shopId: alert.shop_id, data: { shopId: alert.shop_id, sensorId: alert.sensor_id, alertId: alert.id, change: 'action', at } },
        ]);
      });
      return null;
    },

    /** Creates a sensor on a box of a store the caller sees, or changes one; moving it to another box moves it with the box's store. */
    async sensorSave(actor: CustomerActor, input: SensorSaveRequest): Promise<{ sensorId: string }> {
      const repo = repoOf(actor.customerId);
      const box = await repo.box(input.boxId);
      if (!box) throw notFound();
      await accessOf(db, actor).requireShop(box.shop_id);
      const at = nowIso();
      const values = {
        box_id: box.id,
        shop_id: box.shop_id,
        name: input.name,
        kind: input.kind,
        low: input.limits.low,
        high: input.limits.high,
        off_low: input.offHoursLimits?.low ?? null,
        off_high: input.offHoursLimits?.high ?? null,
        delay_minutes: input.delayMinutes,
        enabled: input.enabled ? 1 : 0,
        updated_at: at,
      };
      if (input.sensorId) {
        await visibleSensor(actor, input.sensorId);
        // New limits apply from the next reading on; a running breach is judged by them then.
        await repo.updateSensor(input.sensorId, values);
        return { sensorId: input.sensorId };
      }
      const id = await insertSensor(actor.customerId, values);
      return { sensorId: id };
    },

    /** A sensor on a box, for the demo seed (no caller: the seed acts for the customer). */
    async seedSensor(customerId: string, boxId: string, input: Omit<SensorSaveRequest, 'boxId' | 'sensorId'>): Promise<string> {
      const box = await repoOf(customerId).box(boxId);
      if (!box) throw notFound();
      return insertSensor(customerId, {
        box_id: box.id,
        shop_id: box.shop_id,
        name: input.name,
        kind: input.kind,
        low: input.limits.low,
        high: input.limits.high,
        off_low: input.offHoursLimits?.low ?? null,
        off_high: input.offHoursLimits?.high ?? null,
        delay_minutes: input.delayMinutes,
        enabled: input.enabled ? 1 : 0,
        updated_at: nowIso(),
      });
    },

    /** Every sensor of a customer with its box (the demo's boxes send their readings). */
    async sensorsOfCustomer(customerId: string) {
      return (await repoOf(customerId).allSensors()).map((sensor) => ({
        sensorId: sensor.id,
        boxId: sensor.box_id,
        shopId: sensor.shop_id,
        name: sensor.name,
        kind: sensor.kind,
      }));
    },

    async boxes(actor: CustomerActor, shopIds: readonly string[] | undefined) {
      const shops = await accessOf(db, actor).shopIds(shopIds);
      return (await repoOf(actor.customerId).boxesOfShops(shops)).map((box) => ({ boxId: box.id, name: box.name, mac: box.mac, shopId: box.shop_id }));
    },

    /**
     * The chosen stores' readings over their local days, for an inspector (times in each store's
     * zone), at the finest detail still kept (docs/decisions/temperature.md): raw readings for the
     * last 7 days, 5-minute summaries (average, min, max) back to 35 days, hourly ones before that.
     * Counted first: a file of more than exportMaxRows rows is refused with what would fit.
     */
    async exportReadings(actor: CustomerActor, input: ReadingsExportRequest, locale: Locale): Promise<DownloadFile> {
      const shops = await accessOf(db, actor).shopIds(input.shopIds);
      const sensors = await repoOf(actor.customerId).sensorsOfShops(shops);
      const zone = sensors[0]?.time_zone ?? 'UTC';
      // Checked once in the first store's zone; each store's own days are read below.
      localRange(zone, input.startDate, input.endDate, TEMPERATURE_LIMITS.exportMaxDays);
      const repo = repoOf(actor.customerId);
      const parts = new Map(
        sensors.map((sensor) => {
          const { from, to } = localRange(sensor.time_zone, input.startDate, input.endDate, TEMPERATURE_LIMITS.exportMaxDays);
          return [sensor.id, exportParts(from, to, now().getTime())] as const;
        }),
      );
      // Stores of one zone share their parts: one count for all of them (the usual case).
      let rowCount = 0;
      for (const [key, group] of groupBy(sensors, (sensor) => JSON.stringify(parts.get(sensor.id)))) {
        rowCount += await repo.exportRowCount(
          group.map((sensor) => sensor.id),
          JSON.parse(key),
        );
      }
      if (rowCount > exportMaxRows) {
        throw badRequest('temperature.exportTooLarge', { rows: rowCount, max: exportMaxRows });
      }
      const rows: ExportedReading[] = [];
      for (const sensor of sensors) {
        const part = parts.get(sensor.id) as ExportParts;
        for (const row of await repo.hours(sensor.id, part.hours.from, part.hours.to)) {
          rows.push({ sensor, row: { at: new Date(hourStartMs(row.hour)).toISOString(), detail: 'hour', ...summary(row), humidity: null } });
        }
        for (const row of await repo.rollups(sensor.id, part.rollups.from, part.rollups.to)) {
          rows.push({ sensor, row: { at: row.bucket, detail: 'fiveMinutes', ...summary(row), humidity: null } });
        }
        for (const reading of await repo.readings([sensor.id], part.readings.from, part.readings.to)) {
          const { celsius } = reading;
          rows.push({ sensor, row: { at: reading.at, detail: 'reading', celsius, min: celsius, max: celsius, count: 1, humidity: reading.humidity } });
        }
      }
      const today = todayIn(zone, now());
      return {
        fileName: `temperature-${input.startDate}-${input.endDate}${input.endDate >= today ? '-partial' : ''}.xlsx`,
        content: await readingsWorkbook(rows, locale),
      };
    },
  };
}
export type TemperatureService = ReturnType<typeof createTemperatureService>;
