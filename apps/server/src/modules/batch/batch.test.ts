import { type BatchDaysResponse, LOCALES, batchOperations as ops, RoleId, translateMessage, type VisitorBatchRow } from '@storelens/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, download, type Session, sheetRows, signIn, signInWithRole } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildBox, clockAt, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { resetClock } from '../../platform/time/clock.ts';
import { correlation } from './batch.service.ts';
import { rebuildBatchDays } from './batch-ingest.ts';

/**
 * Visitor batches (issue 17 section 2) through the device API and the batch operations: screenshots
 * checked as images, lists and filters, the Excel export read back, the day rollups against a
 * rebuild, conversion per batch and per person, the real-time cursor, store-entry details, scope.
 * Shanghai times; the clock stands on 2026-03-20.
 */
let t: TestApp;
let customerId: string;
let shopA: string;
let shopB: string;
let box: TestBox;
let admin: Session;
let storeB: Session;
let screenshot: string;

const group = (batchId: string, local: string, count: number, minutes: number, extra: Record<string, unknown> = {}) => ({
  type: 'visitorBatch' as const,
  batchId,
  batchType: count === 1 ? 'single' : count === 2 ? 'pair' : count <= 5 ? 'family' : 'group',
  count,
  enteredAt: `${local}:00+08:00`,
  exitedAt: new Date(Date.parse(`${local}:00+08:00`) + minutes * 60_000).toISOString(),
  visitorType: 'new',
  ...extra,
});

async function ok<T>(promise: Promise<{ body: { status: number; msg: string; data: unknown } }>): Promise<T> {
  const { body } = await promise;
  expect(body.status, body.msg).toBe(200);
  return body.data as T;
}

