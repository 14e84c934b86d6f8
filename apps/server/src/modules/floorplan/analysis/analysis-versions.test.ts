import { type GeometryVersions, LOCALES, areaAnalysisOperations as ops, RoleId, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, download, type Session, signIn } from '../../../../test/factories.ts';
import { createTestApp, invoke, type TestApp } from '../../../../test/harness.ts';
import { buildFloorplan, type FloorplanFixture } from '../../../../test/support/floorplan.ts';
import { buildBox, clockAt, sendBatch, type TestBox } from '../../../../test/support/traffic.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { resetClock } from '../../../platform/time/clock.ts';
import { elementInput } from '../floorplan.service.ts';
import { rectangle } from '../geometry/polygon.ts';
import { recomputePlan } from '../tracks/recompute.ts';

/**
 * Every area report names the element versions that produced its figures (issue 13 section 2).
 * Tracks on 8 and 9 March are measured with Shelf A, the Entrance and the Aisle line at version 1;
 * the three are then redrawn (version 2) and the clock moves to 11 March, whose tracks are measured
 * with version 2. Before the recompute the range spans both versions, day by day; a recompute that
 * has reached only 9..11 March leaves 8 March on version 1; a whole one leaves version 2 only.
 *
 * The fixture's first camera looks down at (5, 5): pixel (u, v) -> (5 - 0.006 (u - 320), 5 - 0.006 (v - 240)) m.
 */
let t: TestApp;
let box: TestBox;
let fixture: FloorplanFixture;
let admin: Session;
let customerId: string;

const RANGE = { startDate: '2026-03-08', endDate: '2026-03-11' };
const pixelOf = (x: number, y: number): [number, number] => [320 - (x - 5) / 0.006, 240 - (y - 5) / 0.006];

/** 10:00 in Shanghai of a day: into Shelf A for 38 s, then across the Aisle line forwards into the Entrance; heat in Shelf A. */
function dayOfEvents(date: string) {
  const startedAt = `${date}T02:00:00.000Z`;
  const walk = (trackId: string, stops: [number, number, number][]) => ({
    type: 'track',
    cameraId: box.cameraIds[0],
    trackId: `${trackId}-${date}`,
    startedAt,
    points: stops.map(([offset, x, y]) => [offset, ...pixelOf(x, y)]),
  });
  return [
    walk('shelf', [
      [0, 5, 3.8],
      [20_000, 5, 4.8],
      [40_000, 5.2, 4.8],
      [42_000, 5.2, 3.8],
    ]),
    walk('aisle', [
      [0, 3.5, 4.5],
      [3_000, 3.5, 6.2],
      [4_000, 5, 6.2],
    ]),
    // Camera cells 0 and 3 of a 2 × 2 grid project to (5.96, 5.72) and (4.04, 4.28): inside Shelf A, old and new.
    { type: 'heatGrid', cameraId: box.cameraIds[0], at: startedAt, cols: 2, rows: 2, cells: [10, 0, 0, 30] },
  ];
}

const named = (geometry: GeometryVersions | null | undefined, name: string) => geometry?.elements.find((element) => element.name === name);
const spansOf = (geometry: GeometryVersions | null | undefined, name: string) => named(geometry, name)?.spans;
const query = (extra: Record<string, unknown> = {}) => ({ planId: fixture.plan.id, ...RANGE, ...extra });

async function redraw(kind: 'region' | 'enter' | 'flow', change: (name: string) => { x: number; y: number }[] | null) {
  const current = await fixture.service.planElements(customerId, fixture.plan.id, kind);
  const elements = current.map((element) =>
    elementInput({ ...element, ...(element.regionType ? { regionType: element.regionType } : {}), points: change(element.name) ?? element.points }),
  );
  await fixture.service.saveElements(fixture.actor, { planId: fixture.plan.id, kind, elements });
}

