import crypto from 'node:crypto';
import {
  type ItemResult,
  todoOperations as ops,
  type RectificationDetail,
  ResponseStatus,
  type ResultMedia,
  rectificationOperations,
  sopOperations,
  type TodoDetail,
  type TodoRow,
} from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, postFiles, type Session } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildItems, buildPlan, expectStoreTotalsAgree, inspectionWorker, ok } from '../../../test/support/inspection.ts';
import { buildRectificationChain, indexClipAt, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { FFMPEG, tempDir, testClip } from '../../../test/support/video.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { setClock } from '../../platform/time/clock.ts';
import { jpegFrameArgs, runFfmpeg } from '../video/ffmpeg.ts';
import { analysisRepo } from './analysis.repo.ts';

/**
 * Doing an inspection through the API (issue 14 section 3): the handler's to-do in their stores,
 * the checklist with the store's cameras, a screenshot taken on the server from a real recording
 * (the very frame, with camera, instant and hash), images checked and resized, the spec's two
 * messages in four languages, one final submission whose failed item raises a rectification in
 * the store manager's to-do, and other stores' and customers' assignments refused.
 */
const NOW = '2026-05-20T02:00:00.000Z'; // 10:00 in Shanghai
const SHOT_AT = Date.parse(NOW) - 10 * 60_000;

let t: TestApp;
let chain: RectificationChain;
let items: string[];
let planId: string;
let clip: string;

type Person = { session: Session };
const list = (person: Person) => ok<{ list: TodoRow[]; total: number }>(t.app, person.session, ops.todoList, { page: 1, pageSize: 50 });
const detailOf = (person: Person, assignmentId: string) => ok<TodoDetail>(t.app, person.session, ops.todoDetail, { assignmentId });
const sha = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
  items = await buildItems(t.app, chain.people.admin.session, ['Entrance clean', 'Shelves full', 'Lights on'], 'Store front');
  // The region manager inspects both Shanghai stores; the store manager of S1 only theirs.
  planId = await buildPlan(t.app, chain.people.admin.session, {
    name: 'Opening check',
    kind: 'single',
    shopIds: [chain.s1, chain.s2],
    itemIds: items,
    validFrom: '2026-05-20',
    validTo: '2026-05-20',
    periodStart: '09:00',
    periodEnd: '18:00',
    handlerIds: [chain.people.region.userId, chain.people.store.userId],
  });
  const reference = await postFiles(t.app, sopOperations.siItemUploadImage.path, [{ name: 'ref.png', content: await picture(120, 'png') }], {
    ...chain.people.admin.session,
    fields: { itemId: items[0] ?? '' },
  });
  expect(reference.body.status, reference.body.msg).toBe(200);
  await inspectionWorker(t.db).round();
  const dir = await tempDir('inspection-todo');
  clip = await testClip(dir, 12, 'STORE ONE');
  await indexClipAt(t, clip, dir, chain.customerId, chain.camera, SHOT_AT - 4000, 'morning');
}, 180_000);
afterAll(async () => t.close());

