import { type GeometryVersions, areaAnalysisOperations as ops, RoleId } from '@storelens/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, type Session, signIn } from '../../../../test/factories.ts';
import { createTestApp, invoke, type TestApp } from '../../../../test/harness.ts';
import { buildFloorplan, FIXTURE_CAMERAS, FIXTURE_ELEMENTS, type FloorplanFixture } from '../../../../test/support/floorplan.ts';
import { buildBox, clockAt, sendBatch, type TestBox } from '../../../../test/support/traffic.ts';
import * as planHeatGeometry from '../../../platform/db/migrations/0045_plan_heat_geometry.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { resetClock } from '../../../platform/time/clock.ts';
import { elementInput } from '../floorplan.service.ts';
import { rectangle } from '../geometry/polygon.ts';
import { createTracksMaintenance } from '../tracks/maintenance.ts';
import { recomputePlan } from '../tracks/recompute.ts';

/**
 * The whole plan's heat names the geometry that made it (issue 13 section 2): the versions of the
 * plan's masks and camera points, day by day as the heat rows were written. Heat minutes of 8 and 9
 * March are projected with the Wall mask and both camera points at version 1; on 10 March the Wall is
 * redrawn over one of the two heated cells (version 2) and the second camera is calibrated again
 * (version 2, same parameters); 11 March's minutes are projected with those. The recompute the job
 * runs after an edit redoes regions and lines, not the heat: the older days keep their versions, and
 * say so. A heat rebuild (a repair) moves the days it reaches to the versions now.
 *
 * The first camera looks down at (5, 5); a 2 × 2 camera grid's cells 0 and 3 project to (5.96, 5.72)
 * and (4.04, 4.28): plan cells 451 and 328 of the 40-column grid (0.5 m cells on 20 m).
 */
let t: TestApp;
let box: TestBox;
let fixture: FloorplanFixture;
let admin: Session;
let customerId: string;
let wallId: string;

const RANGE = { startDate: '2026-03-08', endDate: '2026-03-11' };
const EDITED_AT = '2026-03-10T06:00:00.000Z';
const DELETED_AT = '2026-03-11T07:00:00.000Z';
/** The clock keeps running after it is set: an instant saved then is within a minute of it. */
const savedAt = (iso: string) => expect.stringMatching(new RegExp(`^${iso.slice(0, 16)}`));

/** 10:00 in Shanghai of a day: ten seconds in plan cell 451, thirty in 328. */
const minuteOf = (date: string) => ({ type: 'heatGrid', cameraId: box.cameraIds[0], at: `${date}T02:00:00.000Z`, cols: 2, rows: 2, cells: [10, 0, 0, 30] });

async function heat(extra: Record<string, unknown> = {}) {
  const answer = await invoke(t.app, ops.heat, { planId: fixture.plan.id, ...RANGE, ...extra } as never, admin);
  expect(answer.body.status, answer.body.msg).toBe(200);
  return answer.body.data as { cells: [number, number][]; geometry: GeometryVersions };
}
const sourceOf = (geometry: GeometryVersions, id: string) => geometry.elements.find((element) => element.elementId === id);
const spansOf = (geometry: GeometryVersions, id: string) => sourceOf(geometry, id)?.spans;
const cameraA = () => box.cameraIds[0] ?? '';
const cameraB = () => box.cameraIds[1] ?? '';

async function send(date: string) {
  const sent = await sendBatch(t.app, box.token, [minuteOf(date)]);
  if (sent.body.status !== 200) throw new Error(sent.body.msg);
}

beforeAll(async () => {
  t = await createTestApp();
  clockAt(EDITED_AT.replace('06:00', '05:00'));
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const shopId = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, customerId, shopId, 2);
  fixture = await buildFloorplan({ db: t.db, storage: objectStorageOf(t.config) }, { customerId, shopId, cameraIds: box.cameraIds });
  wallId = fixture.elements.mask[0]?.elementId ?? '';
  for (const date of ['2026-03-08', '2026-03-09']) await send(date);
  clockAt(EDITED_AT);
  const [wall] = FIXTURE_ELEMENTS.mask;
  await fixture.service.saveElements(fixture.actor, {
    planId: fixture.plan.id,
    kind: 'mask',
    elements: [elementInput({ ...wall, elementId: wallId, points: rectangle(5.5, 5.5, 6.5, 6.5) })],
  });
  await fixture.service.cameraPoints.save(fixture.actor, {
    ...FIXTURE_CAMERAS[1],
    planId: fixture.plan.id,
    cameraId: cameraB(),
    installPosition: 'Position 2',
    planNumber: null,
  });
  clockAt('2026-03-11T06:00:00Z');
  await send('2026-03-11');
  admin = await signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }])).loginName, customerId);
});
afterAll(async () => {
  resetClock();
  await t.close();
});

const oldAndNew = [
  { version: 1, firstDate: '2026-03-08', lastDate: '2026-03-09' },
  { version: 2, firstDate: '2026-03-11', lastDate: '2026-03-11' },
];