async function reports() {
  const call = async <T>(operation: Parameters<typeof invoke>[1], body: unknown): Promise<T> => {
    const answer = await invoke(t.app, operation, body as never, admin);
    expect(answer.body.status, `${operation.name}: ${answer.body.msg}`).toBe(200);
    return answer.body.data as T;
  };
  const summary = await call<{ rows: { name: string; versions: number[] }[]; geometry: GeometryVersions }>(ops.regionSummary, query());
  const shelfId = fixture.elements.region.find((region) => region.name === 'Shelf A')?.elementId ?? '';
  return {
    summary,
    trend: await call<{ geometry: GeometryVersions }>(ops.regionTrend, query({ elementId: shelfId })),
    correlations: await call<{ geometry: GeometryVersions }>(ops.correlations, query()),
    fromAndGo: await call<{ geometry: GeometryVersions }>(ops.fromAndGo, query()),
    flows: await call<{ lines: { name: string; versions: number[] }[]; geometry: GeometryVersions }>(ops.flowPercent, query()),
    enter: await call<{ areas: { name: string; versions: number[] }[]; geometry: GeometryVersions }>(ops.enterAnalysis, query()),
    shelfHeat: await call<{ geometry: GeometryVersions }>(ops.heat, query({ elementId: shelfId })),
    planHeat: await call<{ geometry: GeometryVersions }>(ops.heat, query()),
    camera: await call<{ geometry: GeometryVersions | null }>(ops.cameraEvents, { cameraId: box.cameraIds[0], ...RANGE }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  // After createTestApp, which puts the clock back: the elements are drawn on 10 March.
  clockAt('2026-03-10T06:00:00Z');
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const shopId = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, customerId, shopId, 2);
  fixture = await buildFloorplan({ db: t.db, storage: objectStorageOf(t.config) }, { customerId, shopId, cameraIds: box.cameraIds });
  for (const date of ['2026-03-08', '2026-03-09']) {
    const sent = await sendBatch(t.app, box.token, dayOfEvents(date));
    if (sent.body.status !== 200) throw new Error(sent.body.msg);
  }
  // Version 2 of each: Shelf A reaches 0.1 m further, the Aisle line moves 0.1 m, the Entrance is 0.1 m deeper.
  await redraw('region', (name) => (name === 'Shelf A' ? rectangle(3.9, 3.9, 6, 6) : null));
  await redraw('enter', () => rectangle(4, 6, 6, 6.5));
  await redraw('flow', () => [
    { x: 3, y: 5.1 },
    { x: 7, y: 5.1 },
  ]);
  clockAt('2026-03-11T06:00:00Z');
  const sent = await sendBatch(t.app, box.token, dayOfEvents('2026-03-11'));
  if (sent.body.status !== 200) throw new Error(sent.body.msg);
  // Signed in on the day the reports are read (a session started on 10 March has run out).
  admin = await signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }])).loginName, customerId);
});
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('the versions behind the figures', () => {
  it('names both versions, day by day, while the older days are not recomputed yet', async () => {
    const answers = await reports();
    const plan = await fixture.service.plan(fixture.actor, fixture.plan.id);
    const oldAndNew = [
      { version: 1, firstDate: '2026-03-08', lastDate: '2026-03-09' },
      { version: 2, firstDate: '2026-03-11', lastDate: '2026-03-11' },
    ];
    expect(answers.summary.geometry.planVersion).toBe(plan.geometryVersion);
    expect(named(answers.summary.geometry, 'Shelf A')).toMatchObject({ current: 2, spans: oldAndNew });
    expect(answers.summary.rows.find((row) => row.name === 'Shelf A')?.versions).toEqual([1, 2]);
    // The Cashier was never redrawn nor visited: its current version and no figures.
    expect(named(answers.summary.geometry, 'Cashier')).toMatchObject({ current: 1, spans: [] });
    expect(answers.trend.geometry.elements.map((element) => element.name)).toEqual(['Shelf A']);
    expect(spansOf(answers.trend.geometry, 'Shelf A')).toEqual(oldAndNew);
    expect(spansOf(answers.correlations.geometry, 'Shelf A')).toEqual(oldAndNew);
    expect(spansOf(answers.fromAndGo.geometry, 'Shelf A')).toEqual(oldAndNew);
    expect(answers.fromAndGo.geometry.elements.map((element) => element.name).sort()).toEqual(['Cashier', 'Fitting room', 'Shelf A']);
    expect(named(answers.flows.geometry, 'Aisle')).toMatchObject({ current: 2, spans: oldAndNew });
    expect(answers.flows.lines.find((line) => line.name === 'Aisle')?.versions).toEqual([1, 2]);
    expect(named(answers.enter.geometry, 'Entrance')).toMatchObject({ current: 2, spans: oldAndNew });
    expect(answers.enter.areas.find((area) => area.name === 'Entrance')?.versions).toEqual([1, 2]);
    // A region's heat is cut with the region as drawn now, over the days with heat.
    expect(answers.shelfHeat.geometry.elements[0]).toMatchObject({
      name: 'Shelf A',
      current: 2,
      spans: [{ version: 2, firstDate: '2026-03-08', lastDate: '2026-03-11' }],
    });
    // The plan's heat does not depend on regions, areas or lines: it names the mask and the camera
    // points, never changed here (analysis-heat-versions.test.ts changes them).
    const unchanged = { current: 1, spans: [{ version: 1, firstDate: '2026-03-08', lastDate: '2026-03-11' }] };
    expect(answers.planHeat.geometry.planVersion).toBe(plan.geometryVersion);
    expect(answers.planHeat.geometry.elements).toMatchObject([
      { name: 'Wall', ...unchanged },
      { elementId: box.cameraIds[0], ...unchanged },
      { elementId: box.cameraIds[1], ...unchanged },
    ]);
    expect(answers.shelfHeat.geometry.elements.slice(1)).toEqual(answers.planHeat.geometry.elements);
    // The camera sees Shelf A and the dwell zone (the Aisle line's ends lie outside its view); the dwell
    // zone, never redrawn, produced every day's figures with its one version.
    expect(answers.camera.geometry?.elements.map((element) => element.name).sort()).toEqual(['Promotion table', 'Shelf A']);
    expect(spansOf(answers.camera.geometry, 'Shelf A')).toEqual(oldAndNew);
    expect(named(answers.camera.geometry, 'Promotion table')).toMatchObject({
      current: 1,
      spans: [{ version: 1, firstDate: '2026-03-08', lastDate: '2026-03-11' }],
    });
  });

  it('leaves the days the recompute has not reached on the older version', async () => {
    // A recompute that has done 9..11 March so far (it goes day by day, one transaction a day).
    await recomputePlan(t.db, fixture.service, { customerId, planId: fixture.plan.id, fromDate: '2026-03-09', toDate: '2026-03-11' });
    const answers = await reports();
    const partly = [
      { version: 1, firstDate: '2026-03-08', lastDate: '2026-03-08' },
      { version: 2, firstDate: '2026-03-09', lastDate: '2026-03-11' },
    ];
    expect(spansOf(answers.summary.geometry, 'Shelf A')).toEqual(partly);
    expect(spansOf(answers.flows.geometry, 'Aisle')).toEqual(partly);
    expect(spansOf(answers.enter.geometry, 'Entrance')).toEqual(partly);
    expect(spansOf(answers.camera.geometry, 'Shelf A')).toEqual(partly);
  });

  it('names the current version only once every day is recomputed', async () => {
    await recomputePlan(t.db, fixture.service, { customerId, planId: fixture.plan.id, fromDate: RANGE.startDate, toDate: RANGE.endDate });
    const answers = await reports();
    const current = [{ version: 2, firstDate: '2026-03-08', lastDate: '2026-03-11' }];
    for (const geometry of [answers.summary.geometry, answers.trend.geometry, answers.correlations.geometry, answers.fromAndGo.geometry]) {
      expect(spansOf(geometry, 'Shelf A')).toEqual(current);
    }
    expect(spansOf(answers.flows.geometry, 'Aisle')).toEqual(current);
    expect(answers.flows.lines.find((line) => line.name === 'Aisle')?.versions).toEqual([2]);
    expect(spansOf(answers.enter.geometry, 'Entrance')).toEqual(current);
    expect(spansOf(answers.camera.geometry, 'Shelf A')).toEqual(current);
  });

  it('writes the versions into the workbooks, in the reader’s language', async () => {
    for (const lang of LOCALES) {
      const file = await download(t.app, 'POST', ops.export.path, { table: 'flows', query: query() }, { ...admin, lang });
      expect(file.http).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
      const [table, versions] = workbook.worksheets;
      const headers = ((table?.getRow(1).values ?? []) as unknown[]).slice(1);
      expect(headers.at(-1)).toBe(translateMessage(lang, 'area.versions'));
      expect(versions?.name).toBe(translateMessage(lang, 'areaVersions.sheet'));
      const rows = (versions?.getSheetValues() ?? []).flatMap((row) => (row && (row as unknown[]).length > 1 ? [(row as unknown[]).slice(1)] : []));
      expect(rows[0]).toEqual([translateMessage(lang, 'areaVersions.planVersion'), fixture.plan.geometryVersion + 3]);
      expect(rows[1]?.[0]).toBe(translateMessage(lang, 'areaVersions.element'));
      expect(rows[1]?.slice(1)).toEqual(
        (['current', 'changedOn', 'version', 'firstDate', 'lastDate'] as const).map((key) => translateMessage(lang, `areaVersions.${key}`)),
      );
      expect(rows[2]).toMatchObject(['Aisle', 2, expect.stringMatching(/^2026-03-10 \d\d:\d\d UTC$/), 2, '2026-03-08', '2026-03-11']);
    }
    // An element without figures in the range says so.
    for (const lang of LOCALES) {
      const file = await download(t.app, 'POST', ops.export.path, { table: 'regions', query: query() }, { ...admin, lang });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
      const rows = (workbook.worksheets[1]?.getSheetValues() ?? []).flatMap((row) =>
        row && (row as unknown[]).length > 1 ? [(row as unknown[]).slice(1)] : [],
      );
      expect(rows.find((row) => row[0] === 'Cashier')?.[3]).toBe(translateMessage(lang, 'areaVersions.none'));
    }
  });
});
