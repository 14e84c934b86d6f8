import { floorplanOperations, areaAnalysisOperations as ops, RoleId } from '@storelens/contracts';
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

/**
 * A region switched off with 'Shown in analysis' (its hidden flag) leaves every answer a person
 * reads about regions, and every file made from one, and comes back whole when switched on again
 * (docs/decisions/floorplan-data.md, "Hidden regions").
 *
 * The fixture plan (test/support/floorplan.ts) with its first camera only, and two more regions in
 * that camera's view beside Shelf A [4, 6] × [4, 6]: Shelf B [6.2, 6.8] × [4, 6] and Shelf C
 * [3.2, 3.8] × [4, 6]. Two people walk along y = 4.3 (clear of the aisle line at y = 5 and of the
 * promotion table from y = 4.5): p1 from Shelf A into Shelf B, p2 from Shelf A into Shelf C, so
 * Shelf A's departures are half to B, half to C; a minute of heat falls in Shelf B.
 */
let t: TestApp;
let box: TestBox;
let fixture: FloorplanFixture;
let admin: Session;
let shelfA: string;
let shelfB: string;

const DAY = '2026-03-10';
const query = () => ({ planId: fixture.plan.id, startDate: DAY, endDate: DAY });

/** Camera 1 of the fixture: pixel (u, v) -> (5 - 0.006 (u - 320), 5 - 0.006 (v - 240)) metres. */
const pixelOf = (x: number, y: number): [number, number] => [320 - (x - 5) / 0.006, 240 - (y - 5) / 0.006];
const walk = (trackId: string, startedAt: string, stops: [number, number, number][]) => ({
  type: 'track',
  cameraId: box.cameraIds[0],
  trackId,
  startedAt,
  points: stops.map(([offset, x, y]) => [offset, ...pixelOf(x, y)]),
});

beforeAll(async () => {
  clockAt('2026-03-10T06:00:00Z');
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  const shopId = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, customer.customerId, shopId, 1);
  fixture = await buildFloorplan({ db: t.db, storage: objectStorageOf(t.config) }, { customerId: customer.customerId, shopId, cameraIds: box.cameraIds });
  const regions = await fixture.service.saveElements(fixture.actor, {
    planId: fixture.plan.id,
    kind: 'region',
    elements: [
      ...fixture.elements.region.map((region) => elementInput({ ...region, regionType: region.regionType ?? 'shelf' })),
      elementInput({ name: 'Shelf B', regionType: 'shelf', colour: '#722ed1', points: rectangle(6.2, 4, 6.8, 6) }),
      elementInput({ name: 'Shelf C', regionType: 'shelf', colour: '#2f54eb', points: rectangle(3.2, 4, 3.8, 6) }),
    ],
  });
  shelfA = regions.find((region) => region.name === 'Shelf A')?.elementId ?? '';
  shelfB = regions.find((region) => region.name === 'Shelf B')?.elementId ?? '';
  admin = await signIn(t.app, (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }])).loginName, customer.customerId);

  // 10:00 local: p1 stays 11 s in Shelf A (x 5 -> 6) and 10.8 s in Shelf B (from x = 6.2 at 11.2 s);
  // p2 stays 10.6 s in Shelf A (x 5 -> 4) and 10.9 s in Shelf C (from x = 3.8 at 11.1 s): all above the 5 s minimum dwell.
  const sent = await sendBatch(t.app, box.token, [
    walk('p1', '2026-03-10T02:00:00Z', [
      [0, 5, 4.3],
      [10_000, 5.5, 4.3],
      [12_000, 6.5, 4.3],
      [22_000, 6.6, 4.3],
    ]),
    walk('p2', '2026-03-10T02:05:00Z', [
      [0, 5, 4.3],
      [10_000, 4.2, 4.3],
      [12_000, 3.5, 4.3],
      [22_000, 3.4, 4.3],
    ]),
    // One minute of heat in four columns of the frame: the first's centre (80, 240) px is (6.44, 5) m, in Shelf B.
    { type: 'heatGrid', cameraId: box.cameraIds[0], at: '2026-03-10T02:01:00Z', cols: 4, rows: 1, cells: [20, 0, 0, 0] },
  ]);
  if (sent.body.status !== 200) throw new Error(sent.body.msg);
});
afterAll(async () => {
  resetClock();
  await t.close();
});

/** Sets exactly the hidden regions, as the plan page's switches do. */
async function hideOnly(elementIds: string[]): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: floorplanOperations.regionHideUpdate.path,
    headers: { authorization: `Bearer ${admin.token}`, 'x-customer-code': admin.cid },
    payload: { planId: fixture.plan.id, elementIds },
  });
  expect(response.json().data).toEqual({ planId: fixture.plan.id, hiddenElementIds: elementIds });
}

