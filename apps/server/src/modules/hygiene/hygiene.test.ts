import {
  type CertificateRow,
  type EmployeeDetail,
  type HygieneRecordRow,
  type HygieneStatsRow,
  messageOperations,
  hygieneOperations as ops,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop, buildUser, download, postFiles, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, picture, type RectificationChain, RoleId, setLocale } from '../../../test/support/rectification.ts';
import { createJobQueue, createJobWorker, type JobDefinition } from '../../platform/jobs/jobs.ts';
import { createScheduler } from '../../platform/jobs/scheduler.ts';
import { now, setClock } from '../../platform/time/clock.ts';
import { CERTIFICATE_REMINDERS_SCHEDULE, certificateRemindersJob } from './hygiene.jobs.ts';
import { createReminderWork } from './hygiene-reminders.ts';

/**
 * Hygiene logs over HTTP: staff and health certificates with real pictures, the three logs, the
 * downloads and the statistics, each within the caller's stores; and the certificate reminders as
 * the scheduler runs them, with the clock moved instead of waiting.
 */
const NOW = Date.parse('2026-05-20T04:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let chain: RectificationChain;
let admin: Session;
let store: Session;

beforeAll(async () => {
  // The clock moves weeks ahead: sessions last long enough.
  t = await createTestApp({ sessionTtlHours: 24 * 90 });
  setClock(at(NOW));
  chain = await buildRectificationChain(t);
  admin = chain.people.admin.session;
  store = chain.people.store.session;
}, 120_000);
afterAll(async () => t.close());

async function upload(session: Session, content?: Buffer, lang?: string) {
  return postFiles(t.app, ops.uploadImage.path, [{ name: 'photo.jpg', content: content ?? (await picture()) }], { ...session, ...(lang ? { lang } : {}) });
}
async function imageId(session: Session): Promise<string> {
  const response = await upload(session);
  expect(response.body.status, response.body.msg).toBe(200);
  return (response.body.data as { mediaId: string }).mediaId;
}
const addEmployee = async (session: Session, shopId: string, name: string, position = 'Cook') =>
  (await ok<{ employeeId: string }>(t.app, session, ops.employeeCreate, { shopId, name, position })).employeeId;
const addCertificate = async (session: Session, employeeId: string, expiresOn: string, number = `HC-${expiresOn}`) =>
  (
    await ok<{ certificateId: string }>(t.app, session, ops.certificateCreate, {
      employeeId,
      number,
      issuer: 'Shanghai CDC',
      issuedOn: '2025-06-01',
      expiresOn,
      imageId: await imageId(session),
    })
  ).certificateId;

describe('employees and health certificates', () => {
  let cook: string;
  let certificate: string;

  it('are kept per store with a checked picture, listed soonest expiry first with their status on the store’s day', async () => {
    cook = await addEmployee(store, chain.s1, 'Li Lei');
    const waiter = await addEmployee(store, chain.s1, 'Han Meimei', 'Waiter');
    certificate = await addCertificate(store, cook, '2026-06-10');
    await addCertificate(store, waiter, '2027-05-01');
    const page = await ok<{ total: number; list: CertificateRow[] }>(t.app, store, ops.certificateList, { page: 1, pageSize: 20 });
    expect(page.list.map((row) => [row.employeeName, row.status, row.daysLeft])).toEqual([
      ['Li Lei', 'expiring', 21],
      ['Han Meimei', 'valid', 346],
    ]);
    expect((await ok<{ list: CertificateRow[] }>(t.app, store, ops.certificateList, { page: 1, pageSize: 20, status: 'valid' })).list).toHaveLength(1);
    // The picture was re-encoded as a JPEG and is served to those who see the store.
    const imageIdOf = page.list[0]?.imageId ?? '';
    const picture = await download(t.app, 'GET', `${ops.media.path}?mediaId=${imageIdOf}`, undefined, store);
    expect(picture.http).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect((await download(t.app, 'GET', `${ops.media.path}?mediaId=${imageIdOf}`, undefined, chain.people.store2.session)).http).not.toBe(200);
  });

  it('refuse a file that is not a picture, a used picture, and dates in the wrong order, in every language', async () => {
    await expectMessageInAllLanguages((lang) => upload(store, Buffer.from('not a picture at all\n'), lang), 'hygiene.imageInvalid');
    await expectMessageInAllLanguages((lang) => upload(store, Buffer.alloc(10 * 1024 * 1024 + 10, 1), lang), 'hygiene.imageTooLarge', { mb: 10 });
    await expectMessageInAllLanguages(
      (lang) => postFiles(t.app, ops.uploadImage.path, [], { ...store, lang, fields: { note: 'no file' } }),
      'hygiene.noImageFile',
    );
    const used = (await ok<{ list: CertificateRow[] }>(t.app, store, ops.certificateList, { page: 1, pageSize: 20 })).list[0]?.imageId ?? '';
    const input = { employeeId: cook, number: 'X', issuer: 'CDC', issuedOn: '2026-01-01', expiresOn: '2027-01-01', imageId: used };
    await expectMessageInAllLanguages((lang) => invoke(t.app, ops.certificateCreate, input, { ...store, lang }), 'hygiene.imageUnknown');
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.certificateCreate, { ...input, expiresOn: '2025-12-31' }, { ...store, lang }),
      'hygiene.expiryBeforeIssue',
      undefined,
      400,
    );
  });

  it('stay inside the caller’s stores and customer', async () => {
    // Store Two's manager neither sees nor changes Store One's staff.
    expect((await invoke(t.app, ops.employeeCreate, { shopId: chain.s1, name: 'Intruder' }, chain.people.store2.session)).body.status).toBe(404);
    expect((await invoke(t.app, ops.employeeDetail, { employeeId: cook }, chain.people.store2.session)).body.status).toBe(404);
    expect((await invoke(t.app, ops.certificateDelete, { certificateId: certificate }, chain.people.store2.session)).body.status).toBe(404);
    expect((await ok<{ total: number }>(t.app, chain.people.store2.session, ops.certificateList, { page: 1, pageSize: 20 })).total).toBe(0);
    expect((await invoke(t.app, ops.certificateList, { page: 1, pageSize: 20, shopIds: [chain.s1] }, chain.people.store2.session)).body.status).toBe(404);
    // Another customer's administrator: not found, lists empty.
    expect((await invoke(t.app, ops.employeeUpdate, { employeeId: cook, name: 'Renamed' }, chain.other.admin)).body.status).toBe(404);
    expect((await invoke(t.app, ops.certificateDelete, { certificateId: certificate }, chain.other.admin)).body.status).toBe(404);
    expect((await ok<{ total: number }>(t.app, chain.other.admin, ops.employeeList, { page: 1, pageSize: 20 })).total).toBe(0);
    // The observer reads but never writes.
    expect((await invoke(t.app, ops.employeeCreate, { shopId: chain.s1, name: 'Watcher' }, chain.people.observer.session)).body.status).toBe(403);
    expect((await ok<{ total: number }>(t.app, chain.people.observer.session, ops.employeeList, { page: 1, pageSize: 20 })).total).toBe(2);
  });

  it('are edited and deleted; the detail page lists certificates and trainings', async () => {
    await ok(t.app, store, ops.employeeUpdate, { employeeId: cook, name: 'Li Lei', position: 'Head cook' });
    await ok(t.app, store, ops.certificateUpdate, {
      certificateId: certificate,
      number: 'HC-2',
      issuer: 'Shanghai CDC',
      issuedOn: '2025-06-01',
      expiresOn: '2026-06-12',
      imageId: await imageId(store),
    });
    const detail = await ok<EmployeeDetail>(t.app, store, ops.employeeDetail, { employeeId: cook });
    expect(detail).toMatchObject({ name: 'Li Lei', position: 'Head cook', certificateExpiresOn: '2026-06-12', certificateStatus: 'expiring' });
    expect(detail.certificates.map((row) => row.number)).toEqual(['HC-2']);
    const temp = await addEmployee(store, chain.s1, 'Temp');
    await addCertificate(store, temp, '2026-12-01');
    await ok(t.app, store, ops.employeeDelete, { employeeId: temp });
    expect((await ok<{ total: number }>(t.app, store, ops.certificateList, { page: 1, pageSize: 20 })).total).toBe(2);
    expect(await t.db.selectFrom('hygiene_media').select('id').where('owner_id', 'is not', null).execute()).toHaveLength(2);
  });
});

