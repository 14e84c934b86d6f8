import { type AlarmAction, type AlarmAnalysis, type AlarmRow, type AlarmTag, alarmOperations as ops } from '@storelens/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { monthPlan } from '../../platform/analytics/period-plan.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { setClock } from '../../platform/time/clock.ts';
import { alarmsRepo } from './alarms.repo.ts';

/**
 * The alarm totals (migrations 0040 and 0043) equal direct sums over the alarms after every kind of write:
 * a new alarm, a repeat folded into one (moving it to the day before), each review action,
 * restoring a deleted one, tags, and a write that lost to another; and the analysis read from
 * them answers as the alarms say, for the whole customer and for a store.
 */
const NOW = '2026-06-10T00:05:00.000Z';
const range = { startDate: '2026-06-01', endDate: '2026-06-10' };

let t: TestApp;
let chain: RectificationChain;
let box: TestBox;
let boxS2: TestBox;
let jpegB64: string;
let counter = 0;

async function send(target: TestBox, cameraIndex: number, eventCode: string, at: string, priority: 'high' | 'low' = 'high') {
  counter += 1;
  const event = { type: 'alarm', eventId: `totals-${counter}`, cameraId: target.cameraIds[cameraIndex], eventCode, at, priority, images: [{ image: jpegB64 }] };
  const sent = await sendBatch(t.app, target.token, [event]);
  expect(sent.body.status, sent.body.msg).toBe(200);
}

async function listed(): Promise<AlarmRow[]> {
  const states = ['unconfirmed', 'confirmed', 'falseAlarm', 'ignored'] as const;
  return (await ok<{ list: AlarmRow[] }>(t.app, chain.people.admin.session, ops.list, { ...range, states, page: 1, pageSize: 100 })).list;
}

/** Each totals table's non-zero rows beside the same sums made directly from the alarms. */
async function expectTotalsExact() {
  const db = t.db;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await query.execute(db)).rows as Record<string, unknown>[])
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' || /^\d+$/.test(String(value)) ? Number(value) : value]),
          ),
        ),
      )
      .sort();
  const day = sql`substr(occurred_at, 1, 10)`;
  const judged = sql`sum(case when tag = 'algorithmCorrect' or (tag = 'none' and state = 'confirmed') then 1 else 0 end) as correct,
    sum(case when tag = 'algorithmWrong' or (tag = 'none' and state = 'falseAlarm') then 1 else 0 end) as wrong`;
  expect(
    await rows(
      sql`select customer_id, day, event_code, event_name, priority, state, tag, alarms, reports from alarm_day_totals where alarms != 0 or reports != 0`,
    ),
  ).toEqual(
    await rows(sql`select customer_id, ${day} as day, event_code, event_name, priority, state, tag, count(*) as alarms, sum(count) as reports
      from alarms group by customer_id, ${day}, event_code, event_name, priority, state, tag`),
  );
  expect(
    await rows(
      sql`select customer_id, month, event_code, event_name, priority, state, tag, alarms, reports from alarm_month_totals where alarms != 0 or reports != 0`,
    ),
  ).toEqual(
    await rows(sql`select customer_id, substr(occurred_at, 1, 7) as month, event_code, event_name, priority, state, tag, count(*) as alarms, sum(count) as reports
      from alarms group by customer_id, substr(occurred_at, 1, 7), event_code, event_name, priority, state, tag`),
  );
  expect(
    await rows(
      sql`select customer_id, shop_id, day, event_code, event_name, priority, state, tag, alarms, reports from alarm_shop_day_totals where alarms != 0 or reports != 0`,
    ),
  ).toEqual(
    await rows(sql`select customer_id, shop_id, ${day} as day, event_code, event_name, priority, state, tag, count(*) as alarms, sum(count) as reports
      from alarms group by customer_id, shop_id, ${day}, event_code, event_name, priority, state, tag`),
  );
  for (const length of [10, 7]) {
    const period = sql`substr(occurred_at, 1, ${sql.lit(length)})`;
    expect(
      await rows(sql`select customer_id, period, shop_id, alarms, false_alarms from alarm_shop_period_totals
        where length(period) = ${sql.lit(length)} and (alarms != 0 or false_alarms != 0)`),
    ).toEqual(
      await rows(sql`select customer_id, ${period} as period, shop_id, count(*) as alarms, sum(case when state = 'falseAlarm' then 1 else 0 end) as false_alarms
        from alarms where state not in ('ignored', 'deleted') group by customer_id, ${period}, shop_id`),
    );
    expect(
      await rows(sql`select customer_id, period, shop_id, camera_id, alarms, correct, wrong from alarm_camera_period_totals
        where length(period) = ${sql.lit(length)} and (alarms != 0 or correct != 0 or wrong != 0)`),
    ).toEqual(
      await rows(sql`select customer_id, ${period} as period, shop_id, camera_id, count(*) as alarms, ${judged}
        from alarms where state not in ('ignored', 'deleted') and camera_id is not null group by customer_id, ${period}, shop_id, camera_id`),
    );
  }
}