beforeAll(async () => {
  t = await createTestApp();
  clockAt('2026-03-20T04:00:00Z');
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  shopA = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  shopB = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, customerId, shopA, 1);
  admin = await signInWithRole(t.app, t.db, customerId, RoleId.superManager);
  storeB = await signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: RoleId.storeManage, shopIds: [shopB] }])).loginName, customerId);
  screenshot = (
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer()
  ).toString('base64');
}, 60_000);
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('visitor batches from a box', () => {
  it('refuses a screenshot that is no image and a reception without its start, in every language', async () => {
    for (const lang of LOCALES) {
      const bad = await sendBatch(
        t.app,
        box.token,
        [group('bad-1', '2026-03-01T10:00', 2, 10, { screenshots: [{ image: Buffer.from('not an image').toString('base64') }] })],
        undefined,
        lang,
      );
      expect(bad.body.msg).toBe(translateMessage(lang, 'deviceApi.screenshot'));
      const reception = await sendBatch(t.app, box.token, [group('bad-2', '2026-03-01T10:00', 2, 10, { receptionSeconds: 30 })], undefined, lang);
      expect(reception.body.msg).toBe(translateMessage(lang, 'deviceApi.receptionStart'));
    }
    expect(await t.db.selectFrom('batch_visits').select('id').execute()).toEqual([]);
  });

  it('stores batches with screenshots, skips a resend, and rolls them up exactly as a rebuild does', async () => {
    const events = [
      group('b1', '2026-03-01T10:00', 1, 12, { cameraId: box.cameraIds[0], screenshots: [{ image: screenshot, at: '2026-03-01T10:00:05+08:00' }] }),
      group('b2', '2026-03-01T10:30', 5, 40, { visitorType: 'returning', receptionStartedAt: '2026-03-01T10:31:00+08:00', receptionSeconds: 240 }),
      group('b3', '2026-03-01T11:00', 2, 20, { receptionStartedAt: '2026-03-01T11:02:00+08:00', receptionSeconds: 30 }),
      group('b4', '2026-03-02T15:00', 12, 60, { visitorType: 'member', receptionStartedAt: '2026-03-02T15:01:00+08:00', receptionSeconds: 420 }),
      group('b5', '2026-03-02T23:50', 2, 30),
    ];
    const first = await sendBatch(t.app, box.token, events);
    expect(first.body.data).toMatchObject({ accepted: 5, duplicates: 0, byType: { visitorBatch: 5 } });
    const again = await sendBatch(t.app, box.token, events.slice(0, 2));
    expect(again.body.data).toMatchObject({ accepted: 0, duplicates: 2 });
    const daily = async () =>
      (await t.db.selectFrom('batch_shop_daily').selectAll().where('customer_id', '=', customerId).orderBy('local_date').execute()).map(
        ({ customer_id, ...row }) => row,
      );
    const ingested = await daily();
    expect(ingested.map((row) => [row.local_date, row.batches, row.people, row.received, row.stay_s, row.reception_s])).toEqual([
      ['2026-03-01', 3, 8, 2, (12 + 40 + 20) * 60, 270],
      ['2026-03-02', 2, 14, 1, (60 + 30) * 60, 420],
    ]);
    expect(ingested[0]).toMatchObject({ type_single: 1, type_family: 1, type_pair: 1, band_none: 1, band_under1: 1, band_from3to5: 1, people_from3to5: 5 });
    await rebuildBatchDays(t.db, customerId, shopA, '2026-02-01', '2026-03-19');
    expect(await daily()).toEqual(ingested);
  });

  it('lists, filters, exports and details the batches; a screenshot is a JPEG', async () => {
    const page = await ok<{
      total: number;
      list: VisitorBatchRow[];
      summary: { batches: number; people: number; received: number; avgReceptionSeconds: number };
    }>(invoke(t.app, ops.batchList, { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-02', page: 1, pageSize: 10 }, admin));
    expect(page.total).toBe(5);
    expect(page.summary).toMatchObject({ batches: 5, people: 22, received: 3, avgReceptionSeconds: 230 });
    const received = await ok<{ list: VisitorBatchRow[] }>(
      invoke(
        t.app,
        ops.batchList,
        { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-02', received: true, batchTypes: ['family', 'group'], page: 1, pageSize: 10 },
        admin,
      ),
    );
    expect(received.list.map((row) => row.batchKey).sort()).toEqual(['b2', 'b4']);
    const file = await download(
      t.app,
      'POST',
      ops.batchExport.path,
      { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-01', page: 1, pageSize: 20 },
      admin,
    );
    const rows = await sheetRows(file.content);
    expect(rows[0]?.[0]).toBe(translateMessage('en', 'batch.colBatch'));
    expect(rows.slice(1).map((row) => [row[0], row[3], row[4]])).toEqual([
      ['b1', 'Single', '1'],
      ['b2', 'Family', '5'],
      ['b3', 'Pair', '2'],
    ]);
    const withShot = page.list.find((row) => row.batchKey === 'b1');
    expect(withShot).toMatchObject({ screenshots: 1, entrance: { cameraId: box.cameraIds[0] } });
    const detail = await ok<{ screenshotList: { index: number; width: number }[] }>(
      invoke(t.app, ops.batchDetail, { batchId: withShot?.batchId ?? '' }, admin),
    );
    expect(detail.screenshotList).toEqual([expect.objectContaining({ index: 0, width: 64 })]);
    const image = await download(t.app, 'GET', `${ops.batchScreenshot.path}?batchId=${withShot?.batchId}&index=0`, undefined, admin);
    expect((await sharp(image.content).metadata()).format).toBe('jpeg');
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.batchList, { shopIds: [shopA], startDate: '2025-01-01', endDate: '2026-03-01', page: 1, pageSize: 10 }, { ...admin, lang }),
      'errors.timeSelectionError',
      { days: 90 },
    );
  });

  it('puts conversion per batch beside conversion per person, from the sales module’s transactions', async () => {
    // The POS data of 1 March: 4 transactions (the sales rollup as an import writes it).
    await t.db
      .insertInto('sales_shop_daily')
      .values({
        customer_id: customerId,
        shop_id: shopA,
        local_date: '2026-03-01',
        net_sales_cents: 40_000,
        transactions: 4,
        returns: 0,
        units_milli: 4000,
        items: 4,
        upload_id: 'fixture',
        updated_at: '2026-03-02T00:00:00Z',
      } as never)
      .execute();
    const days = await ok<BatchDaysResponse>(invoke(t.app, ops.batchDays, { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-02' }, admin));
    expect(days.rows.map((row) => [row.date, row.batches, row.people, row.transactions, row.conversionPerBatch, row.conversionPerPerson])).toEqual([
      ['2026-03-01', 3, 8, 4, 133.3, 50],
      ['2026-03-02', 2, 14, null, null, null],
    ]);
    // Over the range only the store-day with POS data counts on both sides.
    expect(days.totals).toMatchObject({ batches: 5, people: 22, transactions: 4, conversionPerBatch: 133.3, conversionPerPerson: 50 });
    expect(days.reception.find((band) => band.band === 'over5')).toEqual({ band: 'over5', batches: 1, people: 12 });
    expect(
      correlation([
        [1, 2],
        [2, 4],
        [3, 6],
      ]),
    ).toBe(1);
    expect(
      correlation([
        [1, 2],
        [2, 4],
      ]),
    ).toBeNull();
  });

  it('answers the real-time pages from a cursor: only what arrived since', async () => {
    const first = await ok<{ batches: VisitorBatchRow[]; cursor: string }>(invoke(t.app, ops.batchEventList, { shopIds: [shopA] }, admin));
    expect(first.batches).toHaveLength(5);
    const none = await ok<{ batches: VisitorBatchRow[]; cursor: string }>(invoke(t.app, ops.batchEventList, { shopIds: [shopA], after: first.cursor }, admin));
    expect(none).toMatchObject({ batches: [], cursor: first.cursor });
    clockAt('2026-03-20T04:00:05Z');
    await sendBatch(t.app, box.token, [group('b6', '2026-03-20T11:00', 3, 20)]);
    const next = await ok<{ batches: VisitorBatchRow[]; cursor: string }>(invoke(t.app, ops.batchEventList, { shopIds: [shopA], after: first.cursor }, admin));
    expect(next.batches.map((row) => row.batchKey)).toEqual(['b6']);
    // The inner pages are our operators': a manager's map hides them.
    const manager = await signInWithRole(t.app, t.db, customerId, RoleId.manager);
    expect((await invoke(t.app, ops.batchEventList, { shopIds: [shopA] }, manager)).http).toBe(403);
    expect((await invoke(t.app, ops.batchList, { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-01', page: 1, pageSize: 5 }, manager)).http).toBe(
      200,
    );
  });

  it('lists a store-day’s entries with time, entrance and batch', async () => {
    const entries = await ok<{ total: number; entries: number; timeZone: string; list: { batchKey: string; entrance: string | null; count: number }[] }>(
      invoke(t.app, ops.storeEntryDetail, { shopId: shopA, date: '2026-03-01', page: 1, pageSize: 20 }, admin),
    );
    expect(entries).toMatchObject({ total: 3, entries: 8, timeZone: 'Asia/Shanghai' });
    expect(entries.list.map((row) => [row.batchKey, row.count, row.entrance])).toEqual([
      ['b1', 1, 'Entrance 1'],
      ['b2', 5, null],
      ['b3', 2, null],
    ]);
  });

  it('keeps batches of stores outside the data scope and of other customers out of reach', async () => {
    const batch = (await t.db.selectFrom('batch_visits').select('id').where('customer_id', '=', customerId).executeTakeFirstOrThrow()).id;
    expect((await invoke(t.app, ops.batchDetail, { batchId: batch }, storeB)).http).toBe(404);
    expect((await invoke(t.app, ops.batchList, { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-01', page: 1, pageSize: 5 }, storeB)).http).toBe(
      404,
    );
    expect((await invoke(t.app, ops.storeEntryDetail, { shopId: shopA, date: '2026-03-01', page: 1, pageSize: 5 }, storeB)).http).toBe(404);
    const own = await ok<{ total: number }>(invoke(t.app, ops.batchList, { startDate: '2026-03-01', endDate: '2026-03-02', page: 1, pageSize: 5 }, storeB));
    expect(own.total).toBe(0);
    const other = await buildCustomer(t.db);
    const otherAdmin = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
    expect((await invoke(t.app, ops.batchDetail, { batchId: batch }, otherAdmin)).http).toBe(404);
  });
});
