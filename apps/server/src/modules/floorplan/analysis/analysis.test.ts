import {
  AGE_BANDS,
  floorplanOperations,
  LOCALES,
  type Locale,
  messageOperations,
  type Occupancy,
  areaAnalysisOperations as ops,
  type PlanElement,
  ResponseStatus,
  RoleId,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildShop, buildUser, download, type Session, signIn } from '../../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../../test/harness.ts';
import { buildFloorplan, type FloorplanFixture } from '../../../../test/support/floorplan.ts';
import { buildBox, clockAt, sendBatch, type TestBox } from '../../../../test/support/traffic.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { advanceClock, now, resetClock } from '../../../platform/time/clock.ts';
import { createMessagesService } from '../../messages/messages.service.ts';
import { createFloorplanService, elementInput } from '../floorplan.service.ts';
import { createOccupancy } from '../tracks/occupancy.ts';

/**
 * The area-analysis operations over real HTTP on a fixture plan fed through the device API: the
 * answers, 'heat map area not found', Excel downloads read back with exceljs, live occupancy and
 * its message, and the data scope (another customer's plan, a store manager's other store, a role
 * without the permission) on every operation.
 */
let t: TestApp;
let box: TestBox;
let fixture: FloorplanFixture;
let theirs: FloorplanFixture;
let admin: Session;
let otherStoreManager: Session;
let ownStoreManager: Session;
let noHeat: Session;
let theirAdmin: Session;
let shopId: string;
let customerId: string;

const DAY = '2026-03-10';
const query = (planId: string, extra: Record<string, unknown> = {}) => ({ planId, startDate: DAY, endDate: DAY, ...extra });

/** Camera 1 of the fixture: pixel (u, v) -> (5 - 0.006 (u - 320), 5 - 0.006 (v - 240)) metres. */
const pixelOf = (x: number, y: number): [number, number] => [320 - (x - 5) / 0.006, 240 - (y - 5) / 0.006];
const walk = (trackId: string, startedAt: string, stops: [number, number, number][], extra: Record<string, unknown> = {}) => ({
  type: 'track',
  cameraId: box.cameraIds[0],
  trackId,
  startedAt,
  points: stops.map(([offset, x, y]) => [offset, ...pixelOf(x, y)]),
  ...extra,
});

beforeAll(async () => {
  clockAt('2026-03-10T06:00:00Z');
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  shopId = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  const otherShop = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, customerId, shopId, 2);
  const storage = objectStorageOf(t.config);
  fixture = await buildFloorplan({ db: t.db, storage }, { customerId, shopId, cameraIds: box.cameraIds });

  const other = await buildCustomer(t.db);
  const theirShop = await buildShop(t.db, other.customerId, other.rootOrgId);
  theirs = await buildFloorplan({ db: t.db, storage }, { customerId: other.customerId, shopId: theirShop });

  const sign = async (id: string, roleId: number, shopIds?: string[]) =>
    signIn(t.app, (await buildUser(t.db, [{ customerId: id, roleId, ...(shopIds ? { shopIds } : {}) }])).loginName, id);
  admin = await sign(customerId, RoleId.superManager);
  ownStoreManager = await sign(customerId, RoleId.storeManage, [shopId]);
  otherStoreManager = await sign(customerId, RoleId.storeManage, [otherShop]);
  theirAdmin = await sign(other.customerId, RoleId.superManager);
  const withoutHeat = await buildRoleWithout(t.db, customerId, ['heatmap_2d_view', 'flowdata_download']);
  noHeat = await sign(customerId, withoutHeat);

  // Three people: two at 10:00 local spend 38 s and 20 s in Shelf A, one at 11:10 crosses the aisle line
  // forwards (towards y > 5) into the enter area.
  const at = (minutes: number) => new Date(Date.parse('2026-03-10T02:00:00Z') + minutes * 60_000).toISOString();
  const events = [
    walk(
      'p1',
      at(0),
      [
        [0, 5, 3.8],
        [20_000, 5, 4.8],
        [40_000, 5.2, 4.8],
        [42_000, 5.2, 3.8],
      ],
      { gender: 'male', ageBand: '25-34' },
    ),
    walk(
      'p2',
      at(5),
      [
        [0, 5, 3.8],
        [25_000, 5.1, 4.6],
        [27_000, 5.1, 3.8],
      ],
      { gender: 'female', ageBand: '18-24' },
    ),
    walk(
      'p3',
      at(70),
      [
        [0, 3.5, 4.5],
        [3_000, 3.5, 6.2],
        [4_000, 5, 6.2],
      ],
      { gender: 'female', ageBand: '55+' },
    ),
    { type: 'heatGrid', cameraId: box.cameraIds[0], at: at(1), cols: 2, rows: 2, cells: [10, 0, 0, 30] },
  ];
  const sent = await sendBatch(t.app, box.token, events);
  if (sent.body.status !== 200) throw new Error(sent.body.msg);
});
afterAll(async () => {
  resetClock();
  await t.close();
});

