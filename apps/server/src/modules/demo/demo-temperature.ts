import type { SensorKind, TemperatureEvent } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { DeviceContext } from '../../platform/http/context.ts';
import { now } from '../../platform/time/clock.ts';
import type { DeviceApiService } from '../device-api/device-api.service.ts';
import { createTemperatureService } from '../temperature/temperature.service.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The demo's food stores: the first three stores of the retail customer keep fridges, a freezer, a deli counter and a stock room. */
export const DEMO_TEMPERATURE_SHOPS = 3;
/** The fridge that drifts warm every day (a failing compressor), in the first store only. */
export const DRIFTING_FRIDGE = 'Drinks fridge';
/** Hours of readings the seed writes (a day and a half: yesterday's drift alert is there, closed). */
export const DEMO_TEMPERATURE_HOURS = 36;

const SENSORS: readonly {
  name: string;
  kind: SensorKind;
  limits: { low: number; high: number };
  offHoursLimits: { low: number; high: number } | null;
  delayMinutes: number;
  firstShopOnly?: boolean;
}[] = [
  { name: 'Dairy fridge', kind: 'fridge', limits: { low: 0, high: 5 }, offHoursLimits: null, delayMinutes: 30 },
  { name: 'Freezer', kind: 'freezer', limits: { low: -25, high: -15 }, offHoursLimits: null, delayMinutes: 30 },
  { name: 'Deli counter', kind: 'displayCase', limits: { low: 0, high: 5 }, offHoursLimits: { low: 0, high: 8 }, delayMinutes: 20 },
  { name: 'Stock room', kind: 'stockRoom', limits: { low: 10, high: 25 }, offHoursLimits: null, delayMinutes: 60 },
  { name: DRIFTING_FRIDGE, kind: 'fridge', limits: { low: 0, high: 5 }, offHoursLimits: null, delayMinutes: 30, firstShopOnly: true },
];

export interface DemoSensor {
  sensorId: string;
  name: string;
  kind: SensorKind;
}

/** A small repeatable wobble in [-1, 1] per sensor and minute: the same demo on every machine. */
function wobble(sensorId: string, minute: number): number {
  let hash = 2_166_136_261;
  for (const char of `${sensorId}|${minute}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return ((hash >>> 0) / 4_294_967_295) * 2 - 1;
}

/**
 * What a demo sensor reads at an instant (°C, one decimal): fridges hold 3.5 °C and defrost every
 * six hours for 20 minutes (up to about 8 °C: outside the limits, but shorter than the delay, so no
 * alert); the drifting fridge warms from 09:00 to 15:00 Shanghai time every day (an alert that
 * closes when it is 'repaired'); the freezer defrosts every eight hours; the deli counter warms with
 * the doors of business hours; the stock room follows the day.
 */
export function demoCelsius(sensor: DemoSensor, ms: number): number {
  const minute = Math.floor(ms / MINUTE);
  const noise = wobble(sensor.sensorId, minute);
  const hourOfDay = (ms / HOUR) % 24;
  let value: number;
  if (sensor.kind === 'freezer') {
    const cycle = minute % 480;
    value = -19 + noise * 0.6 + (cycle < 25 ? 6 * Math.sin((Math.PI * cycle) / 25) : 0);
  } else if (sensor.kind === 'displayCase') {
    const open = hourOfDay >= 2 && hourOfDay < 14;
    value = (open ? 4 : 3) + noise * (open ? 0.8 : 0.3);
  } else if (sensor.kind === 'stockRoom') {
    value = 18 + 3 * Math.sin(((hourOfDay - 2) / 24) * 2 * Math.PI) + noise * 0.5;
  } else {
    const cycle = minute % 360;
    value = 3.5 + noise * 0.3 + (cycle < 20 ? 4.5 * Math.sin((Math.PI * cycle) / 20) : 0);
    if (sensor.name === DRIFTING_FRIDGE && hourOfDay >= 1 && hourOfDay < 7) value += (hourOfDay - 1) * 1.8;
  }
  return Math.round(value * 10) / 10;
}

/** The readings of a box's sensors at each whole `stepMinutes` in (from, to]. */
export function demoReadings(sensors: readonly DemoSensor[], from: number, to: number, stepMinutes = 1): TemperatureEvent[] {
  const step = stepMinutes * MINUTE;
  const events: TemperatureEvent[] = [];
  for (let at = Math.floor(from / step) * step + step; at <= to; at += step) {
    for (const sensor of sensors) {
      events.push({ type: 'temperature', sensorId: sensor.sensorId, at: new Date(at).toISOString(), celsius: demoCelsius(sensor, at) });
    }
  }
  return events;
}

/**
 * Puts the demo's sensors on the boxes of its food stores (the retail customer's first stores by
 * number, one box each), as a store manager would on /temperature.
 */
export async function seedDemoSensors(db: DB, retailCustomerId: string, boxes: readonly { number: string; boxId: string }[]): Promise<number> {
  const temperature = createTemperatureService({ db });
  const firstBoxes = [...new Map([...boxes].sort((a, b) => a.number.localeCompare(b.number)).map((box) => [box.number, box.boxId])).values()];
  let made = 0;
  for (const [index, boxId] of firstBoxes.slice(0, DEMO_TEMPERATURE_SHOPS).entries()) {
    for (const { firstShopOnly, ...input } of SENSORS) {
      if (firstShopOnly && index > 0) continue;
      await temperature.seedSensor(retailCustomerId, boxId, { ...input, enabled: true });
      made += 1;
    }
  }
  return made;
}

/** Every demo sensor by box, read from the database (the feed and the history send their readings). */
export async function demoSensorsByBox(db: DB, customerIds: readonly string[]): Promise<Map<string, DemoSensor[]>> {
  const temperature = createTemperatureService({ db });
  const byBox = new Map<string, DemoSensor[]>();
  for (const customerId of customerIds) {
    for (const sensor of await temperature.sensorsOfCustomer(customerId)) {
      byBox.set(sensor.boxId, [...(byBox.get(sensor.boxId) ?? []), { sensorId: sensor.sensorId, name: sensor.name, kind: sensor.kind }]);
    }
  }
  return byBox;
}

/**
 * The last `hours` of readings, every 5 minutes, through the device API as boxes catching up would
 * send them: yesterday's and today's drift of the drinks fridge become alerts (the open one when
 * the seed runs inside the drift window), the defrost cycles do not.
 */
export async function writeTemperatureHistory(
  deviceApi: DeviceApiService,
  devices: readonly DeviceContext[],
  sensorsByBox: ReadonlyMap<string, DemoSensor[]>,
  hours: number,
  until: Date = now(),
): Promise<number> {
  let sent = 0;
  for (const device of devices) {
    const sensors = sensorsByBox.get(device.boxId) ?? [];
    if (sensors.length === 0) continue;
    const events = demoReadings(sensors, until.getTime() - hours * HOUR, until.getTime(), 5);
    for (let start = 0; start < events.length; start += 4000) {
      await deviceApi.receiveBatch(device, {
        batchId: `temperature-history-${device.boxId}-${until.getTime()}-${start}`,
        events: events.slice(start, start + 4000),
      });
    }
    sent += events.length;
  }
  return sent;
}