describe('my to-do and the checklist', () => {
  it('lists the handler’s open assignments in their stores only', async () => {
    const region = await list(chain.people.region);
    expect(region.list.map((row) => [row.shopName, row.planName, row.state, row.itemCount])).toEqual([
      ['Store One', 'Opening check', 'pending', 3],
      ['Store Two', 'Opening check', 'pending', 3],
    ]);
    expect((await list(chain.people.store)).list.map((row) => row.shopName)).toEqual(['Store One']);
    // Not a handler of the plan: nothing, even in the same store.
    expect((await list(chain.people.assistant)).list).toEqual([]);
  });

  it('opens an assignment with its items, the SOP item names and category, and the store’s cameras', async () => {
    const [row] = (await list(chain.people.store)).list;
    const detail = await detailOf(chain.people.store, row?.assignmentId ?? '');
    expect(detail).toMatchObject({ shopId: chain.s1, status: 'pending', method: null, completedBy: null, planName: 'Opening check' });
    expect(detail.items.map((item) => [item.name, item.categoryName, item.result, item.media])).toEqual([
      ['Entrance clean', 'Store front', null, []],
      ['Shelves full', 'Store front', null, []],
      ['Lights on', 'Store front', null, []],
    ]);
    expect(detail.cameras.map((camera) => camera.cameraId)).toEqual([chain.camera]);
    expect(detail.items.map((item) => item.hasReferenceImage)).toEqual([true, false, false]);
    const image = await download(
      t.app,
      'GET',
      `${ops.todoReferenceImage.path}?assignmentId=${detail.assignmentId}&itemId=${items[0]}`,
      undefined,
      chain.people.store.session,
    );
    expect(image.content.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('refuses another store’s assignment to a store manager, and every assignment to another customer', async () => {
    const s2 = (await list(chain.people.region)).list.find((row) => row.shopId === chain.s2);
    const s1 = (await list(chain.people.region)).list.find((row) => row.shopId === chain.s1);
    expect((await invoke(t.app, ops.todoDetail, { assignmentId: s2?.assignmentId ?? '' }, chain.people.store.session)).body.status).toBe(
      ResponseStatus.notFound,
    );
    for (const operation of [ops.todoDetail, ops.todoSubmit] as const) {
      const input = { assignmentId: s1?.assignmentId ?? '', results: [{ itemId: items[0] ?? '', result: 'pass' }] };
      expect((await invoke(t.app, operation, input, chain.other.admin)).body.status).toBe(ResponseStatus.notFound);
    }
    expect((await invoke(t.app, ops.todoList, { page: 1, pageSize: 10 }, chain.other.admin)).body.data).toMatchObject({ total: 0 });
    // A camera of another store is not one of this assignment's.
    expect(
      (
        await invoke(
          t.app,
          ops.todoScreenshot,
          { assignmentId: s1?.assignmentId ?? '', itemId: items[0] ?? '', cameraId: chain.cameraS2, at: new Date(SHOT_AT).toISOString() },
          chain.people.region.session,
        )
      ).body.status,
    ).toBe(ResponseStatus.notFound);
  });
});

describe('doing and submitting a remote inspection', () => {
  let assignmentId: string;
  let shot: ResultMedia;

  beforeAll(async () => {
    assignmentId = (await list(chain.people.store)).list[0]?.assignmentId ?? '';
  });

  const submit = (results: { itemId: string; result: ItemResult; remark?: string }[], lang?: string) =>
    invoke(t.app, ops.todoSubmit, { assignmentId, results }, { ...chain.people.store.session, ...(lang ? { lang } : {}) });
  const failing = (remark: string): { itemId: string; result: ItemResult; remark?: string }[] => [
    { itemId: items[0] ?? '', result: 'fail', remark },
    { itemId: items[1] ?? '', result: 'pass' },
    { itemId: items[2] ?? '', result: 'invalid' },
  ];

  it('says in every language that a failed item needs its remark, and then its screenshot', async () => {
    await expectMessageInAllLanguages((lang) => submit(failing(''), lang), 'errors.fillRemarks', {}, ResponseStatus.badRequest);
    await expectMessageInAllLanguages((lang) => submit(failing('Boxes at the door'), lang), 'errors.takeScreenshot', {}, ResponseStatus.badRequest);
    await expectMessageInAllLanguages((lang) => submit(failing('x').slice(1), lang), 'inspection.resultsIncomplete', {}, ResponseStatus.badRequest);
  });

  it('takes the screenshot on the server: the recording’s very frame, with camera, instant and hash', async () => {
    shot = await ok<ResultMedia>(t.app, chain.people.store.session, ops.todoScreenshot, {
      assignmentId,
      itemId: items[0],
      cameraId: chain.camera,
      at: new Date(SHOT_AT).toISOString(),
    });
    expect(shot).toMatchObject({ kind: 'screenshot', cameraId: chain.camera, capturedAt: new Date(SHOT_AT).toISOString(), itemId: items[0] });
    const bytes = (await download(t.app, 'GET', `${ops.todoMedia.path}?mediaId=${shot.mediaId}`, undefined, chain.people.store.session)).content;
    expect(sha(bytes)).toBe(shot.sha256);
    expect(sha(bytes)).toBe(sha((await runFfmpeg(FFMPEG, jpegFrameArgs(clip, '4.000'))).stdout));
    expect((await list(chain.people.store)).list[0]?.state).toBe('inProgress');
    // No recording at that instant: the video module's message.
    const none = await invoke(
      t.app,
      ops.todoScreenshot,
      { assignmentId, itemId: items[0] ?? '', cameraId: chain.camera, at: new Date(SHOT_AT - 3_600_000).toISOString() },
      chain.people.store.session,
    );
    expect(none.body.status).toBe(ResponseStatus.errorModal);
  });

  it('keeps images checked as images and resized, at most 9 per item', async () => {
    const upload = (content: Buffer, itemId = items[0] ?? '') =>
      postFiles(t.app, ops.todoUploadImage.path, [{ name: 'photo.jpg', content }], { ...chain.people.store.session, fields: { assignmentId, itemId } });
    const big = await upload(await picture(30, 'png', 4000, 3000));
    expect(big.body.status, big.body.msg).toBe(200);
    expect(big.body.data).toMatchObject({ kind: 'image', width: 1600, height: 1200 });
    const text = await upload(Buffer.from('not a picture at all'));
    expect(text.body.status).toBe(ResponseStatus.errorModal);
    for (let n = 1; n < 9; n += 1) expect((await upload(await picture(n * 10), items[1])).body.status).toBe(200);
    await upload(await picture(95), items[1]);
    const tenth = await upload(await picture(99), items[1]);
    expect(tenth.body.msg).toBe('An item can have at most 9 images');
    // An image removed before submitting makes room again.
    const detail = await detailOf(chain.people.store, assignmentId);
    const second = detail.items[1]?.media ?? [];
    expect(second).toHaveLength(9);
    await ok(t.app, chain.people.store.session, ops.todoMediaDelete, { mediaId: second[8]?.mediaId });
    expect((await detailOf(chain.people.store, assignmentId)).items[1]?.media).toHaveLength(8);
  });

  it('submits once: results recorded, the failed item raises a rectification in the same transaction, and nothing changes after', async () => {
    const answer = await submit(failing('  Boxes at the door  '));
    expect(answer.body.status, answer.body.msg).toBe(200);
    const result = answer.body.data as { passed: number; failed: number; invalid: number; rectificationIds: string[] };
    expect(result).toMatchObject({ passed: 1, failed: 1, invalid: 1 });
    expect(result.rectificationIds).toHaveLength(1);

    const detail = await detailOf(chain.people.store, assignmentId);
    expect(detail).toMatchObject({ status: 'completed', method: 'remote', completedBy: { userId: chain.people.store.userId, name: 'Sam Store' } });
    expect(detail.items.map((item) => [item.result, item.remark, item.rectificationId])).toEqual([
      ['fail', 'Boxes at the door', result.rectificationIds[0]],
      ['pass', null, null],
      ['invalid', null, null],
    ]);
    // The rectification carries the screenshot and image as evidence, in the store manager's to-do.
    const rectification = await ok<RectificationDetail>(t.app, chain.people.store.session, rectificationOperations.detail, {
      rectificationId: result.rectificationIds[0],
    });
    expect(rectification).toMatchObject({ source: 'inspection', itemName: 'Entrance clean', problem: 'Boxes at the door', assignmentId, planId });
    expect(rectification.evidence.map((media) => [media.kind, media.cameraId])).toEqual([
      ['screenshot', chain.camera],
      ['image', null],
    ]);

    // Immutable: a second submission, a new screenshot, a removal are refused; the to-do no longer lists it.
    await expectMessageInAllLanguages((lang) => submit(failing('again'), lang), 'inspection.alreadySubmitted', {}, ResponseStatus.errorModal);
    const again = await invoke(
      t.app,
      ops.todoScreenshot,
      { assignmentId, itemId: items[0] ?? '', cameraId: chain.camera, at: new Date(SHOT_AT).toISOString() },
      chain.people.store.session,
    );
    expect(again.body.msg).toBe('This inspection has already been submitted and cannot be changed');
    expect((await invoke(t.app, ops.todoMediaDelete, { mediaId: shot.mediaId }, chain.people.store.session)).body.status).toBe(ResponseStatus.errorModal);
    expect((await list(chain.people.store)).list).toEqual([]);
    expect((await list(chain.people.region)).list.map((row) => row.shopName)).toEqual(['Store Two']);
    const rows = await t.db.selectFrom('rectifications').select('id').where('assignment_id', '=', assignmentId).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses the observer’s results (the to-do key does not make them an inspector)', async () => {
    const s2 = (await list(chain.people.region)).list[0]?.assignmentId ?? '';
    const answer = await invoke(t.app, ops.todoSubmit, { assignmentId: s2, results: [] }, chain.people.observer.session);
    expect(answer.body.status).not.toBe(200);
  });

  it('on site, a failed item’s photo stands for the screenshot', async () => {
    const s2 = (await list(chain.people.region)).list[0]?.assignmentId ?? '';
    const results: { itemId: string; result: ItemResult; remark?: string }[] = [
      { itemId: items[0] ?? '', result: 'fail', remark: 'Door blocked' },
      { itemId: items[1] ?? '', result: 'pass' },
      { itemId: items[2] ?? '', result: 'pass' },
    ];
    const onsite = (method: 'remote' | 'onsite') => invoke(t.app, ops.todoSubmit, { assignmentId: s2, method, results }, chain.people.region.session);
    expect((await onsite('onsite')).body.msg).toBe('Please take a screenshot first.');
    const photo = await postFiles(t.app, ops.todoUploadImage.path, [{ name: 'phone.jpg', content: await picture(10) }], {
      ...chain.people.region.session,
      fields: { assignmentId: s2, itemId: items[0] ?? '' },
    });
    expect(photo.body.status).toBe(200);
    // Remote still wants a frame of the video; on site the photo is enough.
    expect((await onsite('remote')).body.msg).toBe('Please take a screenshot first.');
    const done = await onsite('onsite');
    expect(done.body.status, done.body.msg).toBe(200);
    expect(await detailOf(chain.people.region, s2)).toMatchObject({ method: 'onsite', status: 'completed' });
  });

  it('adds each submission to the analysis totals, which answer what the results read directly answer', async () => {
    const repo = analysisRepo(tenantScope(t.db, chain.customerId));
    const range = { startDate: '2026-05-20', endDate: '2026-05-20', shopIds: null };
    const sorted = (rows: { item_id: string; category_name: string; item_name: unknown; passed: unknown; failed: unknown; invalid: unknown }[]) =>
      rows
        .map((row) => [row.item_id, row.category_name, row.item_name, Number(row.passed), Number(row.failed), Number(row.invalid)])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const totals = sorted(await repo.itemTotals(range));
    // Both submissions above: Entrance clean failed twice, Shelves full passed twice, Lights on once invalid and once passed.
    expect(totals).toEqual(
      sorted([
        { item_id: items[0] ?? '', category_name: 'Store front', item_name: 'Entrance clean', passed: 0, failed: 2, invalid: 0 },
        { item_id: items[1] ?? '', category_name: 'Store front', item_name: 'Shelves full', passed: 2, failed: 0, invalid: 0 },
        { item_id: items[2] ?? '', category_name: 'Store front', item_name: 'Lights on', passed: 1, failed: 0, invalid: 1 },
      ]),
    );
    expect(totals).toEqual(sorted(await repo.byItemAndCategory(range)));
    // The stores' totals (migration 0042) too, failures included.
    const stores = await expectStoreTotalsAgree(t.db, chain.customerId);
    const failedOf = (itemId: string) => stores.items.filter((row) => row[2] === itemId).reduce((sum, row) => sum + Number(row[6]), 0);
    expect(failedOf(items[0] ?? '')).toBeGreaterThanOrEqual(2);
  });
});