const region = (name: string) => fixture.elements.region.find((element) => element.name === name);

describe('the analysis answers', () => {
  it("lists a shop's plans", async () => {
    const answer = await invoke(t.app, ops.plans, { shopId }, ownStoreManager);
    expect(answer.body.data).toMatchObject([{ id: fixture.plan.id, name: 'Ground floor', active: true, widthM: 20, heightM: 15 }]);
  });

  it('summarises regions, halt areas and enter areas with their versions', async () => {
    const answer = await invoke(t.app, ops.regionSummary, query(fixture.plan.id), admin);
    expect(answer.body.status, answer.body.msg).toBe(200);
    const data = answer.body.data as { tracks: number; rows: { name: string; kind: string; entries: number; dwellSeconds: number; versions: number[] }[] };
    expect(data.tracks).toBe(3);
    // p1: y 3.8 -> 4.8 over 20 s reaches Shelf A's edge y = 4 at 4 s, leaves it at 40 s + 2 s * 0.8 = 41.6 s: 37.6 s -> 38 s.
    // p2: y = 4 at 25 s * 0.2/0.8 = 6.25 s, back to y = 4 at 25 s + 2 s * 0.6/0.8 = 26.5 s: 20.25 s -> 20 s.
    expect(data.rows.find((row) => row.name === 'Shelf A')).toMatchObject({ kind: 'region', entries: 2, dwellSeconds: 58, versions: [1] });
    expect(data.rows.find((row) => row.name === 'Entrance')).toMatchObject({ kind: 'enter', entries: 1 });
    expect(data.rows.find((row) => row.name === 'Cashier')).toMatchObject({ entries: 0, versions: [] });
  });

  it('gives one region by day and by hour, and the hour range narrows it', async () => {
    const shelf = region('Shelf A')?.elementId ?? '';
    const answer = await invoke(t.app, ops.regionTrend, { ...query(fixture.plan.id), elementId: shelf }, admin);
    const data = answer.body.data as { daily: { entries: number }[]; hourly: { hour: number; entries: number }[] };
    expect(data.daily).toEqual([{ date: DAY, entries: 2, passes: 0, dwellSeconds: 58, deepEntries: 0 }]);
    expect(data.hourly.find((row) => row.hour === 10)?.entries).toBe(2);
    const evening = await invoke(t.app, ops.regionSummary, query(fixture.plan.id, { fromHour: 11, toHour: 23 }), admin);
    expect((evening.body.data as { rows: { name: string; entries: number }[] }).rows.find((row) => row.name === 'Shelf A')?.entries).toBe(0);
  });

  it('counts flow-line crossings as a share of the tracks', async () => {
    const answer = await invoke(t.app, ops.flowPercent, query(fixture.plan.id), admin);
    // The aisle (3, 5) -> (7, 5): p3 walks x = 3.5 from y = 4.5 to 6.2 (towards y > 5: forward). p1 and p2 stay above y = 5.
    expect(answer.body.data).toMatchObject({ tracks: 3, lines: [{ name: 'Aisle', forward: 1, backward: 0, counted: 1, percent: 33.3 }] });
  });

  it('sums the enter areas by gender and age', async () => {
    const answer = await invoke(t.app, ops.enterAnalysis, query(fixture.plan.id), admin);
    const data = answer.body.data as { areas: { entries: number; female: number; ages: { band: string; entries: number }[] }[] };
    expect(data.areas[0]).toMatchObject({ entries: 1, female: 1, male: 0 });
    expect(data.areas[0]?.ages.find((age) => age.band === '55+')?.entries).toBe(1);
    expect(data.areas[0]?.ages).toHaveLength(AGE_BANDS.length);
  });

  it('answers the heat grid, and "heat map area not found" where there is none, in four languages', async () => {
    const answer = await invoke(t.app, ops.heat, query(fixture.plan.id), admin);
    const data = answer.body.data as { cols: number; rows: number; max: number; cells: [number, number][] };
    // 2 × 2 cells of 320 × 240 px: (0, 0) centred at (160, 120) -> (5.96, 5.72): plan cell (11, 11) = 451, 10 s;
    // (1, 1) at (480, 360) -> (4.04, 4.28): cell (8, 8) = 328, 30 s.
    expect(data).toMatchObject({ cols: 40, rows: 30, max: 30 });
    expect(data.cells).toEqual([
      [328, 30],
      [451, 10],
    ]);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.heat, { planId: fixture.plan.id, startDate: '2026-03-01', endDate: '2026-03-02' }, { ...admin, lang }),
      'errors.heatmapAreaNotFound',
    );
  });

  it('answers one area’s heat, and "heat map area not found" for a region without heat in the range, in four languages', async () => {
    // Both heat cells' centres, (4.25, 4.25) and (5.75, 5.75), lie in Shelf A [4, 6] × [4, 6].
    const shelf = await invoke(t.app, ops.heat, query(fixture.plan.id, { elementId: region('Shelf A')?.elementId }), admin);
    expect(shelf.body.data).toMatchObject({
      max: 30,
      cells: [
        [328, 30],
        [451, 10],
      ],
    });
    const promotion = fixture.elements.halt[0]?.elementId;
    // The halt area [4.5, 5.5]² holds neither centre.
    for (const elementId of [region('Fitting room')?.elementId, promotion]) {
      await expectMessageInAllLanguages(
        (lang) => invoke(t.app, ops.heat, query(fixture.plan.id, { elementId }), { ...admin, lang }),
        'errors.heatmapAreaNotFound',
        undefined,
        404,
      );
    }
    expect((await invoke(t.app, ops.heat, query(fixture.plan.id, { elementId: fixture.elements.mask[0]?.elementId }), admin)).body.status).toBe(404);
  });

  it('returns the day’s trajectories in plan metres, and the camera’s events', async () => {
    const answer = await invoke(t.app, ops.trajectories, { planId: fixture.plan.id, date: DAY }, admin);
    const data = answer.body.data as { total: number; tracks: { points: [number, number][] }[] };
    expect(data.total).toBe(3);
    expect(data.tracks[0]?.points[0]?.[0]).toBeCloseTo(5, 6);
    expect(data.tracks[0]?.points[0]?.[1]).toBeCloseTo(3.8, 6);
    const events = await invoke(t.app, ops.cameraEvents, { cameraId: box.cameraIds[0] as string, startDate: DAY, endDate: DAY }, admin);
    const camera = events.body.data as { planId: string; tracksByHour: { hour: number; tracks: number }[]; regions: { name: string }[] };
    expect(camera.planId).toBe(fixture.plan.id);
    expect(camera.tracksByHour.find((row) => row.hour === 10)?.tracks).toBe(2);
    expect(camera.tracksByHour.find((row) => row.hour === 11)?.tracks).toBe(1);
    // Camera 1 sees Shelf A and the halt area, not the Fitting room or the Cashier.
    expect(camera.regions.map((row) => row.name).sort()).toEqual(['Promotion table', 'Shelf A']);
  });

  it('gives a camera’s days: tracks and region entries by day and by hour, null where tracks may be purged', async () => {
    // Which days may have lost tracks depends on today: the fixture's day is today here.
    clockAt('2026-03-10T06:00:00Z');
    const answer = await invoke(t.app, ops.cameraEvents, { cameraId: box.cameraIds[0] as string, startDate: '2026-03-09', endDate: DAY }, admin);
    const data = answer.body.data as {
      tracksByDay: { date: string; tracks: number | null }[];
      tracksByHour: { hour: number; tracks: number }[];
      regions: { name: string; daily: { date: string; entries: number }[]; hourly: { hour: number; entries: number }[] }[];
    };
    expect(data.tracksByDay).toEqual([
      { date: '2026-03-09', tracks: 0 },
      { date: DAY, tracks: 3 },
    ]);
    expect(data.tracksByHour.find((row) => row.hour === 10)?.tracks).toBe(2);
    const shelf = data.regions.find((row) => row.name === 'Shelf A');
    expect(shelf?.daily).toEqual([
      { date: '2026-03-09', entries: 0 },
      { date: DAY, entries: 2 },
    ]);
    expect(shelf?.hourly.find((row) => row.hour === 10)?.entries).toBe(2);
    // Tracks are kept 30 days: 2026-02-09 (29 days back) may have lost some, 2026-02-11 has all of them.
    const month = await invoke(t.app, ops.cameraEvents, { cameraId: box.cameraIds[0] as string, startDate: '2026-02-09', endDate: DAY }, admin);
    const days = (month.body.data as { tracksByDay: { date: string; tracks: number | null }[] }).tracksByDay;
    expect(days.find((row) => row.date === '2026-02-09')?.tracks).toBeNull();
    expect(days.find((row) => row.date === '2026-02-11')?.tracks).toBe(0);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.cameraEvents, { cameraId: box.cameraIds[0] as string, startDate: '2025-01-01', endDate: DAY }, { ...admin, lang }),
      'errors.timeSelectionError',
      { days: 90 },
    );
  });

  it('correlates regions and gives from-and-go between them', async () => {
    const correlations = await invoke(t.app, ops.correlations, query(fixture.plan.id), admin);
    expect((correlations.body.data as { pairs: unknown[] }).pairs).toHaveLength(3);
    const fromAndGo = await invoke(t.app, ops.fromAndGo, query(fixture.plan.id), admin);
    expect(fromAndGo.body.data).toMatchObject({ cells: [] });
  });

  it('refuses a range longer than 90 days with the span', async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.regionSummary, { planId: fixture.plan.id, startDate: '2025-01-01', endDate: DAY }, { ...admin, lang }),
      'errors.timeSelectionError',
      { days: 90 },
    );
  });
});

