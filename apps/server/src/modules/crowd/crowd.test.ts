import crypto from 'node:crypto';
import {
  type AudienceDetail,
  type AudienceRow,
  calendarOperations,
  LOCALES,
  type MessageKey,
  crowdOperations as ops,
  RoleId,
  translateMessage,
} from '@storelens/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, download, type Session, signIn, signInWithRole } from '../../../test/factories.ts';
import { type CallOptions, call, createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildBox, clockAt, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { resetClock } from '../../platform/time/clock.ts';
import { CustomTally, combine, FrequencyTally } from './audience-sets.ts';
import { measureEffect } from './promotions.service.ts';

/**
 * Audiences (issue 17 section 1) through the API: Wi-Fi sightings from a box (pseudonymised only),
 * each strategy against sets worked out by hand below, the intelligent audience's lock, names,
 * evaluation, export read back, uploads checked line by line, promotions with material images,
 * and the data scope. Times are Shanghai's (UTC+8); the clock stands on 2026-03-20.
 */
const person = (n: number) => crypto.createHash('sha256').update(`person-${n}`).digest('hex');
const P1 = person(1);
const P2 = person(2);
const P3 = person(3);
const P4 = person(4);
const X = person(99);

const wifi = (wifiId: string, local: string, minutes: number, presence: 'inStore' | 'passerby' = 'inStore', randomized = false) => ({
  type: 'wifi' as const,
  wifiId,
  firstSeenAt: `${local}:00+08:00`,
  lastSeenAt: new Date(Date.parse(`${local}:00+08:00`) + minutes * 60_000).toISOString(),
  presence,
  randomized,
});

const SIGHTINGS = [
  wifi(P1, '2026-03-01T10:00', 30),
  wifi(P1, '2026-03-02T10:00', 30),
  wifi(P1, '2026-03-03T19:00', 5),
  wifi(P2, '2026-03-01T11:00', 2),
  wifi(P2, '2026-03-05T15:00', 45),
  wifi(P3, '2026-03-02T12:00', 1, 'passerby'),
  wifi(P4, '2026-03-04T20:00', 60),
  wifi(person(500), '2026-03-01T10:00', 3, 'inStore', true),
  wifi(person(501), '2026-03-01T10:05', 3, 'inStore', true),
];

let t: TestApp;
let customerId: string;
let shopA: string;
let shopB: string;
let box: TestBox;
let admin: Session;
let storeB: Session;

const as = (session: Session, lang?: string): CallOptions => ({ ...session, ...(lang ? { lang } : {}) });
async function ok<T>(promise: Promise<{ body: { status: number; msg: string; data: unknown } }>): Promise<T> {
  const { body } = await promise;
  expect(body.status, body.msg).toBe(200);
  return body.data as T;
}

async function generated(audienceId: string): Promise<AudienceRow> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await ok<AudienceRow>(invoke(t.app, ops.crowdDetail, { audienceId }, admin));
    if (row.status === 'generated' || row.status === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`audience ${audienceId} stayed ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
async function membersOf(audienceId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('crowd_audience_members')
    .select('wifi_id')
    .where('customer_id', '=', customerId)
    .where('audience_id', '=', audienceId)
    .execute();
  return rows.map((row) => row.wifi_id).sort();
}
const sorted = (...ids: string[]) => [...ids].sort();

const custom = (name: string, conditions: Record<string, unknown>, type: 'inStore' | 'inStoreAndPasserby' = 'inStore') =>
  invoke(
    t.app,
    ops.crowdAddTask,
    { name, type, strategy: 'custom', conditions: { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-05', ...conditions } },
    admin,
  );

beforeAll(async () => {
  t = await createTestApp();
  clockAt('2026-03-20T04:00:00Z');
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  shopA = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  shopB = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, customerId, shopA, 1);
  admin = await signInWithRole(t.app, t.db, customerId, RoleId.superManager);
  const limited = await buildUser(t.db, [{ customerId, roleId: RoleId.storeManage, shopIds: [shopB] }]);
  storeB = await signIn(t.app, limited.loginName, customerId);
}, 60_000);
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('Wi-Fi sightings through the device API', () => {
  it('refuses a raw MAC address, naming the event and field, in every language', async () => {
    for (const lang of LOCALES) {
      for (const mac of ['AA:BB:CC:DD:EE:FF', 'aa-bb-cc-dd-ee-ff', 'aabbccddeeff']) {
        const response = await sendBatch(t.app, box.token, [wifi(mac, '2026-03-01T10:00', 1)], undefined, lang);
        expect(response.http).toBe(400);
        expect(response.body.msg).toBe(
          translateMessage(lang, 'deviceApi.badEvent', { index: 0, field: 'wifiId', problem: translateMessage(lang, 'deviceApi.rawMac') }),
        );
      }
      const short = await sendBatch(t.app, box.token, [wifi('abc123', '2026-03-01T10:00', 1)], undefined, lang);
      expect(short.body.msg).toContain(translateMessage(lang, 'deviceApi.wifiId'));
    }
    expect(await t.db.selectFrom('crowd_sightings').select('wifi_id').execute()).toEqual([]);
  });

  it('collects nothing while the privacy settings say so, then keeps identifiers and counts randomised ones apart', async () => {
    const off = await sendBatch(t.app, box.token, SIGHTINGS);
    expect(off.body.data).toMatchObject({ accepted: 0, ignoredPrivacy: SIGHTINGS.length, byType: { wifi: SIGHTINGS.length } });
    const privacy = await ok<{ settings: { retentionDays: number; blurFaces: boolean } }>(invoke(t.app, calendarOperations.privacyGet, undefined, admin));
    expect(privacy.settings).toMatchObject({ collectWifi: false });
    await ok(invoke(t.app, calendarOperations.privacyUpdate, { ...privacy.settings, collectWifi: true }, admin));
    const on = await sendBatch(t.app, box.token, SIGHTINGS);
    expect(on.body.data).toMatchObject({ accepted: SIGHTINGS.length, ignoredPrivacy: 0, duplicates: 0 });
    // The same sightings in a new batch are duplicates.
    const again = await sendBatch(t.app, box.token, SIGHTINGS.slice(0, 7));
    expect(again.body.data).toMatchObject({ accepted: 0, duplicates: 7 });
    const stored = await t.db
      .selectFrom('crowd_sightings')
      .select(['wifi_id', 'dwell_s', 'hour', 'local_date', 'presence'])
      .where('customer_id', '=', customerId)
      .execute();
    expect(stored).toHaveLength(7);
    expect(stored.map((row) => row.wifi_id)).not.toContain(person(500));
    expect(stored.find((row) => row.wifi_id === P1 && row.local_date === '2026-03-03')).toMatchObject({ hour: 19, dwell_s: 300 });
    const randomized = await t.db.selectFrom('crowd_random_daily').selectAll().where('customer_id', '=', customerId).execute();
    expect(randomized).toEqual([expect.objectContaining({ shop_id: shopA, local_date: '2026-03-01', presence: 'inStore', sightings: 2 })]);
    const config = await call(t.app, 'GET', '/api/device/v1/config', undefined, { token: box.token });
    expect((config.body.data as { collectWifi: boolean }).collectWifi).toBe(true);
  });
});

describe('audience strategies against hand-computed sets', () => {
  const ids: Record<string, string> = {};

  it('custom: visit count, dwell, time of day and type', async () => {
    // A: in-store, at least 2 visits over 1-5 March: P1 (3), P2 (2); P4 came once. Seen: P1, P2, P4 + 2 randomised.
    ids.A = (await ok<{ audienceId: string }>(custom('Regulars', { minVisits: 2 }))).audienceId;
    const a = await generated(ids.A);
    expect(a).toMatchObject({ status: 'generated', progress: 100, size: 2, macQuantity: 5, randomizedCount: 2, editable: true });
    expect(await membersOf(ids.A)).toEqual(sorted(P1, P2));
    // B: visits of 10-40 minutes between 9:00 and 18:00: P1 (1 and 2 March); P2's 45 minutes and 2 minutes miss, P4 came at 20:00.
    ids.B = (await ok<{ audienceId: string }>(custom('Daytime browsers', { minDwellMinutes: 10, maxDwellMinutes: 40, fromHour: 9, toHour: 18 }))).audienceId;
    expect((await generated(ids.B)).size).toBe(1);
    expect(await membersOf(ids.B)).toEqual([P1]);
    // C: in-store and passers-by on 2 March: P1 inside, P3 passing.
    ids.C = (await ok<{ audienceId: string }>(custom('Second of March', { startDate: '2026-03-02', endDate: '2026-03-02' }, 'inStoreAndPasserby'))).audienceId;
    await generated(ids.C);
    expect(await membersOf(ids.C)).toEqual(sorted(P1, P3));
  });

  it('combined: union, intersection and difference of existing audiences', async () => {
    const make = async (name: string, operation: 'union' | 'intersection' | 'difference') =>
      (
        await ok<{ audienceId: string }>(
          invoke(
            t.app,
            ops.crowdAddTask,
            { name, type: 'inStore', strategy: 'combined', conditions: { operation, sourceIds: [ids.A ?? '', ids.C ?? ''] } },
            admin,
          ),
        )
      ).audienceId;
    ids.union = await make('A or C', 'union');
    ids.intersection = await make('A and C', 'intersection');
    ids.difference = await make('A not C', 'difference');
    for (const id of [ids.union, ids.intersection, ids.difference]) expect((await generated(id ?? '')).status).toBe('generated');
    expect(await membersOf(ids.union ?? '')).toEqual(sorted(P1, P2, P3));
    expect(await membersOf(ids.intersection ?? '')).toEqual([P1]);
    expect(await membersOf(ids.difference ?? '')).toEqual([P2]);
    const detail = await ok<AudienceRow>(invoke(t.app, ops.crowdDetail, { audienceId: ids.union ?? '' }, admin));
    expect(detail.sources.map((source) => source.name)).toEqual(['Regulars', 'Second of March']);
    expect(detail.shops.map((shop) => shop.shopId)).toEqual([shopA]);
    // A source in use cannot be deleted.
    await expectMessageInAllLanguages((lang) => invoke(t.app, ops.crowdDelete, { audienceId: ids.A ?? '' }, as(admin, lang)), 'crowd.inUse', {
      name: 'A or C',
    });
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(
          t.app,
          ops.crowdAddTask,
          { name: 'One source', type: 'inStore', strategy: 'combined', conditions: { operation: 'union', sourceIds: [ids.A ?? ''] } },
          as(admin, lang),
        ),
      'crowd.sourcesRequired',
    );
  });

  it('intelligent: the most frequent visitors of the last 30 days, locked after saving', async () => {
    ids.smart = (
      await ok<{ audienceId: string }>(
        invoke(t.app, ops.crowdAddTask, { name: 'Smart', type: 'inStore', strategy: 'intelligent', conditions: { shopIds: [shopA] } }, admin),
      )
    ).audienceId;
    const smart = await generated(ids.smart);
    // 18 Feb - 19 Mar; visit days P1 3, P2 2, P4 1: the top 20% (1 of 3) sets the bar at 3 days.
    expect(smart).toMatchObject({ startDate: '2026-02-18', endDate: '2026-03-19', editable: false, size: 1 });
    expect(await membersOf(ids.smart)).toEqual([P1]);
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(t.app, ops.crowdUpdate, { audienceId: ids.smart ?? '', name: 'Smarter', type: 'inStore', conditions: { shopIds: [shopA] } }, as(admin, lang)),
      'crowd.intelligentLocked',
    );
    expect((await ok<AudienceRow>(invoke(t.app, ops.crowdDetail, { audienceId: ids.smart }, admin))).name).toBe('Smart');
  });

  it('uploaded: identifiers checked line by line; a raw MAC address or a bad line refuses the file', async () => {
    const upload = (content: string, name: string, lang = 'en') => {
      const boundary = '----crowd';
      const part = (field: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;
      const payload = `${part('name', name)}${part('type', 'inStore')}${part('shopIds', shopA)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ids.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
      return t.app.inject({
        method: 'POST',
        url: ops.submitMac.path,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'x-customer-code': admin.cid,
          'accept-language': lang,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    };
    for (const lang of LOCALES) {
      const refused = await upload(`wifi_id\n${P2}\nAA:BB:CC:DD:EE:01\nnot-an-id\n`, 'Refused upload', lang);
      const body = refused.json() as { msg: string; data: { errorCount: number; errors: { row: number; message: string }[] } };
      expect(body.msg).toBe(translateMessage(lang, 'crowd.uploadRows', { count: 2 }));
      expect(body.data.errors).toEqual([
        { row: 3, message: translateMessage(lang, 'crowd.rowRawMac') },
        { row: 4, message: translateMessage(lang, 'crowd.rowFormat') },
      ]);
    }
    expect(await t.db.selectFrom('crowd_audiences').select('id').where('name', '=', 'Refused upload').execute()).toEqual([]);
    const accepted = (await upload(`wifi_id\n${P2}\n${P4.toUpperCase()}\n\n${X}\n${P2}\n`, 'CRM list')).json() as {
      data: { audienceId: string; identifiers: number; duplicates: number };
    };
    expect(accepted.data).toMatchObject({ identifiers: 3, duplicates: 1 });
    const row = await generated(accepted.data.audienceId);
    // Everyone uploaded is in it; two of them were seen in the store.
    expect(row).toMatchObject({ strategy: 'uploaded', size: 3, macQuantity: 2 });
    expect(await membersOf(accepted.data.audienceId)).toEqual(sorted(P2, P4, X));
  });

  it('evaluation: estimated size and overlap with the generated audiences', async () => {
    const started = await ok<AudienceRow>(invoke(t.app, ops.crowdEvaluate, { audienceId: ids.A ?? '' }, admin));
    expect(['assessing', 'completed']).toContain(started.evaluation.status);
    let row = started;
    const deadline = Date.now() + 30_000;
    while (row.evaluation.status !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await ok<AudienceRow>(invoke(t.app, ops.crowdDetail, { audienceId: ids.A ?? '' }, admin));
    }
    expect(row.evaluation.estimatedSize).toBe(2);
    const shared = Object.fromEntries(row.evaluation.overlaps.map((overlap) => [overlap.name, overlap.shared]));
    expect(shared).toMatchObject({ 'Daytime browsers': 1, 'Second of March': 1, 'A or C': 2, 'A and C': 1, 'A not C': 1, Smart: 1, 'CRM list': 1 });
  });

  it('exports a generated audience for a channel: the identifiers read back, randomised ones never', async () => {
    const channel = await ok<{ channelId: string }>(invoke(t.app, ops.channelAdd, { name: 'Ad network', format: 'csv', description: '' }, admin));
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.channelAdd, { name: ' ad  NETWORK ', format: 'txt', description: '' }, as(admin, lang)),
      'errors.nameOverlap',
    );
    const file = await download(t.app, 'POST', ops.crowdExport.path, { audienceId: ids.A, channelId: channel.channelId }, admin);
    expect(file.http).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.content.toString('utf8').trim().split('\n')).toEqual(['wifi_id', ...sorted(P1, P2)]);
    const detail = await ok<AudienceDetail>(invoke(t.app, ops.crowdDetail, { audienceId: ids.A ?? '' }, admin));
    expect(detail.exports).toEqual([expect.objectContaining({ channelName: 'Ad network', rows: 2 })]);
    const channels = await ok<{ name: string; exports: number }[]>(invoke(t.app, ops.channelList, undefined, admin));
    expect(channels).toEqual([expect.objectContaining({ name: 'Ad network', exports: 1 })]);
  });

  it("answers 'Crowd name already exists' in every language", async () => {
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(
          t.app,
          ops.crowdAddTask,
          { name: 'regulars', type: 'inStore', strategy: 'custom', conditions: { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-02' } },
          as(admin, lang),
        ),
      'errors.crowdNameExists',
    );
  });

  it('checks the custom conditions with their own messages', async () => {
    const cases: [Record<string, unknown>, MessageKey, Record<string, number>?][] = [
      [{ shopIds: [] }, 'crowd.storesRequired'],
      [{ startDate: undefined }, 'crowd.rangeRequired'],
      [{ startDate: '2025-11-01', endDate: '2026-03-01' }, 'crowd.rangeTooLong', { days: 90 }],
      [{ minVisits: 3, maxVisits: 2 }, 'crowd.visitsOrder'],
      [{ minDwellMinutes: 20, maxDwellMinutes: 10 }, 'crowd.dwellOrder'],
      [{ fromHour: 18, toHour: 9 }, 'crowd.hoursOrder'],
    ];
    for (const [conditions, key, params] of cases)
      await expectMessageInAllLanguages(
        (lang) =>
          custom('Checked', conditions).then(() =>
            invoke(
              t.app,
              ops.crowdAddTask,
              {
                name: `Checked ${key}`,
                type: 'inStore',
                strategy: 'custom',
                conditions: { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-05', ...conditions },
              },
              as(admin, lang),
            ),
          ),
        key,
        params,
      );
  });

  it('keeps audiences of stores outside a user’s data scope out of reach', async () => {
    const page = await ok<{ total: number }>(invoke(t.app, ops.crowdList, { page: 1, pageSize: 50 }, storeB));
    expect(page.total).toBe(0);
    const detail = await invoke(t.app, ops.crowdDetail, { audienceId: ids.A ?? '' }, storeB);
    expect(detail.http).toBe(404);
    const add = await invoke(
      t.app,
      ops.crowdAddTask,
      { name: 'Not mine', type: 'inStore', strategy: 'custom', conditions: { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-02' } },
      storeB,
    );
    expect(add.http).toBe(404);
    const mine = await ok<{ audienceId: string }>(
      invoke(
        t.app,
        ops.crowdAddTask,
        { name: 'Store B people', type: 'inStore', strategy: 'custom', conditions: { shopIds: [shopB], startDate: '2026-03-01', endDate: '2026-03-02' } },
        storeB,
      ),
    );
    expect((await ok<{ total: number }>(invoke(t.app, ops.crowdList, { page: 1, pageSize: 50 }, storeB))).total).toBe(1);
    expect((await generated(mine.audienceId)).size).toBe(0);
    // Another customer's administrator sees none of it.
    const other = await buildCustomer(t.db);
    const otherAdmin = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
    expect((await invoke(t.app, ops.crowdDetail, { audienceId: ids.A ?? '' }, otherAdmin)).http).toBe(404);
    expect((await ok<{ total: number }>(invoke(t.app, ops.crowdList, { page: 1, pageSize: 50 }, otherAdmin))).total).toBe(0);
    // The observer reads but never creates.
    const observer = await signInWithRole(t.app, t.db, customerId, RoleId.observer);
    expect((await ok<{ total: number }>(invoke(t.app, ops.crowdList, { page: 1, pageSize: 50 }, observer))).total).toBeGreaterThan(0);
    expect(
      (
        await custom('Observer', {}).then(() =>
          invoke(
            t.app,
            ops.crowdAddTask,
            { name: 'By observer', type: 'inStore', strategy: 'custom', conditions: { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-03-02' } },
            observer,
          ),
        )
      ).body.status,
    ).not.toBe(200);
  });

  it('promotions: audience, schedule, landing page, material images checked as images, and the measured effect', async () => {
    const promotion = await ok<{ promotionId: string }>(
      invoke(
        t.app,
        ops.promotionAdd,
        {
          name: 'Spring mail',
          audienceId: ids.A ?? '',
          startDate: '2026-03-10',
          endDate: '2026-03-12',
          landingUrl: 'https://shop.example/spring',
          description: '',
        },
        admin,
      ),
    );
    const material = (content: Buffer, lang = 'en') => {
      const boundary = '----material';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="promotionId"\r\n\r\n${promotion.promotionId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`;
      return t.app.inject({
        method: 'POST',
        url: ops.promotionUploadMaterial.path,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'x-customer-code': admin.cid,
          'accept-language': lang,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      });
    };
    for (const lang of LOCALES) {
      const refused = await material(Buffer.from('<svg>not a picture</svg>'), lang);
      expect((refused.json() as { msg: string }).msg).toBe(translateMessage(lang, 'crowd.materialInvalid'));
    }
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const saved = (await material(png)).json() as { data: { materials: { materialId: string; width: number; height: number }[] } };
    expect(saved.data.materials).toEqual([expect.objectContaining({ width: 320, height: 200 })]);
    const image = await download(
      t.app,
      'GET',
      `${ops.promotionMaterial.path}?promotionId=${promotion.promotionId}&materialId=${saved.data.materials[0]?.materialId}`,
      undefined,
      admin,
    );
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.content).metadata()).format).toBe('jpeg');
    const detail = await ok<{ phase: string; effect: { measurable: boolean; baseline: { startDate: string } } }>(
      invoke(t.app, ops.promotionDetail, { promotionId: promotion.promotionId }, admin),
    );
    // Audience A was chosen from 1-5 March, before this 10-12 March promotion: no selection warning.
    expect(detail).toMatchObject({ phase: 'ended', effect: { measurable: true, acquisitionOverlaps: false, baseline: { startDate: '2026-02-10' } } });
    expect((await invoke(t.app, ops.promotionDetail, { promotionId: promotion.promotionId }, storeB)).http).toBe(404);
  });
});

describe('the strategies as pure functions', () => {
  const fact = (wifi_id: string, local_date: string, hour: number, minutes: number) => ({
    wifi_id,
    local_date,
    hour,
    dwell_s: minutes * 60,
    presence: 'inStore' as const,
  });
  it('tallies custom visits and intelligent visit days, and combines sets', () => {
    const tally = new CustomTally({ shopIds: [], minVisits: 2, maxVisits: 3, sourceIds: [] });
    tally.add([
      fact('a', '2026-03-01', 10, 5),
      fact('a', '2026-03-02', 10, 5),
      fact('b', '2026-03-01', 10, 5),
      ...Array.from({ length: 4 }, (_, i) => fact('c', `2026-03-0${i + 1}`, 9, 1)),
    ]);
    expect(tally.members()).toEqual(['a']);
    expect(tally.seen).toBe(3);
    const frequent = new FrequencyTally();
    // Ten people: one came 5 days, one 4, two 3, six once. Top 20% = 2nd place (4 days): the bar is 4.
    frequent.add([
      ...['1', '2', '3', '4', '5'].map((d) => fact('p', `2026-03-0${d}`, 10, 1)),
      ...['1', '2', '3', '4'].map((d) => fact('q', `2026-03-0${d}`, 10, 1)),
      ...['1', '2', '3'].flatMap((d) => [fact('r', `2026-03-0${d}`, 10, 1), fact('s', `2026-03-0${d}`, 10, 1)]),
      ...['t', 'u', 'v', 'w', 'x', 'y'].map((id) => fact(id, '2026-03-01', 10, 1)),
    ]);
    expect(frequent.members()).toEqual(['p', 'q']);
    expect(
      combine('union', [
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toEqual(['a', 'b', 'c']);
    expect(combine('intersection', [['a', 'b'], ['b', 'c'], ['b']])).toEqual(['b']);
    expect(combine('difference', [['a', 'b', 'c'], ['b'], ['c']])).toEqual(['a']);
  });

  it('measures a promotion against a control group matched on baseline visit days', () => {
    const visits = [
      // Baseline (28 Feb): audience a1 once, a2 three times; control c1, c2 once; c3 twice.
      { wifi_id: 'a1', local_date: '2026-02-20' },
      ...['2026-02-10', '2026-02-15', '2026-02-25'].map((local_date) => ({ wifi_id: 'a2', local_date })),
      { wifi_id: 'c1', local_date: '2026-02-20' },
      { wifi_id: 'c2', local_date: '2026-02-21' },
      { wifi_id: 'c3', local_date: '2026-02-11' },
      { wifi_id: 'c3', local_date: '2026-02-12' },
      // During: a1 and c1 came; after: a2 and c3.
      { wifi_id: 'a1', local_date: '2026-03-02' },
      { wifi_id: 'c1', local_date: '2026-03-03' },
      { wifi_id: 'a2', local_date: '2026-03-08' },
      { wifi_id: 'c3', local_date: '2026-03-09' },
    ];
    const effect = measureEffect({
      members: new Set(['a1', 'a2', 'a3']),
      visits,
      baseline: { startDate: '2026-02-01', endDate: '2026-02-28' },
      during: { startDate: '2026-03-01', endDate: '2026-03-05' },
      after: { startDate: '2026-03-06', endDate: '2026-03-19' },
    });
    // Audience with baseline visits: a1 (stratum 1), a2 (2-3). Control: c1, c2 (1), c3 (2-3).
    expect(effect.strata).toEqual([
      { label: '1', audience: 1, control: 2 },
      { label: '2-3', audience: 1, control: 1 },
      { label: '4+', audience: 0, control: 0 },
    ]);
    expect(effect.audience).toEqual({ people: 2, during: 1, after: 1, duringRate: 50, afterRate: 50 });
    // Control re-weighted 1:1 over the two strata: during (1/2 + 0/1) / 2 = 25 %; after (0/2 + 1/1) / 2 = 50 %.
    expect(effect.control).toMatchObject({ people: 3, duringRate: 25, afterRate: 50 });
    expect(effect.duringLiftPoints).toBe(25);
    expect(effect.afterLiftPoints).toBe(0);
  });
});
