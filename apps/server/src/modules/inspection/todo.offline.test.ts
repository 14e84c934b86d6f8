import { type ItemResult, todoOperations as ops, ResponseStatus, type ResultMedia, type TodoDetail, type TodoRow } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFiles } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildItems, buildPlan, inspectionWorker, ok } from '../../../test/support/inspection.ts';
import { buildRectificationChain, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { setClock } from '../../platform/time/clock.ts';

/**
 * The on-site page's offline queue resends what it is not sure arrived (issue 14 section 3): a
 * photo and a submission carry client keys, and a resend with the same key answers the first
 * result. Whatever is sent twice, the server holds one picture, one result and one rectification.
 */
const NOW = '2026-05-20T02:00:00.000Z';

let t: TestApp;
let chain: RectificationChain;
let items: string[];
let assignmentId: string;

const list = () => ok<{ list: TodoRow[] }>(t.app, chain.people.store.session, ops.todoList, { page: 1, pageSize: 50 });
const detailOf = (id: string) => ok<TodoDetail>(t.app, chain.people.store.session, ops.todoDetail, { assignmentId: id });
const upload = async (content: Buffer, itemId: string, clientKey?: string) =>
  postFiles(t.app, ops.todoUploadImage.path, [{ name: 'phone.jpg', content }], {
    ...chain.people.store.session,
    fields: { assignmentId, itemId, ...(clientKey ? { clientKey } : {}) },
  });
const results = (): { itemId: string; result: ItemResult; remark?: string }[] => [
  { itemId: items[0] ?? '', result: 'fail', remark: 'Door blocked' },
  { itemId: items[1] ?? '', result: 'pass' },
];
const submit = (idempotencyKey?: string, lang?: string) =>
  invoke(
    t.app,
    ops.todoSubmit,
    { assignmentId, method: 'onsite', results: results(), ...(idempotencyKey ? { idempotencyKey } : {}) },
    { ...chain.people.store.session, ...(lang ? { lang } : {}) },
  );

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
  items = await buildItems(t.app, chain.people.admin.session, ['Door clear', 'Floor dry'], 'Safety');
  await buildPlan(t.app, chain.people.admin.session, {
    name: 'Offline check',
    kind: 'single',
    shopIds: [chain.s1],
    itemIds: items,
    validFrom: '2026-05-20',
    validTo: '2026-05-20',
    periodStart: '09:00',
    periodEnd: '18:00',
    handlerIds: [chain.people.store.userId],
  });
  await inspectionWorker(t.db).round();
  assignmentId = (await list()).list[0]?.assignmentId ?? '';
  expect(assignmentId).not.toBe('');
}, 180_000);
afterAll(async () => t.close());

describe('resends of the offline queue', () => {
  let photo: ResultMedia;

  it('keeps a photo sent twice under one client key once, and answers the first each time', async () => {
    const content = await picture(40);
    const first = await upload(content, items[0] ?? '', 'photo-key-0001');
    expect(first.body.status, first.body.msg).toBe(200);
    photo = first.body.data as ResultMedia;
    const again = await upload(content, items[0] ?? '', 'photo-key-0001');
    expect(again.body.status, again.body.msg).toBe(200);
    expect((again.body.data as ResultMedia).mediaId).toBe(photo.mediaId);
    expect((await detailOf(assignmentId)).items[0]?.media.map((media) => media.mediaId)).toEqual([photo.mediaId]);
  });

  it('refuses a key reused for another item, and a malformed key, in every language', async () => {
    const content = await picture(50);
    await expectMessageInAllLanguages(
      async (lang) =>
        postFiles(t.app, ops.todoUploadImage.path, [{ name: 'phone.jpg', content }], {
          ...chain.people.store.session,
          lang,
          fields: { assignmentId, itemId: items[1] ?? '', clientKey: 'photo-key-0001' },
        }),
      'inspection.clientKeyReused',
      {},
      ResponseStatus.badRequest,
    );
    await expectMessageInAllLanguages(
      async (lang) =>
        postFiles(t.app, ops.todoUploadImage.path, [{ name: 'phone.jpg', content }], {
          ...chain.people.store.session,
          lang,
          fields: { assignmentId, itemId: items[1] ?? '', clientKey: 'no/good' },
        }),
      'inspection.clientKeyInvalid',
      {},
      ResponseStatus.badRequest,
    );
    expect((await detailOf(assignmentId)).items[1]?.media).toEqual([]);
  });

  it('answers a resent submission with the first result: one result, one rectification', async () => {
    const first = await submit('submit-key-0001');
    expect(first.body.status, first.body.msg).toBe(200);
    const answer = first.body.data as { passed: number; failed: number; rectificationIds: string[] };
    expect(answer).toMatchObject({ passed: 1, failed: 1, invalid: 0 });
    expect(answer.rectificationIds).toHaveLength(1);

    // The answer was lost: the phone sends again, twice at once.
    const resends = await Promise.all([submit('submit-key-0001'), submit('submit-key-0001')]);
    for (const resend of resends) {
      expect(resend.body.status, resend.body.msg).toBe(200);
      expect(resend.body.data).toEqual(first.body.data);
    }
    // A photo resent after the submission still answers the photo kept (its answer was lost too).
    const late = await upload(await picture(40), items[0] ?? '', 'photo-key-0001');
    expect((late.body.data as ResultMedia).mediaId).toBe(photo.mediaId);

    // Another key, or none, is another submission: refused, the first stands.
    await expectMessageInAllLanguages((lang) => submit('submit-key-0002', lang), 'inspection.alreadySubmitted', {}, ResponseStatus.errorModal);
    expect((await submit()).body.status).toBe(ResponseStatus.errorModal);

    const rectifications = await t.db.selectFrom('rectifications').select('id').where('assignment_id', '=', assignmentId).execute();
    expect(rectifications.map((row) => row.id)).toEqual(answer.rectificationIds);
    const media = await t.db.selectFrom('inspection_result_media').select('id').where('assignment_id', '=', assignmentId).execute();
    expect(media.map((row) => row.id)).toEqual([photo.mediaId]);
    expect(await detailOf(assignmentId)).toMatchObject({ status: 'completed', method: 'onsite' });
  });

  it('lists the submitted assignment in the done tab of its inspector only', async () => {
    const done = await ok<{ list: { assignmentId: string; method: string; passed: number; failed: number; completedBy: string }[] }>(
      t.app,
      chain.people.store.session,
      ops.todoDoneList,
      { page: 1, pageSize: 20 },
    );
    expect(done.list.map((row) => [row.assignmentId, row.method, row.passed, row.failed, row.completedBy])).toEqual([
      [assignmentId, 'onsite', 1, 1, 'Sam Store'],
    ]);
    expect((await list()).list).toEqual([]);
    const other = await invoke(t.app, ops.todoDoneList, { page: 1, pageSize: 20 }, chain.other.admin);
    expect(other.body.data).toMatchObject({ total: 0 });
  });
});