describe('downloads', () => {
  it('exports each table as a real workbook in the reader’s language', async () => {
    for (const [table, title, first] of [
      ['regions', 'Region analysis', 'Region'],
      ['fromAndGo', 'From-and-go', 'From'],
      ['flows', 'Flow lines', 'Flow line'],
      ['enter', 'Entrance areas', 'Region'],
    ] as const) {
      const file = await download(t.app, 'POST', ops.export.path, { table, query: query(fixture.plan.id) }, { ...admin, lang: 'en' });
      expect(file.http, table).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.name).toBe(title);
      expect(sheet?.getRow(1).getCell(1).value).toBe(first);
    }
    const cameraQuery = { cameraId: box.cameraIds[0] as string, startDate: '2026-03-09', endDate: DAY };
    for (const [request, header, shelfRow] of [
      [{ table: 'cameraRegions', query: cameraQuery, view: 'day' }, [undefined, 'Region', 'Total', '2026-03-09', DAY], [undefined, 'Shelf A', 2, 0, 2]],
      [
        { table: 'cameraRegions', query: cameraQuery },
        [undefined, 'Region', 'Total', ...Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`)],
        null,
      ],
      [{ table: 'cameraFlows', query: cameraQuery }, [undefined, 'Flow line', 'Forward', 'Backward'], null],
    ] as const) {
      const file = await download(t.app, 'POST', ops.export.path, request, { ...admin, lang: 'en' });
      expect(file.http, request.table).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.name).toBe(request.table === 'cameraFlows' ? 'Camera flow lines' : 'Camera region traffic');
      expect(sheet?.getRow(1).values).toEqual(header);
      const rows = (sheet?.getSheetValues() ?? []).filter((row) => Array.isArray(row) && row[1] === 'Shelf A');
      if (shelfRow) expect(rows).toEqual([shelfRow]);
      if (request.table === 'cameraRegions' && !('view' in request)) expect((rows[0] as unknown[])?.[3 + 10]).toBe(2);
    }
    // The two sheets' names in each reader's language.
    for (const lang of LOCALES) {
      for (const [table, title] of [
        ['cameraRegions', 'area.titleCameraRegions'],
        ['cameraFlows', 'area.titleCameraFlows'],
      ] as const) {
        const file = await download(t.app, 'POST', ops.export.path, { table, query: cameraQuery }, { ...admin, lang });
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
        expect(workbook.worksheets[0]?.name, `${table} in ${lang}`).toBe(translateMessage(lang, title));
      }
    }
    const trend = await download(
      t.app,
      'POST',
      ops.export.path,
      { table: 'regionTrend', query: { ...query(fixture.plan.id), elementId: region('Shelf A')?.elementId } },
      { ...admin, lang: 'zh' },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(trend.content as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.name).toBe('区域趋势');
    expect(workbook.worksheets[0]?.getRow(2).values).toEqual([undefined, DAY, 2, 0, 58, 0]);
  });
});

describe('live occupancy', () => {
  it('counts the people whose tracks just ended, per zone, and posts a message once a threshold is crossed', async () => {
    clockAt('2026-03-10T03:11:00Z');
    // p3 ended at 03:10:04 (in the enter area, not a region); p1 and p2 ended an hour before.
    const now = await invoke(t.app, ops.occupancy, { shopId }, admin);
    expect(now.body.data).toMatchObject({ people: 1, threshold: null });
    expect((await invoke(t.app, ops.setOccupancyThreshold, { shopId, threshold: 1 }, admin)).body.status).toBe(200);
    // Two more people standing in Shelf A.
    await sendBatch(t.app, box.token, [
      walk('p4', '2026-03-10T03:10:30Z', [
        [0, 5, 5],
        [10_000, 5.1, 5],
      ]),
      walk('p5', '2026-03-10T03:10:30Z', [
        [0, 5.2, 5.2],
        [10_000, 5.3, 5.2],
      ]),
    ]);
    // A member reading in each other language: each gets the message in their own.
    const readers: [Locale, Session][] = [['en', admin]];
    for (const lang of LOCALES.filter((locale) => locale !== 'en')) {
      const reader = await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }]);
      await t.db.updateTable('users').set({ locale: lang }).where('id', '=', reader.userId).execute();
      readers.push([lang, await signIn(t.app, reader.loginName, customerId)]);
    }
    const occupancy = createOccupancy({
      db: t.db,
      floorplan: createFloorplanService({ db: t.db, storage: objectStorageOf(t.config) }),
      messages: createMessagesService({ db: t.db }),
    });
    expect(await occupancy.check()).toBe(1);
    // Still above: no second message.
    expect(await occupancy.check()).toBe(0);
    const state = await invoke(t.app, ops.occupancy, { shopId }, admin);
    expect(state.body.data).toMatchObject({ people: 3, threshold: 1 });
    expect((state.body.data as { zones: { name: string; people: number }[] }).zones.find((zone) => zone.name === 'Shelf A')?.people).toBe(2);
    const inbox = await t.app.inject({
      method: 'POST',
      url: '/api/message/list',
      headers: { authorization: `Bearer ${admin.token}`, 'x-customer-code': admin.cid },
      payload: { kind: 1, page: 1, pageSize: 10 },
    });
    expect(inbox.body).toContain('above the threshold of 1');
    const place = (await t.db.selectFrom('shops').select('name').where('id', '=', shopId).executeTakeFirstOrThrow()).name;
    for (const [lang, reader] of readers) {
      const list = await invoke(t.app, messageOperations.list, { kind: 1, page: 1, pageSize: 10 }, reader);
      const posted = (list.body.data as { list: { title: string; body: string; source: string | null }[] }).list.filter((row) => row.source === 'occupancy');
      expect(posted, lang).toEqual([
        expect.objectContaining({
          title: translateMessage(lang, 'area.occupancyTitle'),
          body: translateMessage(lang, 'area.occupancyBody', { place, people: 3, threshold: 1 }),
        }),
      ]);
    }
    // Ten minutes later nobody is seen: the store is below again, and a new crowd would be announced again.
    advanceClock(10 * 60_000);
    expect(await occupancy.check()).toBe(0);
    expect((await t.db.selectFrom('fp_occupancy').select('above').where('zone_id', '=', '').executeTakeFirst())?.above).toBe(0);
  });

  it('raises one message for a zone crossing its own threshold, set in the region tool without a new version or a recompute', async () => {
    const occupancy = createOccupancy({
      db: t.db,
      floorplan: createFloorplanService({ db: t.db, storage: objectStorageOf(t.config) }),
      messages: createMessagesService({ db: t.db }),
    });
    // Only the zone's threshold this time.
    expect((await invoke(t.app, ops.setOccupancyThreshold, { shopId, threshold: null }, admin)).body.status).toBe(200);
    const planBefore = await t.db.selectFrom('floor_plans').select('geometry_version').where('id', '=', fixture.plan.id).executeTakeFirstOrThrow();
    const regions = (await invoke(t.app, floorplanOperations.elementList, { planId: fixture.plan.id, kind: 'region' }, admin)).body.data as PlanElement[];
    const shelf = regions.find((element) => element.name === 'Shelf A');
    const retuned = regions.map((element) => elementInput({ ...element, occupancyThreshold: element === shelf ? 1 : element.occupancyThreshold }));
    const saved = await invoke(t.app, floorplanOperations.elementSave, { planId: fixture.plan.id, kind: 'region', elements: retuned }, admin);
    expect(saved.body.status, saved.body.msg).toBe(200);
    // A threshold measures nothing of the past: the same version, the same plan geometry, no recompute.
    expect((saved.body.data as PlanElement[]).find((element) => element.name === 'Shelf A')).toMatchObject({ version: shelf?.version, occupancyThreshold: 1 });
    expect(await t.db.selectFrom('floor_plans').select('geometry_version').where('id', '=', fixture.plan.id).executeTakeFirstOrThrow()).toEqual(planBefore);
    expect(await t.db.selectFrom('jobs').select('id').where('name', '=', 'floorplan.recompute').execute()).toEqual([]);

    // One person in Shelf A: not above. Two: above, one message naming the zone.
    const justNow = (seconds: number) => new Date(now().getTime() - seconds * 1000).toISOString();
    const standing = (trackId: string, x: number) =>
      walk(trackId, justNow(10), [
        [0, x, 5],
        [5_000, x, 5.1],
      ]);
    await sendBatch(t.app, box.token, [standing('z1', 5)]);
    expect(await occupancy.check()).toBe(0);
    await sendBatch(t.app, box.token, [standing('z2', 5.3)]);
    expect(await occupancy.check()).toBe(1);
    expect(await occupancy.check()).toBe(0);
    const state = (await invoke(t.app, ops.occupancy, { shopId }, admin)).body.data as Occupancy;
    expect(state.threshold).toBeNull();
    expect(state.zones.find((zone) => zone.name === 'Shelf A')).toMatchObject({ kind: 'region', people: 2, threshold: 1, points: shelf?.points });
    const list = await invoke(t.app, messageOperations.list, { kind: 1, page: 1, pageSize: 20 }, admin);
    const aboutShelf = (list.body.data as { list: { body: string; refId: string | null }[] }).list.filter((row) => row.refId === shelf?.elementId);
    expect(aboutShelf.map((row) => row.body)).toEqual([translateMessage('en', 'area.occupancyBody', { place: 'Shelf A', people: 2, threshold: 1 })]);
  });

  it('refuses a threshold that is not a whole number from 1, in every language, for the store and for a zone', async () => {
    for (const threshold of [0, 2.5, 100_001]) {
      await expectMessageInAllLanguages(
        (lang) => invoke(t.app, ops.setOccupancyThreshold, { shopId, threshold }, { ...admin, lang }),
        'occupancy.thresholdRange',
        { max: 100_000 },
        400,
      );
    }
    const regions = (await invoke(t.app, floorplanOperations.elementList, { planId: fixture.plan.id, kind: 'region' }, admin)).body.data as PlanElement[];
    const elements = regions.map((element) => ({ ...elementInput(element), occupancyThreshold: -1 }));
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, floorplanOperations.elementSave, { planId: fixture.plan.id, kind: 'region', elements }, { ...admin, lang }),
      'occupancy.thresholdRange',
      { max: 100_000 },
      400,
    );
  });
});

describe('data scope', () => {
  const everyRead = (planId: string) =>
    [
      () => invoke(t.app, ops.regionSummary, query(planId), admin),
      () => invoke(t.app, ops.regionTrend, { ...query(planId), elementId: region('Shelf A')?.elementId ?? 'x' }, admin),
      () => invoke(t.app, ops.correlations, query(planId), admin),
      () => invoke(t.app, ops.fromAndGo, query(planId), admin),
      () => invoke(t.app, ops.heat, query(planId), admin),
      () => invoke(t.app, ops.flowPercent, query(planId), admin),
      () => invoke(t.app, ops.enterAnalysis, query(planId), admin),
      () => invoke(t.app, ops.trajectories, { planId, date: DAY }, admin),
    ] as const;

  it('queues the recompute of the last 30 days as soon as a region is saved, and says so', async () => {
    expect((await invoke(t.app, ops.recomputeStatus, { planId: fixture.plan.id }, admin)).body.data).toEqual({ state: 'current', percent: null });
    const regions = (await invoke(t.app, floorplanOperations.elementList, { planId: fixture.plan.id, kind: 'region' }, admin)).body.data as PlanElement[];
    const moved = regions.map((region, index) => ({
      ...elementInput({ ...region, regionType: region.regionType ?? 'shelf' }),
      points: index === 0 ? region.points.map((point) => ({ x: point.x, y: point.y + 0.1 })) : region.points,
    }));
    const saved = await invoke(t.app, floorplanOperations.elementSave, { planId: fixture.plan.id, kind: 'region', elements: moved }, admin);
    expect(saved.body.status, saved.body.msg).toBe(200);
    // The job is there before any watch ran: a worker takes it at its next poll.
    const jobs = await t.db.selectFrom('jobs').select(['status']).where('name', '=', 'floorplan.recompute').execute();
    expect(jobs).toEqual([{ status: 'waiting' }]);
    expect((await invoke(t.app, ops.recomputeStatus, { planId: fixture.plan.id }, admin)).body.data).toEqual({ state: 'queued', percent: null });
    expect((await invoke(t.app, ops.recomputeStatus, { planId: fixture.plan.id }, otherStoreManager)).body.status).toBe(404);
  });

  it("answers another customer's plan, camera and shop as not found", async () => {
    for (const read of everyRead(theirs.plan.id)) expect((await read()).body.status).toBe(404);
    expect((await invoke(t.app, ops.cameraEvents, { cameraId: theirs.cameras[0]?.cameraId ?? 'none', startDate: DAY, endDate: DAY }, admin)).body.status).toBe(
      404,
    );
    expect((await invoke(t.app, ops.occupancy, { shopId: theirs.plan.shopId }, admin)).body.status).toBe(404);
    expect((await invoke(t.app, ops.plans, { shopId: theirs.plan.shopId }, admin)).body.status).toBe(404);
    expect((await invoke(t.app, ops.occupancy, { shopId }, theirAdmin)).body.status).toBe(404);
    const file = await download(t.app, 'POST', ops.export.path, { table: 'regions', query: query(theirs.plan.id) }, admin);
    expect(file.json().status).toBe(404);
  });

  it('shows a store manager only their own stores', async () => {
    const own = await invoke(t.app, ops.regionSummary, query(fixture.plan.id), ownStoreManager);
    expect(own.body.status).toBe(200);
    for (const operation of [ops.regionSummary, ops.correlations, ops.fromAndGo, ops.heat, ops.flowPercent, ops.enterAnalysis] as const) {
      expect((await invoke(t.app, operation, query(fixture.plan.id), otherStoreManager)).body.status, operation.name).toBe(404);
    }
    expect((await invoke(t.app, ops.trajectories, { planId: fixture.plan.id, date: DAY }, otherStoreManager)).body.status).toBe(404);
    expect((await invoke(t.app, ops.cameraEvents, { cameraId: box.cameraIds[0] as string, startDate: DAY, endDate: DAY }, otherStoreManager)).body.status).toBe(
      404,
    );
    expect((await invoke(t.app, ops.occupancy, { shopId }, otherStoreManager)).body.status).toBe(404);
    expect((await invoke(t.app, ops.plans, { shopId }, otherStoreManager)).body.status).toBe(404);
    expect((await invoke(t.app, ops.setOccupancyThreshold, { shopId, threshold: 5 }, otherStoreManager)).body.status).toBe(404);
  });

  it("lets the store's own manager set its occupancy threshold, not an observer, not another customer", async () => {
    const observer = await signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: RoleId.observer }])).loginName, customerId);
    expect((await invoke(t.app, ops.setOccupancyThreshold, { shopId, threshold: 7 }, observer)).body.status).toBe(ResponseStatus.noAuthority);
    expect((await invoke(t.app, ops.setOccupancyThreshold, { shopId, threshold: 7 }, theirAdmin)).body.status).toBe(404);
    expect((await invoke(t.app, ops.occupancy, { shopId }, admin)).body.data).not.toMatchObject({ threshold: 7 });
    expect((await invoke(t.app, ops.setOccupancyThreshold, { shopId, threshold: 7 }, ownStoreManager)).body.status).toBe(200);
    expect((await invoke(t.app, ops.occupancy, { shopId }, observer)).body.data).toMatchObject({ threshold: 7 });
    expect((await invoke(t.app, ops.setOccupancyThreshold, { shopId, threshold: null }, ownStoreManager)).body.status).toBe(200);
  });

  it('needs the heat-map view permission for the heat and the download permission for files', async () => {
    expect((await invoke(t.app, ops.heat, query(fixture.plan.id), noHeat)).body.status).toBe(403);
    expect((await invoke(t.app, ops.regionSummary, query(fixture.plan.id), noHeat)).body.status).toBe(200);
    const file = await download(t.app, 'POST', ops.export.path, { table: 'regions', query: query(fixture.plan.id) }, noHeat);
    expect(file.json().status).toBe(403);
  });
});

describe('correlations download', () => {
  // A day of its own (2026-03-05, Shanghai): Shelf A (camera 1) has 1, 2 and 0 entries at 10, 11 and 12 o'clock, the
  // Fitting room (camera 2, whose centre pixel sees (15, 4)) 1, 0 and 1; the Cashier none. Over the 24 hours:
  // mean A = 3/24, mean F = 2/24; Σ(a − ā)(f − f̄) = 1 − 24 · (3/24)(2/24) = 0.75; Σ(a − ā)² = 5 − 9/24 = 4.625;
  // Σ(f − f̄)² = 2 − 4/24 = 1.8333; r = 0.75 / √(4.625 · 1.8333) = 0.258. A series that never varies has no r (null).
  const CORRELATION_DAY = '2026-03-05';
  beforeAll(async () => {
    const at = (hour: number, minute: number) => new Date(Date.parse(`${CORRELATION_DAY}T00:00:00Z`) + ((hour - 8) * 60 + minute) * 60_000).toISOString();
    const shelf = (id: string, startedAt: string) =>
      walk(id, startedAt, [
        [0, 5, 3.8],
        [2_000, 5, 4.8],
        [12_000, 5, 4.9],
        [14_000, 5, 3.8],
      ]);
    // Camera 2 looks along x = 15: pixel v 400 sees y 2.55 (outside the Fitting room), 240 sees y 4 (inside).
    const fittingRoom = (id: string, startedAt: string) =>
      walk(id, startedAt, [], {
        cameraId: box.cameraIds[1],
        points: [
          [0, 320, 400],
          [2_000, 320, 240],
          [12_000, 322, 240],
          [14_000, 320, 400],
        ],
      });
    const sent = await sendBatch(t.app, box.token, [
      shelf('c1', at(10, 5)),
      shelf('c2', at(11, 5)),
      shelf('c3', at(11, 30)),
      fittingRoom('c4', at(10, 20)),
      fittingRoom('c5', at(12, 20)),
    ]);
    if (sent.body.status !== 200) throw new Error(sent.body.msg);
  });
  const correlationQuery = () => ({ planId: fixture.plan.id, startDate: CORRELATION_DAY, endDate: CORRELATION_DAY });

  it('lays the correlations out as the page’s region × region matrix, named in each reader’s language', async () => {
    const answer = (await invoke(t.app, ops.correlations, correlationQuery(), admin)).body.data as {
      regions: { elementId: string; name: string }[];
      pairs: { a: string; b: string; coefficient: number | null }[];
    };
    const coefficient = (a: string, b: string) =>
      answer.pairs.find((pair) => (pair.a === a && pair.b === b) || (pair.a === b && pair.b === a))?.coefficient ?? null;
    const file = await download(t.app, 'POST', ops.export.path, { table: 'correlations', query: correlationQuery() }, { ...admin, lang: 'en' });
    expect(file.http).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Region correlations');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Region', ...answer.regions.map((region) => region.name)]);
    expect(answer.regions.length).toBeGreaterThan(1);
    const id = (name: string) => answer.regions.find((region) => region.name === name)?.elementId ?? '';
    expect(coefficient(id('Shelf A'), id('Fitting room'))).toBe(0.258);
    expect(coefficient(id('Shelf A'), id('Cashier'))).toBeNull();
    for (const [index, row] of answer.regions.entries()) {
      // A region's own cell stays empty; every other cell is the pair's coefficient, the same both ways.
      const expected = [row.name, ...answer.regions.map((other) => (other.elementId === row.elementId ? null : coefficient(row.elementId, other.elementId)))];
      const cells = expected.map((_, column) => sheet?.getRow(index + 2).getCell(column + 1).value ?? null);
      expect(cells).toEqual(expected);
    }
    for (const lang of LOCALES) {
      const named = await download(t.app, 'POST', ops.export.path, { table: 'correlations', query: correlationQuery() }, { ...admin, lang });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(named.content as unknown as ArrayBuffer);
      expect(book.worksheets[0]?.name, lang).toBe(translateMessage(lang, 'area.titleCorrelations'));
    }
  });
});
