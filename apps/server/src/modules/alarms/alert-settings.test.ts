import { type AlarmDebugDetail, type AlarmDebugRow, type AlarmErrorReportRow, type AlarmRow, alarmOperations as ops } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { createDelivery } from '../../platform/mail/delivery.ts';
import { setClock } from '../../platform/time/clock.ts';
import { createAlertSettingsService } from './alert-settings.service.ts';
import { outboxCallProvider } from './alert-settings-provider.ts';

/**
 * Issue 15 sections 3 to 5 through the HTTP operations: event debugging (every report, the filtered
 * ones too, only for the debug key), incident reports (report, list, an operator's outcome, the
 * reporter told) and alarm alert settings (the 5-minute rule in four languages, notices batched per
 * channel and interval, with the clock moved).
 */
const NOW = '2026-06-10T04:00:00.000Z';
const range = { startDate: '2026-06-01', endDate: '2026-06-10', page: 1, pageSize: 100 };
let t: TestApp;
let chain: RectificationChain;
let box: TestBox;
let jpegB64: string;
let counter = 0;

function alarmEvent(cameraId: string, at: string, extra: Record<string, unknown> = {}) {
  counter += 1;
  return {
    type: 'alarm',
    eventId: `ev-${counter}`,
    cameraId,
    eventCode: 'smoking',
    eventName: 'Smoking',
    at,
    priority: 'high',
    images: [{ image: jpegB64 }],
    ...extra,
  };
}
async function post(event: Record<string, unknown>) {
  const sent = await sendBatch(t.app, box.token, [event]);
  expect(sent.body.status, sent.body.msg).toBe(200);
  return sent.body.data as { ignoredClosed?: number };
}

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
  box = await buildBox(t.db, chain.customerId, chain.s1, 2);
  jpegB64 = (await picture(40, 'jpeg', 320, 240)).toString('base64');
}, 120_000);
afterAll(async () => t.close());

describe('event debugging', () => {
  it('lists raised, folded and system-filtered reports with payload and steps, only for the debug key', async () => {
    const camera = box.cameraIds[0] as string;
    await post(alarmEvent(camera, '2026-06-10T03:00:00.000Z', { eventCode: 'dbg' }));
    await post(alarmEvent(camera, '2026-06-10T03:02:00.000Z', { eventCode: 'dbg' }));
    // The store closes: a later report is filtered by the system, kept for debugging only.
    await t.db.updateTable('shops').set({ closed_at: '2026-06-10T03:30:00.000Z' }).where('id', '=', chain.s1).execute();
    try {
      const filtered = await post(alarmEvent(camera, '2026-06-10T03:40:00.000Z', { eventCode: 'dbg' }));
      expect(filtered.ignoredClosed).toBeGreaterThanOrEqual(1);
    } finally {
      await t.db.updateTable('shops').set({ closed_at: null }).where('id', '=', chain.s1).execute();
    }
    const page = await ok<{ total: number; list: AlarmDebugRow[] }>(t.app, chain.people.operator.session, ops.debugList, { ...range, eventCode: 'dbg' });
    expect(page.list.map((row) => row.outcome).sort()).toEqual(['folded', 'ignoredClosed', 'raised']);
    expect(page.total).toBe(3);
    const ignored = page.list.find((row) => row.outcome === 'ignoredClosed') as AlarmDebugRow;
    expect(ignored.alarmId).toBeNull();
    const only = await ok<{ total: number }>(t.app, chain.people.operator.session, ops.debugList, { ...range, eventCode: 'dbg', outcomes: ['ignoredClosed'] });
    expect(only.total).toBe(1);

    const folded = page.list.find((row) => row.outcome === 'folded') as AlarmDebugRow;
    const detail = await ok<AlarmDebugDetail>(t.app, chain.people.operator.session, ops.debugDetail, { reportId: folded.reportId });
    expect(detail.alarm?.count).toBe(2);
    expect(detail.reports).toHaveLength(2);
    expect((detail.report.payload as { eventCode: string }).eventCode).toBe('dbg');
    expect(detail.report.steps.map((step) => step.step)).toEqual(['received', 'imagesChecked', 'duplicateCheck', 'closedCheck', 'folded']);
    const ignoredDetail = await ok<AlarmDebugDetail>(t.app, chain.people.operator.session, ops.debugDetail, { reportId: ignored.reportId });
    expect(ignoredDetail.alarm).toBeNull();
    expect(ignoredDetail.report.steps.at(-1)?.step).toBe('ignoredClosed');

    // Deleted, listed on the deletion page with its reason and who, then restored.
    const alarmId = folded.alarmId as string;
    const deleted = await invoke(t.app, ops.act, { alarmId, action: 'delete', deleteReason: 'reinspect' } as never, chain.people.operator.session);
    expect(deleted.body.status).toBe(200);
    const del = await ok<{ list: { alarmId: string; deleteReason: string; deletedByName: string }[] }>(
      t.app,
      chain.people.operator.session,
      ops.debugDeleted,
      range,
    );
    expect(del.list.find((row) => row.alarmId === alarmId)).toMatchObject({ deleteReason: 'reinspect', deletedByName: chain.people.operator.name });
    const deletedOnly = await ok<{ total: number }>(t.app, chain.people.operator.session, ops.debugList, { ...range, eventCode: 'dbg', deletedOnly: true });
    expect(deletedOnly.total).toBe(2);
    expect((await invoke(t.app, ops.act, { alarmId, action: 'restore' } as never, chain.people.operator.session)).body.status).toBe(200);

    // A manager has no debug key; another customer's report is not found.
    expect((await invoke(t.app, ops.debugList, { ...range } as never, chain.people.manager.session)).body.status).not.toBe(200);
    expect((await invoke(t.app, ops.debugDetail, { reportId: folded.reportId } as never, chain.other.admin)).body.status).toBe(404);
  }, 240_000);
});

