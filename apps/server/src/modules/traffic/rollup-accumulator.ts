import { monthOf, weekStart } from '../../platform/time/local-time.ts';
import { addInto, type Sums } from './metrics.ts';

/**
 * Rollup changes of one batch, summed in memory first so each rollup row is written once per
 * batch (an upsert that adds), however many events fall into it. Negative changes (a visit that
 * turned from new to repeat) add the same way.
 */
export class RollupDeltas {
  /** Hourly changes only; days, weeks and months are summed from them when the batch is written. */
  readonly shopHourly = new Map<string, { shopId: string; date: string; hour: number; sums: Sums }>();
  readonly entranceHourly = new Map<string, { shopId: string; cameraId: string; date: string; hour: number; sums: Sums }>();
  readonly zoneDaily = new Map<string, { shopId: string; cameraId: string; regionId: string; date: string; stays: number; dwell: number }>();
  /**
   * Sums that reach only a weekly or monthly rollup: the final days before a shop's retention
   * horizon, carried into the week and month a rebuild recomputes from the horizon on.
   */
  readonly weekCarry = new Map<string, { shopId: string; key: string; sums: Sums }>();
  readonly monthCarry = new Map<string, { shopId: string; key: string; sums: Sums }>();

  addShop(shopId: string, date: string, hour: number, sums: Sums): void {
    addInto(bucket(this.shopHourly, `${shopId}|${date}|${hour}`, () => ({ shopId, date, hour, sums: {} })).sums, sums);
  }

  /** Entrance counts go to the entrance rollups and to the shop's. */
  addEntrance(shopId: string, cameraId: string, date: string, hour: number, sums: Sums): void {
    addInto(bucket(this.entranceHourly, `${shopId}|${cameraId}|${date}|${hour}`, () => ({ shopId, cameraId, date, hour, sums: {} })).sums, sums);
    this.addShop(shopId, date, hour, sums);
  }

  addZone(shopId: string, cameraId: string, regionId: string, date: string, dwellSeconds: number): void {
    const row = bucket(this.zoneDaily, `${shopId}|${cameraId}|${regionId}|${date}`, () => ({ shopId, cameraId, regionId, date, stays: 0, dwell: 0 }));
    row.stays += 1;
    row.dwell += dwellSeconds;
  }

  /** A final day's sums, carried into its week's and month's rollups (not into hours or days). */
  carryDay(shopId: string, date: string, sums: Sums, into: { week: boolean; month: boolean }): void {
    if (into.week) addInto(bucket(this.weekCarry, `${shopId}|${weekStart(date)}`, () => ({ shopId, key: weekStart(date), sums: {} })).sums, sums);
    if (into.month) addInto(bucket(this.monthCarry, `${shopId}|${monthOf(date)}`, () => ({ shopId, key: monthOf(date), sums: {} })).sums, sums);
  }

  get empty(): boolean {
    return this.shopHourly.size === 0 && this.zoneDaily.size === 0 && this.weekCarry.size === 0 && this.monthCarry.size === 0;
  }

  /** The shop's hourly changes summed per local date. */
  shopDays() {
    return this.rollUp(this.shopHourly, (row) => [`${row.shopId}|${row.date}`, row.date]);
  }

  /** The shop's hourly changes summed per week (starting Monday), with the final days carried into it. */
  shopWeeks() {
    return this.rollUp(this.shopHourly, (row) => [`${row.shopId}|${weekStart(row.date)}`, weekStart(row.date)], this.weekCarry);
  }

  /** The shop's hourly changes summed per month, with the final days carried into it. */
  shopMonths() {
    return this.rollUp(this.shopHourly, (row) => [`${row.shopId}|${monthOf(row.date)}`, monthOf(row.date)], this.monthCarry);
  }

  /** The entrances' hourly changes summed per camera and local date. */
  entranceDays(): Map<string, { shopId: string; cameraId: string; date: string; sums: Sums }> {
    const entranceDays = new Map<string, { shopId: string; cameraId: string; date: string; sums: Sums }>();
    for (const row of this.entranceHourly.values()) {
      const day = bucket(entranceDays, `${row.shopId}|${row.cameraId}|${row.date}`, () => ({
        shopId: row.shopId,
        cameraId: row.cameraId,
        date: row.date,
        sums: {},
      }));
      addInto(day.sums, row.sums);
    }
    return entranceDays;
  }

  /** The hourly changes summed by a coarser key (day, week, month), plus what is carried into that key. */
  private rollUp<K extends string>(
    rows: Map<string, { shopId: string; date: string; sums: Sums }>,
    keyOf: (row: { shopId: string; date: string }) => [string, K],
    carried: Map<string, { shopId: string; key: string; sums: Sums }> = new Map(),
  ) {
    const result = new Map<string, { shopId: string; key: K | string; sums: Sums }>();
    for (const row of rows.values()) {
      const [mapKey, key] = keyOf(row);
      addInto(bucket(result, mapKey, () => ({ shopId: row.shopId, key, sums: {} })).sums, row.sums);
    }
    for (const [mapKey, row] of carried) addInto(bucket(result, mapKey, () => ({ shopId: row.shopId, key: row.key, sums: {} })).sums, row.sums);
    return result;
  }
}

function bucket<V>(map: Map<string, V>, key: string, make: () => V): V {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
  }
  return value;
}
