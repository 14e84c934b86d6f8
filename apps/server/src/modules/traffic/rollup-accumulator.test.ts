import { describe, expect, it } from 'vitest';
import { RollupDeltas } from './rollup-accumulator.ts';

const valuesOf = <V>(map: Map<string, V>) => [...map.values()];

describe('rollup accumulator', () => {
  it('sums a batch per shop hour, however many events fall into it, negative changes included', () => {
    const deltas = new RollupDeltas();
    expect(deltas.empty).toBe(true);
    deltas.addShop('s1', '2026-03-02', 10, { visits: 1, new_visits: 1 });
    deltas.addShop('s1', '2026-03-02', 10, { visits: 1, repeat_visits: 1 });
    deltas.addShop('s1', '2026-03-02', 10, { new_visits: -1, repeat_visits: 1 });
    deltas.addShop('s1', '2026-03-02', 11, { visits: 1 });
    expect(deltas.empty).toBe(false);
    expect(valuesOf(deltas.shopHourly)).toEqual([
      { shopId: 's1', date: '2026-03-02', hour: 10, sums: { visits: 2, new_visits: 0, repeat_visits: 2 } },
      { shopId: 's1', date: '2026-03-02', hour: 11, sums: { visits: 1 } },
    ]);
  });

  it('counts entrance lines for the entrance and for its shop, and sums them per camera and day', () => {
    const deltas = new RollupDeltas();
    deltas.addEntrance('s1', 'c1', '2026-03-02', 9, { entries: 3 });
    deltas.addEntrance('s1', 'c1', '2026-03-02', 10, { entries: 2, exits: 1 });
    deltas.addEntrance('s1', 'c2', '2026-03-02', 10, { entries: 1 });
    expect(valuesOf(deltas.entranceDays())).toEqual([
      { shopId: 's1', cameraId: 'c1', date: '2026-03-02', sums: { entries: 5, exits: 1 } },
      { shopId: 's1', cameraId: 'c2', date: '2026-03-02', sums: { entries: 1 } },
    ]);
    expect(valuesOf(deltas.shopDays())).toEqual([{ shopId: 's1', key: '2026-03-02', sums: { entries: 6, exits: 1 } }]);
  });

  it('rolls hours up into days, Monday-started weeks and months, with carried final days only in weeks and months', () => {
    const deltas = new RollupDeltas();
    // Sunday 1 March and Monday 2 March 2026: two weeks, one month; 28 February is another month.
    deltas.addShop('s1', '2026-03-01', 12, { entries: 1 });
    deltas.addShop('s1', '2026-03-02', 12, { entries: 2 });
    deltas.addShop('s2', '2026-03-02', 12, { entries: 4 });
    deltas.carryDay('s1', '2026-02-28', { entries: 10 }, { week: true, month: false });
    expect(valuesOf(deltas.shopDays())).toEqual([
      { shopId: 's1', key: '2026-03-01', sums: { entries: 1 } },
      { shopId: 's1', key: '2026-03-02', sums: { entries: 2 } },
      { shopId: 's2', key: '2026-03-02', sums: { entries: 4 } },
    ]);
    expect(valuesOf(deltas.shopWeeks())).toEqual([
      { shopId: 's1', key: '2026-02-23', sums: { entries: 11 } },
      { shopId: 's1', key: '2026-03-02', sums: { entries: 2 } },
      { shopId: 's2', key: '2026-03-02', sums: { entries: 4 } },
    ]);
    expect(valuesOf(deltas.shopMonths())).toEqual([
      { shopId: 's1', key: '2026-03', sums: { entries: 3 } },
      { shopId: 's2', key: '2026-03', sums: { entries: 4 } },
    ]);
  });

  it('counts zone stays and their dwell per region and day', () => {
    const deltas = new RollupDeltas();
    deltas.addZone('s1', 'c1', 'r1', '2026-03-02', 30);
    deltas.addZone('s1', 'c1', 'r1', '2026-03-02', 90);
    deltas.addZone('s1', 'c1', 'r2', '2026-03-02', 5);
    expect(valuesOf(deltas.zoneDaily)).toEqual([
      { shopId: 's1', cameraId: 'c1', regionId: 'r1', date: '2026-03-02', stays: 2, dwell: 120 },
      { shopId: 's1', cameraId: 'c1', regionId: 'r2', date: '2026-03-02', stays: 1, dwell: 5 },
    ]);
    expect(deltas.empty).toBe(false);
  });
});