describe('training, disinfection and waste logs', () => {
  let cook: string;

  it('are recorded with photos and listed by the store’s day, newest first', async () => {
    cook =
      (await ok<{ list: { employeeId: string; name: string }[] }>(t.app, store, ops.employeeList, { page: 1, pageSize: 20, keyword: 'Li Lei' })).list[0]
        ?.employeeId ?? '';
    await ok(t.app, store, ops.trainingCreate, { shopId: chain.s1, topic: 'Hand washing', date: '2026-05-18', trainer: 'Dr. Wu', attendeeIds: [cook] });
    // 2026-05-18T17:00Z is already the 19th in Shanghai.
    await ok(t.app, store, ops.disinfectionCreate, {
      shopId: chain.s1,
      area: 'Kitchen',
      method: 'Wipe',
      agent: 'Chlorine 500 mg/L',
      occurredAt: '2026-05-18T17:00:00.000Z',
      person: 'Li Lei',
      imageId: await imageId(store),
    });
    await ok(t.app, store, ops.disinfectionCreate, {
      shopId: chain.s1,
      area: 'Counter',
      method: 'Spray',
      agent: 'Alcohol 75%',
      occurredAt: '2026-05-20T02:00:00.000Z',
      person: 'Li Lei',
      imageId: await imageId(store),
    });
    await ok(t.app, store, ops.wasteCreate, {
      shopId: chain.s1,
      wasteType: 'Kitchen waste',
      weightKg: 12.5,
      collector: 'GreenCo',
      occurredAt: '2026-05-19T09:00:00.000Z',
      imageId: await imageId(store),
    });
    const disinfection = await ok<{ list: HygieneRecordRow[] }>(t.app, store, ops.recordList, { kind: 'disinfection', page: 1, pageSize: 20 });
    expect(disinfection.list.map((row) => [row.area, row.localDate])).toEqual([
      ['Counter', '2026-05-20'],
      ['Kitchen', '2026-05-19'],
    ]);
    const trainings = (await ok<EmployeeDetail>(t.app, store, ops.employeeDetail, { employeeId: cook })).trainings;
    expect(trainings.map((row) => [row.topic, row.attendees.map((attendee) => attendee.name)])).toEqual([['Hand washing', ['Li Lei']]]);
    expect((await ok<{ total: number }>(t.app, chain.people.store2.session, ops.recordList, { kind: 'waste', page: 1, pageSize: 20 })).total).toBe(0);
  });

  it('refuse attendees of another store, no attendee and an impossible weight, in every language', async () => {
    const other = await addEmployee(chain.people.store2.session, chain.s2, 'Zhang San');
    const training = { shopId: chain.s1, topic: 'Allergens', date: '2026-05-19', trainer: 'Dr. Wu' };
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.trainingCreate, { ...training, attendeeIds: [other] }, { ...store, lang }),
      'hygiene.attendeeNotInShop',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.trainingCreate, { ...training, attendeeIds: [] }, { ...store, lang }),
      'hygiene.attendeesRequired',
      undefined,
      400,
    );
    const waste = { shopId: chain.s1, wasteType: 'Oil', collector: 'GreenCo', occurredAt: '2026-05-19T09:00:00.000Z', imageId: 'none' };
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.wasteCreate, { ...waste, weightKg: 0 }, { ...store, lang }),
      'hygiene.weightRange',
      { max: 100_000 },
      400,
    );
    expect((await invoke(t.app, ops.wasteCreate, { ...waste, shopId: chain.other.shopId, weightKg: 1 }, store)).body.status).toBe(404);
  });

  it('are downloaded as Excel in the reader’s language, times in the store’s zone', async () => {
    const file = await download(t.app, 'POST', ops.download.path, { log: 'disinfection' }, { ...store, lang: 'zh' });
    expect(file.http).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe(translateMessage('zh', 'hygiene.sheetDisinfection'));
    expect(sheet?.getRow(1).getCell(1).value).toBe(translateMessage('zh', 'hygiene.colStore'));
    expect(sheet?.getRow(3).getCell(3).value).toMatch(/^2026-05-19 01:00/);
    for (const log of ['certificates', 'training', 'waste'] as const) {
      const other = await download(t.app, 'POST', ops.download.path, { log }, store);
      expect(other.http, log).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(other.content as unknown as ArrayBuffer);
      expect(book.worksheets[0]?.rowCount, log).toBeGreaterThan(1);
    }
  });

  it('make the statistics: valid certificates of the staff, disinfection days, waste records', async () => {
    const rows = await ok<HygieneStatsRow[]>(t.app, store, ops.stats, { startDate: '2026-05-14', endDate: '2026-05-31' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      shopId: chain.s1,
      employees: 2,
      validCertificates: 2,
      certificateShare: 1,
      expiringCertificates: 1,
      // Up to the store's today (the 20th): 7 days, two with a disinfection.
      periodDays: 7,
      disinfectionDays: 2,
      trainingRecords: 1,
      wasteRecords: 1,
      wasteKg: 12.5,
    });
    expect(rows[0]?.completeness).toBeCloseTo((1 + 2 / 7) / 2, 5);
    const all = await ok<HygieneStatsRow[]>(t.app, admin, ops.stats, { startDate: '2026-05-14', endDate: '2026-05-31' });
    expect(all.map((row) => row.shopId).sort()).toEqual([chain.s1, chain.s2, chain.w1].sort());
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.stats, { startDate: '2026-05-14', endDate: '2026-05-01' }, { ...store, lang }),
      'hygiene.periodRange',
      { days: 366 },
    );
  });

  it('are deleted with their pictures', async () => {
    const [first] = (await ok<{ list: HygieneRecordRow[] }>(t.app, store, ops.recordList, { kind: 'waste', page: 1, pageSize: 20 })).list;
    expect((await invoke(t.app, ops.recordDelete, { recordId: first?.recordId ?? '' }, chain.other.admin)).body.status).toBe(404);
    await ok(t.app, store, ops.recordDelete, { recordId: first?.recordId ?? '' });
    expect((await download(t.app, 'GET', `${ops.media.path}?mediaId=${first?.imageId}`, undefined, store)).http).toBe(404);
  });
});