/** The first column of a downloaded workbook below its header row, or the refusal's status. */
async function firstColumn(body: unknown): Promise<string[] | number> {
  const file = await download(t.app, 'POST', ops.export.path, body, admin);
  if (file.headers['content-type']?.toString().includes('json')) return file.json().status;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
  const values = workbook.worksheets[0]?.getColumn(1).values ?? [];
  return values.slice(2).map((value) => String(value));
}

/** What every region answer (and its file) says, reduced to where Shelf B appears. */
async function answers() {
  const summary = (await invoke(t.app, ops.regionSummary, query(), admin)).body.data as { rows: { elementId: string; name: string; entries: number }[] };
  const trend = await invoke(t.app, ops.regionTrend, { ...query(), elementId: shelfB }, admin);
  const correlations = (await invoke(t.app, ops.correlations, query(), admin)).body.data as {
    regions: { elementId: string }[];
    pairs: { a: string; b: string }[];
  };
  const fromAndGo = (await invoke(t.app, ops.fromAndGo, query(), admin)).body.data as {
    regions: { elementId: string }[];
    cells: { fromId: string; toId: string; transitions: number; share: number | null }[];
  };
  const camera = (await invoke(t.app, ops.cameraEvents, { cameraId: box.cameraIds[0] as string, startDate: DAY, endDate: DAY }, admin)).body.data as {
    regions: { elementId: string; hourly: { hour: number; entries: number }[] }[];
  };
  const heat = await invoke(t.app, ops.heat, { ...query(), elementId: shelfB }, admin);
  return {
    heat: heat.body.status === 200 ? (heat.body.data as { max: number }).max : heat.body.status,
    summary: summary.rows.find((row) => row.elementId === shelfB)?.entries ?? null,
    trend: trend.body.status === 200 ? (trend.body.data as { daily: { entries: number }[] }).daily[0]?.entries : trend.body.status,
    correlationRegions: correlations.regions.some((region) => region.elementId === shelfB),
    correlationPairs: correlations.pairs.filter((pair) => pair.a === shelfB || pair.b === shelfB).length,
    fromAndGoRegions: fromAndGo.regions.some((region) => region.elementId === shelfB),
    // Equal cells come in the order of their random ids: sorted by name here.
    fromAndGoCells: fromAndGo.cells
      .filter((cell) => cell.fromId === shelfA)
      .map((cell) => [cell.toId === shelfB ? 'B' : 'other', cell.transitions, cell.share] as const)
      .sort((a, b) => a[0].localeCompare(b[0])),
    camera: camera.regions.find((region) => region.elementId === shelfB)?.hourly.find((row) => row.hour === 10)?.entries ?? null,
    regionsFile: (await firstColumn({ table: 'regions', query: query() })) as string[],
    fromAndGoFile: (await firstColumn({ table: 'fromAndGo', query: query() })) as string[],
    trendFile: await firstColumn({ table: 'regionTrend', query: { ...query(), elementId: shelfB } }),
    cameraFile: (await firstColumn({ table: 'cameraRegions', query: { cameraId: box.cameraIds[0] as string, startDate: DAY, endDate: DAY } })) as string[],
  };
}

describe('a region hidden from the analysis', () => {
  const shown = {
    heat: 20,
    summary: 1,
    trend: 1,
    correlationRegions: true,
    // Five regions: Shelf B pairs with each of the other four.
    correlationPairs: 4,
    fromAndGoRegions: true,
    fromAndGoCells: [
      ['B', 1, 50],
      ['other', 1, 50],
    ],
    camera: 1,
    fromAndGoFile: ['Shelf A', 'Shelf A'],
    trendFile: [DAY],
  };

  it('is in every answer and file while shown', async () => {
    const now = await answers();
    expect(now).toMatchObject(shown);
    expect(now.regionsFile).toContain('Shelf B');
    expect(now.cameraFile).toContain('Shelf B');
  });

  it('leaves every answer and file once hidden: its row, its column of from-and-go and its pairs', async () => {
    await hideOnly([shelfB]);
    const now = await answers();
    expect(now).toMatchObject({
      heat: 404,
      summary: null,
      trend: 404,
      correlationRegions: false,
      correlationPairs: 0,
      fromAndGoRegions: false,
      // Shelf A's moves to the shown regions: all of them to Shelf C now.
      fromAndGoCells: [['other', 1, 100]],
      camera: null,
      fromAndGoFile: ['Shelf A'],
      trendFile: 404,
    });
    expect(now.regionsFile).not.toContain('Shelf B');
    expect(now.regionsFile).toContain('Shelf A');
    expect(now.cameraFile).not.toContain('Shelf B');
    expect(now.cameraFile).toContain('Shelf A');
  });

  it('comes back with all its figures when shown again', async () => {
    await hideOnly([]);
    const now = await answers();
    expect(now).toMatchObject(shown);
    expect(now.regionsFile).toContain('Shelf B');
    expect(now.cameraFile).toContain('Shelf B');
  });
});