describe('the versions behind the plan heat', () => {
  it('names each mask and camera point version with the days it made, whole days and an hour range alike', async () => {
    const plan = await fixture.service.plan(fixture.actor, fixture.plan.id);
    const answer = await heat();
    expect(answer.geometry.planVersion).toBe(plan.geometryVersion);
    expect(sourceOf(answer.geometry, wallId)).toMatchObject({ name: 'Wall', current: 2, since: savedAt(EDITED_AT), spans: oldAndNew });
    expect(sourceOf(answer.geometry, cameraA())).toMatchObject({ current: 1, spans: [{ version: 1, firstDate: '2026-03-08', lastDate: '2026-03-11' }] });
    expect(sourceOf(answer.geometry, cameraB())).toMatchObject({ current: 2, since: savedAt(EDITED_AT), spans: oldAndNew });
    expect(answer.geometry.elements).toHaveLength(3);
    // The hourly rows carry the same versions (10:00 in Shanghai is when the minutes came).
    const hours = await heat({ fromHour: 10, toHour: 10 });
    expect(hours.geometry).toEqual(answer.geometry);
    // The named versions are what the heat shows: version 2 of the Wall drops cell 451 from 11 March on.
    expect((await heat({ startDate: '2026-03-09', endDate: '2026-03-09' })).cells).toEqual([
      [328, 30],
      [451, 10],
    ]);
    expect((await heat({ startDate: '2026-03-11', endDate: '2026-03-11' })).cells).toEqual([[328, 30]]);
  });

  it('names the area and the masks and camera points for one area’s heat', async () => {
    const shelf = fixture.elements.region.find((region) => region.name === 'Shelf A');
    const answer = await heat({ elementId: shelf?.elementId });
    expect(answer.geometry.elements.map((element) => element.elementId)).toEqual([shelf?.elementId, wallId, cameraA(), cameraB()]);
    expect(spansOf(answer.geometry, wallId)).toEqual(oldAndNew);
  });

  it('keeps the older versions on the days the recompute of an edit leaves as they were: it does not redo the heat', async () => {
    const maintenance = createTracksMaintenance({ db: t.db, geometry: fixture.service, queue: { enqueue: async () => 'job' } });
    expect((await maintenance.recompute({ customerId, planId: fixture.plan.id })).days).toBe(30);
    const answer = await heat();
    expect(spansOf(answer.geometry, wallId)).toEqual(oldAndNew);
    expect(spansOf(answer.geometry, cameraB())).toEqual(oldAndNew);
    expect((await heat({ startDate: '2026-03-09', endDate: '2026-03-09' })).cells).toEqual([
      [328, 30],
      [451, 10],
    ]);
  });

  it('moves the days a heat rebuild reached to the versions in force now, and only those', async () => {
    await recomputePlan(t.db, fixture.service, { customerId, planId: fixture.plan.id, fromDate: '2026-03-09', toDate: RANGE.endDate, heat: true });
    const answer = await heat();
    const rebuilt = [
      { version: 1, firstDate: '2026-03-08', lastDate: '2026-03-08' },
      { version: 2, firstDate: '2026-03-09', lastDate: '2026-03-11' },
    ];
    expect(spansOf(answer.geometry, wallId)).toEqual(rebuilt);
    expect(spansOf(answer.geometry, cameraB())).toEqual(rebuilt);
    expect((await heat({ startDate: '2026-03-09', endDate: '2026-03-09' })).cells).toEqual([[328, 30]]);
    expect((await heat({ fromHour: 10, toHour: 10 })).geometry).toEqual(answer.geometry);
  });

  it('names a deleted mask as no longer on the plan, with the days it made', async () => {
    clockAt(DELETED_AT);
    await fixture.service.saveElements(fixture.actor, { planId: fixture.plan.id, kind: 'mask', elements: [] });
    const answer = await heat();
    expect(sourceOf(answer.geometry, wallId)).toEqual({
      elementId: wallId,
      name: 'Wall',
      current: 0,
      since: savedAt(DELETED_AT),
      spans: [
        { version: 1, firstDate: '2026-03-08', lastDate: '2026-03-08' },
        { version: 2, firstDate: '2026-03-09', lastDate: '2026-03-11' },
      ],
    });
  });

  it('gives the heat rows already stored the versions in force on their day when migration 0045 runs', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    await planHeatGeometry.down(db);
    await planHeatGeometry.up(db);
    const stored = async (table: 'fp_plan_daily' | 'fp_plan_hourly') =>
      (
        await t.db
          .selectFrom(table)
          .select(['local_date', 'heat_geometry'])
          .where('customer_id', '=', customerId)
          .where('plan_id', '=', fixture.plan.id)
          .where('heat_minutes', '>', 0)
          .orderBy('local_date')
          .execute()
      ).map((row) => [row.local_date, row.heat_geometry]);
    const cameras = `camera:${cameraA()}:1,camera:${cameraB()}:2`;
    const expected = [
      // No camera point was in force on 8 or 9 March (all were saved on the 10th): that heat came later, made with the versions now.
      ['2026-03-08', cameras],
      ['2026-03-09', cameras],
      // The Wall's version 2 was in force on 11 March until it was deleted that afternoon.
      ['2026-03-11', [cameras, `mask:${wallId}:2`].sort().join(',')],
    ];
    expect(await stored('fp_plan_daily')).toEqual(expected);
    expect(await stored('fp_plan_hourly')).toEqual(expected);
  });
});