describe('certificate reminders', () => {
  type Notice = { title: string; body: string; source: string | null; refId: string | null };
  const noticesOf = async (session: Session) =>
    (await ok<{ list: Notice[] }>(t.app, session, messageOperations.list, { kind: 1, page: 1, pageSize: 100 })).list.filter((notice) =>
      notice.source?.startsWith('hygiene.'),
    );
  function worker() {
    const definitions = [certificateRemindersJob({ reminders: createReminderWork({ db: t.db }) })] as JobDefinition<never>[];
    const queue = createJobQueue(t.db, definitions);
    const jobs = createJobWorker({ db: t.db, queue, definitions, log: { error: () => undefined } });
    const scheduler = createScheduler({ queue, schedules: [CERTIFICATE_REMINDERS_SCHEDULE] });
    return async () => {
      await scheduler.tick(now());
      await jobs.runDue();
    };
  }

  it('tell the store managers 30 and 7 days before and when expired, once each, in their language, by the scheduler', async () => {
    setClock(at(NOW));
    // Four stores, four managers, four languages; one certificate each, expiring on 29 June.
    const s4 = await buildShop(t.db, chain.customerId, chain.city, { name: 'Store Four', number: 'S4', timeZone: 'Asia/Shanghai' });
    const jin = await buildUser(t.db, [{ customerId: chain.customerId, roleId: RoleId.storeManage, shopIds: [s4] }]);
    const jinSession = await signIn(t.app, jin.loginName, chain.customerId);
    const managers = [
      { session: chain.people.store.session, userId: chain.people.store.userId, shopId: chain.s1, lang: 'en', shop: 'Store One' },
      { session: chain.people.store2.session, userId: chain.people.store2.userId, shopId: chain.s2, lang: 'zh', shop: 'Store Two' },
      { session: chain.people.westStore.session, userId: chain.people.westStore.userId, shopId: chain.w1, lang: 'kr', shop: 'West One' },
      { session: jinSession, userId: jin.userId, shopId: s4, lang: 'jp', shop: 'Store Four' },
    ] as const;
    const certificates: string[] = [];
    for (const manager of managers) {
      await setLocale(t, manager.userId, manager.lang);
      const employee = await addEmployee(admin, manager.shopId, `Staff ${manager.lang}`);
      certificates.push(await addCertificate(admin, employee, '2026-06-29', `N-${manager.lang}`));
    }
    // Superseded: a newer certificate of the same person makes the old one's reminders pointless.
    const renewed = await addEmployee(admin, chain.s1, 'Renewed');
    const old = await addCertificate(admin, renewed, '2026-06-29', 'OLD');
    await addCertificate(admin, renewed, '2027-06-29', 'NEW');
    const round = worker();
    const expectRound = async (kind: 'cert30' | 'cert7' | 'certExpired', days?: number) => {
      for (const [index, manager] of managers.entries()) {
        const mine = (await noticesOf(manager.session)).filter((notice) => notice.source === `hygiene.${kind}` && notice.refId === certificates[index]);
        const params = { employee: `Staff ${manager.lang}`, shop: manager.shop, number: `N-${manager.lang}`, date: '2026-06-29', days: String(days ?? 0) };
        expect(mine, `${kind} ${manager.lang}`).toMatchObject([
          {
            title: translateMessage(manager.lang, `hygiene.${kind}Title`, params),
            body: translateMessage(manager.lang, `hygiene.${kind}Body`, params),
            source: `hygiene.${kind}`,
            refId: certificates[index],
          },
        ]);
      }
    };

    const ours = async (session: Session) => (await noticesOf(session)).filter((notice) => [...certificates, old].includes(notice.refId ?? ''));
    await round();
    expect(await ours(chain.people.store.session)).toEqual([]);
    setClock(at(NOW + 10 * DAY));
    await round();
    await round();
    await Promise.all([createReminderWork({ db: t.db }).run(), createReminderWork({ db: t.db }).run()]);
    await expectRound('cert30');
    expect((await noticesOf(chain.people.store.session)).find((notice) => notice.refId === old)).toBeUndefined();
    // The city manager is not a store manager: not told about Store One.
    expect(await ours(chain.people.city.session)).toEqual([]);

    setClock(at(NOW + 33 * DAY));
    await round();
    await round();
    await expectRound('cert7', 7);
    setClock(at(NOW + 41 * DAY));
    await round();
    await round();
    await expectRound('certExpired');
    expect((await noticesOf(chain.people.store.session)).find((notice) => notice.refId === old)).toBeUndefined();
    expect((await ours(chain.people.store.session)).at(0)?.body).toBe(
      'Store One – the health certificate N-en of Staff en expired on 2026-06-29. They may not work with food until it is renewed.',
    );
  });

  it('go to the branch managers of a store without a store manager, and start again when the expiry date changes', async () => {
    setClock(at(NOW + 50 * DAY));
    const s5 = await buildShop(t.db, chain.customerId, chain.city, { name: 'Store Five', number: 'S5', timeZone: 'Asia/Shanghai' });
    const employee = await addEmployee(admin, s5, 'Solo');
    // Five days left: only the 7-day reminder, never a late 30-day one.
    const certificate = await addCertificate(admin, employee, at(NOW + 55 * DAY).slice(0, 10), 'S5-1');
    await createReminderWork({ db: t.db }).run();
    const cityNotices = (await noticesOf(chain.people.city.session)).filter((notice) => notice.refId === certificate);
    expect(cityNotices.map((notice) => notice.source)).toEqual(['hygiene.cert7']);
    expect((await noticesOf(chain.people.region.session)).filter((notice) => notice.refId === certificate)).toHaveLength(1);
    expect((await noticesOf(chain.people.admin.session)).filter((notice) => notice.refId === certificate)).toHaveLength(0);
    // Renewed by correcting the date: the reminders start over.
    await ok(t.app, admin, ops.certificateUpdate, {
      certificateId: certificate,
      number: 'S5-1',
      issuer: 'CDC',
      issuedOn: '2025-06-01',
      expiresOn: at(NOW + 75 * DAY).slice(0, 10),
      imageId: (await ok<EmployeeDetail>(t.app, admin, ops.employeeDetail, { employeeId: employee })).certificates[0]?.imageId ?? '',
    });
    await createReminderWork({ db: t.db }).run();
    expect((await noticesOf(chain.people.city.session)).filter((notice) => notice.refId === certificate).map((notice) => notice.source)).toEqual([
      'hygiene.cert30',
      'hygiene.cert7',
    ]);
  });
});
