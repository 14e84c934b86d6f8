import { rectificationOperations as ops, type RectificationDetail, type RectificationRow } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, download } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, latestNotice, ok, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { newId } from '../../platform/ids.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { setClock } from '../../platform/time/clock.ts';
import { type AlarmRaise, createRectificationService, type InspectionFailure } from './rectification.service.ts';
import { CAPTURE_FRAMES_JOB } from './rectification-capture.ts';

/**
 * What the inspection and alarm modules call: raiseFromInspection and raiseFromAlarm, in the
 * caller's transaction. One item per failed assignment item or alarm, whatever is raised twice;
 * nothing when the caller's transaction rolls back; the evidence the caller keeps is shown, not copied.
 */
const NOW = '2026-05-20T04:00:00.000Z';

let t: TestApp;
let chain: RectificationChain;
let service: ReturnType<typeof createRectificationService>;
let screenshotKey: string;
let photoKey: string;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
  const storage = objectStorageOf(t.config);
  service = createRectificationService({ db: t.db, storage });
  // Objects the inspection module keeps under its own prefix.
  screenshotKey = `inspection/results/${chain.customerId}/a1/shot.jpg`;
  photoKey = `inspection/results/${chain.customerId}/a1/photo.jpg`;
  photo = await picture(40);
  await storage.putBuffer(screenshotKey, await picture(220, 'jpeg', 320, 180));
  await storage.putBuffer(photoKey, photo);
}, 120_000);
afterAll(async () => t.close());

type Session = { token: string; cid: string };
const detailOf = (session: Session, rectificationId: string) => ok<RectificationDetail>(t.app, session, ops.detail, { rectificationId });

function failure(itemName: string, assignmentItemId: string): InspectionFailure {
  return {
    customerId: chain.customerId,
    shopId: chain.s1,
    planId: 'plan-1',
    planName: 'Daily opening check',
    planFounderUserId: chain.people.admin.userId,
    assignmentId: 'assignment-1',
    batchDate: '2026-05-01',
    assignmentItemId,
    itemId: `item-${itemName}`,
    itemName,
    categoryName: 'Store front',
    remark: `${itemName}: failed at opening`,
    inspectorUserId: chain.people.region.userId,
    failedAt: '2026-05-20T02:10:00.000Z',
    evidence: {
      screenshots: [
        {
          mediaId: 'm-shot',
          storageKey: screenshotKey,
          cameraId: chain.camera,
          capturedAt: '2026-05-20T02:05:00.000Z',
          width: 320,
          height: 180,
          sha256: 'abc',
        },
      ],
      images: [{ mediaId: 'm-photo', storageKey: photoKey }],
    },
  };
}

describe('raiseFromInspection', () => {
  it('makes one item per failed item, in the store’s handler’s to-do, with the inspection’s evidence and its plan', async () => {
    const raised = await t.db
      .transaction()
      .execute((trx) => service.raiseFromInspection(trx, [failure('Entrance clean', 'a1:i1'), failure('Window display lit', 'a1:i2')]));
    expect(raised.map((one) => [one.sourceKey, one.created])).toEqual([
      ['a1:i1', true],
      ['a1:i2', true],
    ]);
    const detail = await detailOf(chain.people.store.session, raised[0]?.rectificationId ?? '');
    expect(detail).toMatchObject({
      source: 'inspection',
      state: 'pending',
      itemName: 'Entrance clean',
      categoryName: 'Store front',
      problem: 'Entrance clean: failed at opening',
      originName: 'Daily opening check',
      planId: 'plan-1',
      assignmentId: 'assignment-1',
      handler: { userId: chain.people.store.userId },
      founder: { userId: chain.people.admin.userId },
      reviewer: { userId: chain.people.region.userId },
      inspector: { userId: chain.people.region.userId },
      foundAt: '2026-05-20T02:10:00.000Z',
      deadline: '2026-05-23T15:59:00.000Z',
      frame: { status: 'pending', cameraId: chain.camera, at: '2026-05-23T15:59:00.000Z' },
      evidenceFrame: { status: 'none' },
    });
    expect(detail.evidence.map((media) => [media.kind, media.cameraId, media.capturedAt])).toEqual([
      ['screenshot', chain.camera, '2026-05-20T02:05:00.000Z'],
      ['image', null, null],
    ]);
    // The evidence is the inspection's own object, read with the session.
    const image = await download(t.app, 'GET', `${ops.media.path}?mediaId=${detail.evidence[1]?.mediaId}`, undefined, chain.people.store.session);
    expect(image.content.equals(photo)).toBe(true);
    expect((await latestNotice(t.app, chain.people.store.session)).all.filter((notice) => notice.source === 'rectification.assigned').length).toBe(2);
    // The comparison frame is taken by a job just after the deadline.
    const job = await t.db.selectFrom('jobs').select(['run_at', 'payload']).where('name', '=', CAPTURE_FRAMES_JOB).executeTakeFirstOrThrow();
    expect(job.run_at).toBe('2026-05-23T16:00:00.000Z');
    // The plan's founder or the inspector decides on the answer.
    await ok(t.app, chain.people.store.session, ops.submit, { rectificationId: detail.rectificationId, feedback: 'Swept', imageIds: [] });
    await ok(t.app, chain.people.region.session, ops.review, { rectificationId: detail.rectificationId, decision: 'reject', reason: 'Boxes still there' });
    await ok(t.app, chain.people.store.session, ops.submit, { rectificationId: detail.rectificationId, feedback: 'Boxes gone', imageIds: [] });
    await ok(t.app, chain.people.admin.session, ops.review, { rectificationId: detail.rectificationId, decision: 'approve' });
    expect((await detailOf(chain.people.admin.session, detail.rectificationId)).status).toBe('changed');
    const listed = await ok<{ list: RectificationRow[] }>(t.app, chain.people.admin.session, ops.listAll, { page: 1, pageSize: 50, source: 'inspection' });
    expect(listed.list).toHaveLength(2);
    // The founder finds them under 'created by me'.
    const created = await ok<{ list: RectificationRow[] }>(t.app, chain.people.admin.session, ops.listByCreator, {
      page: 1,
      pageSize: 50,
      source: 'inspection',
    });
    expect(created.list).toHaveLength(2);
  });

  it('is idempotent on the assignment item: raised again, nothing new', async () => {
    const [items, messages, jobs] = await Promise.all([countRows(t.db, 'rectifications'), countRows(t.db, 'messages'), countRows(t.db, 'jobs')]);
    const again = await t.db
      .transaction()
      .execute((trx) => service.raiseFromInspection(trx, [failure('Entrance clean', 'a1:i1'), failure('Window display lit', 'a1:i2')]));
    expect(again.every((one) => !one.created)).toBe(true);
    expect(await countRows(t.db, 'rectifications')).toBe(items);
    expect(await countRows(t.db, 'messages')).toBe(messages);
    expect(await countRows(t.db, 'jobs')).toBe(jobs);
  });

  it('writes nothing when the inspection’s submission rolls back', async () => {
    const before = await Promise.all(
      ['rectifications', 'rectification_media', 'rectification_history', 'messages', 'jobs'].map((table) => countRows(t.db, table as 'jobs')),
    );
    await expect(
      t.db.transaction().execute(async (trx) => {
        await service.raiseFromInspection(trx, [failure('Floor clean', 'a2:i1')]);
        throw new Error('the submission failed after raising');
      }),
    ).rejects.toThrow('the submission failed after raising');
    const after = await Promise.all(
      ['rectifications', 'rectification_media', 'rectification_history', 'messages', 'jobs'].map((table) => countRows(t.db, table as 'jobs')),
    );
    expect(after).toEqual(before);
    // A store of another customer is a programming error: nothing is written either.
    await expect(
      t.db.transaction().execute((trx) => service.raiseFromInspection(trx, [{ ...failure('Floor clean', 'a2:i2'), shopId: chain.other.shopId }])),
    ).rejects.toThrow(/not a shop of customer/);
    expect(await countRows(t.db, 'rectifications')).toBe(before[0]);
  });
});