describe('incident reports', () => {
  it('a person reports an AI error, an operator sets the outcome, the reporter is told and sees it', async () => {
    await post(alarmEvent(box.cameraIds[1] as string, '2026-06-10T02:00:00.000Z', { eventCode: 'incident' }));
    const alarm = (await ok<{ list: AlarmRow[] }>(t.app, chain.people.store.session, ops.list, { ...range, eventCodes: ['incident'] })).list[0] as AlarmRow;
    const first = await ok<{ reportId: string; created: boolean }>(t.app, chain.people.store.session, ops.errorReportCreate, {
      alarmId: alarm.alarmId,
      kind: 'falseDetection',
      description: 'A pen, not a cigarette',
    });
    expect(first.created).toBe(true);
    const again = await ok<{ reportId: string; created: boolean }>(t.app, chain.people.store.session, ops.errorReportCreate, {
      alarmId: alarm.alarmId,
      kind: 'other',
    });
    expect(again).toEqual({ reportId: first.reportId, created: false });
    // Outside the reporter's stores, and the observer, may not report.
    expect((await invoke(t.app, ops.errorReportCreate, { alarmId: alarm.alarmId, kind: 'other' } as never, chain.people.store2.session)).body.status).toBe(404);
    expect(
      (await invoke(t.app, ops.errorReportCreate, { alarmId: alarm.alarmId, kind: 'other' } as never, chain.people.observer.session)).body.status,
    ).not.toBe(200);

    // Only an operator decides.
    expect(
      (await invoke(t.app, ops.errorReportDecide, { reportId: first.reportId, outcome: 'accepted' } as never, chain.people.admin.session)).body.status,
    ).not.toBe(200);
    const decided = await ok<AlarmErrorReportRow>(t.app, chain.people.operator.session, ops.errorReportDecide, {
      reportId: first.reportId,
      outcome: 'accepted',
      note: 'Model retrained',
    });
    expect(decided).toMatchObject({
      state: 'accepted',
      outcomeNote: 'Model retrained',
      handledByName: chain.people.operator.name,
      reporterName: chain.people.store.name,
    });
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.errorReportDecide, { reportId: first.reportId, outcome: 'rejected' } as never, { ...chain.people.operator.session, lang }),
      'alarms.errorReportDecided',
    );
    const mine = await ok<{ list: AlarmErrorReportRow[] }>(t.app, chain.people.store.session, ops.errorReportList, { ...range, mine: true });
    expect(mine.list.map((row) => [row.reportId, row.state])).toEqual([[first.reportId, 'accepted']]);
    const told = await t.db
      .selectFrom('messages')
      .select(['title'])
      .where('user_id', '=', chain.people.store.userId)
      .where('source', '=', 'alarms.errorReport')
      .execute();
    expect(told).toHaveLength(1);
    // Another customer sees none of it.
    expect((await ok<{ total: number }>(t.app, chain.other.admin, ops.errorReportList, range)).total).toBe(0);
  }, 240_000);
});