const act = (row: AlarmRow, action: AlarmAction) =>
  ok(t.app, chain.people.admin.session, ops.act, { alarmId: row.alarmId, action, ...(action === 'delete' ? { deleteReason: 'manual' } : {}) });
const tag = (row: AlarmRow, value: AlarmTag) => ok(t.app, chain.people.admin.session, ops.tag, { alarmId: row.alarmId, tag: value });

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
  box = await buildBox(t.db, chain.customerId, chain.s1, 2);
  boxS2 = await buildBox(t.db, chain.customerId, chain.s2, 1);
  jpegB64 = (await picture(31, 'jpeg', 160, 120)).toString('base64');
}, 180_000);
afterAll(async () => t.close());

describe('the alarm totals', () => {
  it('equal direct sums over the alarms after every kind of write', async () => {
    await send(box, 0, 'smoking', '2026-06-10T00:01:00.000Z');
    await send(box, 1, 'rodent', '2026-06-09T12:00:00.000Z', 'low');
    await send(boxS2, 0, 'smoking', '2026-06-08T08:00:00.000Z');
    await expectTotalsExact();
    // A repeat three minutes earlier folds into the first alarm and moves it to the day before.
    await send(box, 0, 'smoking', '2026-06-09T23:58:00.000Z');
    await expectTotalsExact();
    const rows = await listed();
    expect(rows).toHaveLength(3);
    const [first, second, third] = [...rows].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt)).reverse() as [AlarmRow, AlarmRow, AlarmRow];
    expect(first.count).toBe(2);
    for (const [row, step] of [
      [first, 'confirm'],
      [first, 'markFalse'],
      [first, 'restore'],
      [second, 'ignore'],
      [second, 'restore'],
      [second, 'markFalse'],
      [third, 'delete'],
      [third, 'restore'],
      [third, 'confirm'],
    ] as const) {
      await act(row, step);
      await expectTotalsExact();
    }
    for (const [row, value] of [
      [first, 'algorithmCorrect'],
      [first, 'algorithmWrong'],
      [second, 'taskReason'],
      [third, 'none'],
      [first, 'none'],
    ] as const) {
      await tag(row, value);
      await expectTotalsExact();
    }
    await act(second, 'delete');
    await expectTotalsExact();
  });

  it('moves nothing when another write changed the alarm after it was read', async () => {
    await send(box, 1, 'door_left_open', '2026-06-05T10:00:00.000Z');
    const repo = alarmsRepo(tenantScope(t.db, chain.customerId));
    const row = (await listed()).find((candidate) => candidate.eventCode === 'door_left_open') as AlarmRow;
    const stale = await repo.find(row.alarmId);
    if (!stale) throw new Error('alarm not stored');
    await act(row, 'confirm');
    expect(await repo.setTag(stale, 'algorithmWrong', NOW)).toBe(false);
    expect(await repo.setState(stale, { state: 'ignored', delete_reason: null, updated_at: NOW })).toBe(false);
    expect(await repo.fold(stale, stale.occurred_at, stale.last_occurred_at, NOW)).toBe(false);
    await expectTotalsExact();
    expect((await repo.find(row.alarmId))?.state).toBe('confirmed');
  });

  it('answer the analysis as the alarms say, for the customer and for one store', async () => {
    const all = await ok<AlarmAnalysis>(t.app, chain.people.admin.session, ops.analysis, range);
    const alarms = await t.db.selectFrom('alarms').selectAll().where('customer_id', '=', chain.customerId).execute();
    const counted = alarms.filter((alarm) => alarm.state !== 'ignored' && alarm.state !== 'deleted');
    expect(all.totals.alarms).toBe(counted.length);
    expect(all.totals.reports).toBe(counted.reduce((sum, alarm) => sum + alarm.count, 0));
    expect(all.totals.ignored).toBe(alarms.filter((alarm) => alarm.state === 'ignored').length);
    expect(all.stores.map((store) => [store.shopId, store.alarms])).toEqual(
      [chain.s1, chain.s2]
        .map((shopId) => [shopId, counted.filter((alarm) => alarm.shop_id === shopId).length] as const)
        .filter(([, count]) => count > 0)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    );
    const one = await ok<AlarmAnalysis>(t.app, chain.people.admin.session, ops.analysis, { ...range, shopIds: [chain.s2] });
    expect(one.totals.alarms).toBe(counted.filter((alarm) => alarm.shop_id === chain.s2).length);
    expect(one.stores.map((store) => store.shopId)).toEqual(one.totals.alarms > 0 ? [chain.s2] : []);
    expect(one.trend.reduce((sum, day) => sum + day.high + day.low, 0)).toBe(one.totals.alarms);
  });

  it('count the list as the alarms say, with every filter but read', async () => {
    const alarms = await t.db.selectFrom('alarms').selectAll().where('customer_id', '=', chain.customerId).execute();
    const filters = [
      {},
      { states: ['unconfirmed', 'confirmed'] },
      { states: ['deleted'] },
      { shopIds: [chain.s1], priority: 'low' },
      { eventCodes: ['smoking'], tag: 'none' },
      { shopIds: [chain.s2], states: ['confirmed', 'falseAlarm', 'ignored'] },
    ] as const;
    for (const filter of filters) {
      const answer = await ok<{ total: number }>(t.app, chain.people.admin.session, ops.list, { ...range, ...filter, page: 1, pageSize: 1 });
      const states: readonly string[] = 'states' in filter ? filter.states : ['unconfirmed', 'confirmed', 'falseAlarm', 'ignored'];
      const expected = alarms.filter(
        (alarm) =>
          states.includes(alarm.state) &&
          (!('shopIds' in filter) || (filter.shopIds as readonly string[]).includes(alarm.shop_id)) &&
          (!('priority' in filter) || alarm.priority === filter.priority) &&
          (!('eventCodes' in filter) || (filter.eventCodes as readonly string[]).includes(alarm.event_code)) &&
          (!('tag' in filter) || alarm.tag === filter.tag),
      );
      expect(answer.total, JSON.stringify(filter)).toBe(expected.length);
    }
  });

  it('are made again from the alarms alone after alarms written in bulk without them', async () => {
    const repo = alarmsRepo(tenantScope(t.db, chain.customerId));
    const states = ['unconfirmed', 'confirmed', 'falseAlarm', 'ignored', 'deleted'] as const;
    const tags = ['none', 'algorithmCorrect', 'algorithmWrong', 'taskReason'] as const;
    const bulk = Array.from({ length: 40 }, (_, index) => {
      // Two months, both stores, every state and tag, some folded and one without a camera.
      const at = `2026-0${5 + (index % 2)}-${String(1 + (index % 9)).padStart(2, '0')}T0${index % 10}:00:00.000Z`;
      const state = states[index % states.length] as (typeof states)[number];
      return {
        id: `bulk-${String(index).padStart(3, '0')}`,
        shop_id: index % 3 === 0 ? chain.s2 : chain.s1,
        camera_id: index === 7 ? null : ((index % 3 === 0 ? boxS2 : box).cameraIds[0] as string),
        box_id: null,
        event_code: index % 4 === 0 ? 'rodent' : 'smoking',
        event_name: 'Bulk',
        priority: index % 5 === 0 ? ('low' as const) : ('high' as const),
        state,
        tag: tags[index % tags.length] as (typeof tags)[number],
        delete_reason: state === 'deleted' ? ('manual' as const) : null,
        count: 1 + (index % 3),
        occurred_at: at,
        last_occurred_at: at,
        read_at: null,
        read_by: null,
        rectification_id: null,
        created_at: at,
        updated_at: at,
      };
    });
    await t.db.transaction().execute((trx) => alarmsRepo(tenantScope(trx, chain.customerId)).insertAlarmsTotalsLater(bulk));
    // Written without their totals, the alarms and the totals disagree (so the check below can fail).
    await expect(expectTotalsExact()).rejects.toThrow();
    await t.db.transaction().execute((trx) => alarmsRepo(tenantScope(trx, chain.customerId)).rebuildTotals());
    await expectTotalsExact();
    // An analysis over a month less its first day and some days of the next reads the month rows
    // less that day's rows: the alarms of 1 May are out.
    const wide = { startDate: '2026-05-02', endDate: '2026-06-10' };
    expect(monthPlan(wide.startDate, wide.endDate).minus).toEqual(['2026-05-01']);
    const answer = await ok<AlarmAnalysis>(t.app, chain.people.admin.session, ops.analysis, wide);
    const inRange = (await t.db.selectFrom('alarms').selectAll().where('customer_id', '=', chain.customerId).execute()).filter(
      (alarm) => alarm.occurred_at >= '2026-05-02' && alarm.occurred_at < '2026-06-11',
    );
    expect(inRange.length).toBeLessThan(bulk.length + 10);
    const counted = inRange.filter((alarm) => alarm.state !== 'ignored' && alarm.state !== 'deleted');
    expect(answer.totals.alarms).toBe(counted.length);
    expect(answer.totals.reports).toBe(counted.reduce((sum, alarm) => sum + alarm.count, 0));
    expect(answer.totals.ignored).toBe(inRange.filter((alarm) => alarm.state === 'ignored').length);
    const perItem = new Map<string, number>();
    for (const alarm of counted) perItem.set(alarm.event_code, (perItem.get(alarm.event_code) ?? 0) + 1);
    expect(Object.fromEntries(answer.byItem.filter((item) => item.alarms > 0).map((item) => [item.eventCode, item.alarms]))).toEqual(
      Object.fromEntries(perItem),
    );
    // The totals kept by the writes before it were rebuilt as they were: a review after it moves them on from there.
    const [row] = (await listed()).filter((candidate) => candidate.state === 'unconfirmed');
    if (!row) throw new Error('no unconfirmed alarm listed');
    await act(row, 'confirm');
    await expectTotalsExact();
    expect((await repo.find(row.alarmId))?.state).toBe('confirmed');
  });
});