describe('raiseFromAlarm', () => {
  const alarm = (overrides: Partial<AlarmRaise> = {}): AlarmRaise => ({
    customerId: chain.customerId,
    alarmId: newId(),
    shopId: chain.s1,
    cameraId: chain.camera,
    eventCode: 'E101',
    eventName: 'Fire exit blocked',
    occurredAt: '2026-05-20T03:30:00.000Z',
    raisedBy: null,
    evidence: {
      screenshots: [{ mediaId: 'alarm-shot', storageKey: screenshotKey, cameraId: chain.camera, capturedAt: '2026-05-20T03:30:00.000Z' }],
      images: [],
    },
    ...overrides,
  });

  it('makes one item per alarm; one a rule raised is reviewed by the handler’s nearest superior', async () => {
    const input = alarm();
    const first = await t.db.transaction().execute((trx) => service.raiseFromAlarm(trx, input));
    const second = await t.db.transaction().execute((trx) => service.raiseFromAlarm(trx, input));
    expect(first.created).toBe(true);
    expect(second).toEqual({ ...first, created: false });
    const detail = await detailOf(chain.people.store.session, first.rectificationId);
    expect(detail).toMatchObject({
      source: 'alarm',
      itemName: 'Fire exit blocked',
      problem: 'Fire exit blocked',
      originName: 'Fire exit blocked',
      eventCode: 'E101',
      alarmId: input.alarmId,
      handler: { userId: chain.people.store.userId },
      founder: null,
      reviewer: { userId: chain.people.city.userId },
      frame: { status: 'pending', cameraId: chain.camera },
    });
    await ok(t.app, chain.people.store.session, ops.submit, { rectificationId: first.rectificationId, feedback: 'Cleared', imageIds: [] });
    await ok(t.app, chain.people.city.session, ops.review, { rectificationId: first.rectificationId, decision: 'approve' });
  });

  it('takes a person who raised it as founder, a chosen handler who may handle the store, and a deadline; not a camera of another store', async () => {
    const chosen = await t.db.transaction().execute((trx) =>
      service.raiseFromAlarm(
        trx,
        alarm({
          raisedBy: chain.people.manager.userId,
          handlerId: chain.people.assistant.userId,
          deadline: '2026-05-21T00:00:00.000Z',
          description: 'Boxes at the exit',
        }),
      ),
    );
    expect(await detailOf(chain.people.manager.session, chosen.rectificationId)).toMatchObject({
      founder: { userId: chain.people.manager.userId },
      reviewer: null,
      handler: { userId: chain.people.assistant.userId },
      deadline: '2026-05-21T00:00:00.000Z',
      problem: 'Boxes at the exit',
    });
    const ineligible = await t.db
      .transaction()
      .execute((trx) =>
        service.raiseFromAlarm(trx, alarm({ raisedBy: chain.people.manager.userId, handlerId: chain.people.store2.userId, cameraId: chain.cameraS2 })),
      );
    expect(await detailOf(chain.people.manager.session, ineligible.rectificationId)).toMatchObject({
      handler: { userId: chain.people.store.userId },
      frame: { status: 'none', cameraId: null },
    });
    const listed = await ok<{ list: RectificationRow[] }>(t.app, chain.people.admin.session, ops.listAll, { page: 1, pageSize: 50, source: 'alarm' });
    expect(listed.list).toHaveLength(3);
  });
});