describe('alarm alert settings', () => {
  it('refuses an interval under 5 minutes in every language, and recipients of another customer', async () => {
    const body = { enabled: true, channels: ['sms'], priorities: ['high'], recipientIds: [], intervalMinutes: 4 };
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.alertSettingSave, body as never, { ...chain.people.admin.session, lang }),
      'errors.intervalMin5',
      undefined,
      400,
    );
    const otherUser = (await t.db.selectFrom('memberships').select('user_id').where('customer_id', '=', chain.other.customerId).executeTakeFirstOrThrow())
      .user_id;
    expect(
      (await invoke(t.app, ops.alertSettingSave, { ...body, intervalMinutes: 5, recipientIds: [otherUser] } as never, chain.people.admin.session)).body.status,
    ).toBe(404);
    expect((await invoke(t.app, ops.alertSettingSave, { ...body, intervalMinutes: 5 } as never, chain.people.store.session)).body.status).not.toBe(200);
    expect(await ok(t.app, chain.people.admin.session, ops.alertSettingGet, {})).toMatchObject({ enabled: false, updatedAt: null });
  }, 240_000);

  it('sends at most one notice per channel per interval, batching the alarms in between, each recipient only their stores', async () => {
    await t.db.updateTable('users').set({ mobile: '13800000001', email: 'store@example.test' }).where('id', '=', chain.people.store.userId).execute();
    await t.db.updateTable('users').set({ mobile: '13800000002', email: 'two@example.test' }).where('id', '=', chain.people.store2.userId).execute();
    setClock('2026-06-10T05:00:00.000Z');
    await ok(t.app, chain.people.admin.session, ops.alertSettingSave, {
      enabled: true,
      channels: ['sms', 'phone', 'email'],
      priorities: ['high'],
      recipientIds: [chain.people.store.userId, chain.people.store2.userId],
      intervalMinutes: 10,
    });
    const alerts = createAlertSettingsService({
      db: t.db,
      delivery: createDelivery({ ...t.config, smtpUrl: undefined } as never, t.db),
      provider: outboxCallProvider(t.db),
    });
    const outbox = async (recipient: string) => t.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id').execute();
    const camera = box.cameraIds[0] as string;

    setClock('2026-06-10T05:01:00.000Z');
    await post(alarmEvent(camera, '2026-06-10T05:00:30.000Z', { eventCode: 'notice-a' }));
    await post(alarmEvent(camera, '2026-06-10T05:00:40.000Z', { eventCode: 'notice-low', priority: 'low' }));
    const first = await alerts.sendDue();
    expect(first.map((notice) => [notice.channel, notice.alarms, notice.recipients]).sort()).toEqual([
      ['email', 1, 1],
      ['phone', 1, 1],
      ['sms', 1, 1],
    ]);
    const sms = await outbox('13800000001');
    expect(sms.map((row) => row.subject).sort()).toEqual(['1 new alarms', '[call] 1 new alarms']);
    expect(sms[0]?.body).toContain('Smoking');
    expect(await outbox('store@example.test')).toHaveLength(1);
    // store2 sees only S2: nothing for them.
    expect(await outbox('13800000002')).toHaveLength(0);

    // Within the interval: two more alarms wait.
    setClock('2026-06-10T05:05:00.000Z');
    await post(alarmEvent(camera, '2026-06-10T05:04:00.000Z', { eventCode: 'notice-b' }));
    await post(alarmEvent(box.cameraIds[1] as string, '2026-06-10T05:04:30.000Z', { eventCode: 'notice-c' }));
    expect(await alerts.sendDue()).toEqual([]);
    setClock('2026-06-10T05:10:59.000Z');
    expect(await alerts.sendDue()).toEqual([]);
    // The interval has passed (the clock runs on from where it is set: a little after 05:11): one notice per channel with both.
    setClock('2026-06-10T05:11:30.000Z');
    const second = await alerts.sendDue();
    expect(second.map((notice) => notice.alarms)).toEqual([2, 2, 2]);
    expect((await outbox('13800000001')).at(-1)?.subject).toMatch(/2 new alarms/);
    expect(await alerts.sendDue()).toEqual([]);
  }, 240_000);
});
