import {
  type HandlerCandidate,
  type HistoryRow,
  LOCALES,
  rectificationOperations as ops,
  type RectificationDetail,
  type RectificationRow,
  translateMessage,
} from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildShop, buildUser, download, postFiles, sheetRows, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import {
  buildRectificationChain,
  createItem,
  latestNotice,
  ok,
  picture,
  type RectificationChain,
  setLocale,
  uploadPicture,
} from '../../../test/support/rectification.ts';
import { setClock } from '../../platform/time/clock.ts';
import { defaultDeadline } from './rectification.service.ts';

/**
 * The rectification operations over a real database (SQLite, or PostgreSQL with DATABASE_URL):
 * who handles by default, creation and its checks, every transition allowed and refused with the
 * history it leaves, approval and rejection, images checked as images, the Excel download read
 * back, data scope and other customers. The clock stands at NOW.
 */
const NOW = '2026-05-20T04:00:00.000Z';

let t: TestApp;
let chain: RectificationChain;
const notFound = 'Not found or no access';

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
}, 120_000);
afterAll(async () => t.close());

const detailOf = (session: { token: string; cid: string }, rectificationId: string) => ok<RectificationDetail>(t.app, session, ops.detail, { rectificationId });
const historyOf = (session: { token: string; cid: string }, rectificationId: string) => ok<HistoryRow[]>(t.app, session, ops.record, { rectificationId });
const basic = () => ({ shopId: chain.s1, itemName: 'Floor clean and dry', problem: 'A spill by the fitting rooms, no warning sign' });

describe('who handles a store’s items', () => {
  it('offers the people with a rectification role who see the store, the closest one first as the default', async () => {
    const candidates = await ok<HandlerCandidate[]>(t.app, chain.people.admin.session, ops.handlers, { shopId: chain.s1 });
    const { people } = chain;
    // The store manager stands closest to the store; the assistant beside them; then the city, the region, head office.
    expect(candidates[0]).toMatchObject({ userId: people.store.userId, isDefault: true });
    expect(candidates.filter((candidate) => candidate.isDefault)).toHaveLength(1);
    const ids = candidates.map((candidate) => candidate.userId);
    expect(ids.slice(0, 4)).toEqual([people.store.userId, people.assistant.userId, people.city.userId, people.region.userId]);
    expect(ids).toEqual(expect.arrayContaining([people.admin.userId, people.manager.userId, people.operator.userId]));
    // The observer never handles; nobody who cannot see the store does.
    for (const outsider of [people.observer, people.store2, people.westStore]) expect(ids).not.toContain(outsider.userId);
    // Another store of the city: its own store manager.
    expect((await ok<HandlerCandidate[]>(t.app, people.admin.session, ops.handlers, { shopId: chain.s2 }))[0]?.userId).toBe(people.store2.userId);
  });

  it('answers not found for a store outside the caller’s scope or of another customer', async () => {
    expect((await invoke(t.app, ops.handlers, { shopId: chain.s2 }, chain.people.store.session)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.handlers, { shopId: chain.s1 }, chain.other.admin)).body.msg).toBe(notFound);
  });
});

describe('creating an item by hand', () => {
  it('goes to the store’s default handler with the default deadline, tells them, and starts the history', async () => {
    const id = await createItem(t.app, chain.people.admin.session, basic());
    const detail = await detailOf(chain.people.admin.session, id);
    expect(detail).toMatchObject({
      source: 'manual',
      state: 'pending',
      status: 'untreated',
      overdue: false,
      shopId: chain.s1,
      shopName: 'Store One',
      itemName: 'Floor clean and dry',
      handler: { userId: chain.people.store.userId, name: 'Sam Store' },
      founder: { userId: chain.people.admin.userId },
      reviewer: null,
      evidence: [],
      feedback: null,
      frame: { status: 'none', media: null },
      abilities: { submit: false, refer: true, review: false },
    });
    // The end of the store's local day three days on: 2026-05-23 23:59 in Shanghai.
    expect(detail.deadline).toBe('2026-05-23T15:59:00.000Z');
    expect(defaultDeadline('Asia/Shanghai', new Date(NOW))).toBe(detail.deadline);
    const notice = await latestNotice(t.app, chain.people.store.session);
    expect(notice.latest).toMatchObject({ title: 'Rectification assigned: Floor clean and dry', refId: id, source: 'rectification.assigned' });
    expect(notice.latest?.body).toBe('Store One: A spill by the fitting rooms, no warning sign Deadline 2026-05-23 23:59 (Asia/Shanghai, UTC+08:00).');
    const history = await historyOf(chain.people.admin.session, id);
    expect(history).toEqual([
      expect.objectContaining({
        action: 'create',
        user: { userId: chain.people.admin.userId, name: 'Ada Admin' },
        toUsers: [{ userId: chain.people.store.userId, name: 'Sam Store' }],
      }),
    ]);
  });

  it('takes a chosen handler, reviewer, deadline and evidence images, and refuses what does not fit', async () => {
    const imageIds = [
      await uploadPicture(t.app, chain.people.region.session),
      await uploadPicture(t.app, chain.people.region.session, await picture(30, 'png')),
    ];
    const deadline = '2026-05-21T10:00:00.000Z';
    const id = await createItem(t.app, chain.people.region.session, {
      ...basic(),
      categoryName: 'Hygiene',
      handlerId: chain.people.assistant.userId,
      reviewerId: chain.people.city.userId,
      deadline,
      imageIds,
    });
    const detail = await detailOf(chain.people.city.session, id);
    expect(detail).toMatchObject({
      handler: { userId: chain.people.assistant.userId },
      reviewer: { userId: chain.people.city.userId },
      deadline,
      categoryName: 'Hygiene',
    });
    expect(detail.evidence.map((media) => media.mediaId)).toEqual(imageIds);
    expect(detail.evidence.every((media) => media.role === 'evidence' && media.kind === 'image' && media.width === 800)).toBe(true);
    // An upload is used once.
    expect((await invoke(t.app, ops.create, { ...basic(), imageIds: [imageIds[0] ?? ''] }, chain.people.region.session)).body.msg).toBe(
      translateMessage('en', 'rectification.imageUnknown'),
    );

    const admin = chain.people.admin.session;
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.create, { ...basic(), deadline: '2026-05-19T00:00:00.000Z' }, { ...admin, lang }),
      'rectification.deadlineRange',
      { days: 90 },
      400,
    );
    expect((await invoke(t.app, ops.create, { ...basic(), deadline: '2026-09-01T00:00:00.000Z' }, admin)).body.status).toBe(400);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.create, { ...basic(), handlerId: chain.people.store2.userId }, { ...admin, lang }),
      'rectification.handlerNotEligible',
    );
    // The observer sees the store but never handles; a reviewer must see the store.
    expect((await invoke(t.app, ops.create, { ...basic(), handlerId: chain.people.observer.userId }, admin)).body.msg).toBe(
      translateMessage('en', 'rectification.handlerNotEligible'),
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.create, { ...basic(), reviewerId: chain.people.westStore.userId }, { ...admin, lang }),
      'rectification.reviewerNotEligible',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.create, { ...basic(), cameraId: chain.cameraS2 }, { ...admin, lang }),
      'rectification.cameraNotInShop',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.create, { ...basic(), capturedAt: NOW }, { ...admin, lang }),
      'rectification.cameraRequired',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.create, { ...basic(), problem: '  ' }, { ...admin, lang }),
      'validation.required',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.create, { ...basic(), imageIds: Array.from({ length: 10 }, (_, n) => `image${n}`) }, { ...admin, lang }),
      'rectification.tooManyImages',
      { max: 9 },
      400,
    );
  });

  it('says so when nobody may handle the store, in every language', async () => {
    const lonely = await buildCustomer(t.db);
    const shop = await buildShop(t.db, lonely.customerId, lonely.rootOrgId, { name: 'Lonely Store' });
    // A creator whose role does not show the rectification to-do: nobody of this customer may handle.
    const role = await buildRoleWithout(t.db, lonely.customerId, ['shopinspect_todo_rect']);
    const creator = await signIn(t.app, (await buildUser(t.db, [{ customerId: lonely.customerId, roleId: role }])).loginName, lonely.customerId);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.create, { ...basic(), shopId: shop }, { ...creator, lang }),
      'rectification.noHandler',
      { shop: 'Lonely Store' },
      422,
    );
    // Nothing written for that store.
    expect(await t.db.selectFrom('rectifications').select('id').where('customer_id', '=', lonely.customerId).execute()).toEqual([]);
  });

  it('needs the create key; the observer and the shop assistant may not; another customer’s store is not found', async () => {
    expect((await invoke(t.app, ops.create, basic(), chain.people.assistant.session)).body.status).toBe(403);
    expect((await invoke(t.app, ops.create, basic(), chain.people.observer.session)).body.status).toBe(403);
    expect((await invoke(t.app, ops.create, basic(), chain.other.admin)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.create, { ...basic(), shopId: chain.other.shopId }, chain.people.admin.session)).body.msg).toBe(notFound);
    // A store manager creates in their own store only.
    expect((await invoke(t.app, ops.create, { ...basic(), shopId: chain.s2 }, chain.people.store.session)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.create, basic(), chain.people.store.session)).body.status).toBe(200);
  });
});

describe('the transition table, enforced', () => {
  it('walks pending → submitted → rejected → submitted → approved, with the history and the notices each step leaves', async () => {
    const { admin, store, city } = chain.people;
    const id = await createItem(t.app, admin.session, { ...basic(), reviewerId: city.userId });
    const imageIds = [await uploadPicture(t.app, store.session), await uploadPicture(t.app, store.session, await picture(90))];

    // Only the handler answers; the founder and the reviewer cannot.
    for (const who of [admin, city])
      await expectMessageInAllLanguages(
        (lang) => invoke(t.app, ops.submit, { rectificationId: id, feedback: 'Cleaned', imageIds: [] }, { ...who.session, lang }),
        'rectification.notHandler',
        undefined,
        403,
      );
    // Another person's upload is not the handler's to give.
    const theirs = await uploadPicture(t.app, admin.session);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.submit, { rectificationId: id, feedback: 'Cleaned', imageIds: [theirs] }, { ...store.session, lang }),
      'rectification.imageUnknown',
    );
    expect((await detailOf(store.session, id)).state).toBe('pending');
    // Nothing to review yet.
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.review, { rectificationId: id, decision: 'approve' }, { ...admin.session, lang }),
      'rectification.actionRefused',
    );

    await ok(t.app, store.session, ops.submit, { rectificationId: id, feedback: 'Mopped and put up the sign', imageIds });
    let detail = await detailOf(store.session, id);
    expect(detail).toMatchObject({ state: 'submitted', status: 'untreated', abilities: { submit: false, refer: false, review: false } });
    expect(detail.feedback).toMatchObject({ text: 'Mopped and put up the sign', round: 1 });
    expect(detail.feedback?.images.map((image) => image.mediaId)).toEqual(imageIds);
    // The founder and the reviewer hear of it; the reviewer may decide.
    expect((await latestNotice(t.app, admin.session)).latest?.title).toBe('Rectification answered: Floor clean and dry');
    expect((await latestNotice(t.app, city.session)).latest?.body).toBe('Sam Store answered Store One – Floor clean and dry: Mopped and put up the sign');
    expect((await detailOf(city.session, id)).abilities).toEqual({ submit: false, refer: false, review: true });

    // Submitted: no second answer, no hand-over; a rejection needs its reason and a founder or reviewer.
    expect((await invoke(t.app, ops.submit, { rectificationId: id, feedback: 'Again', imageIds: [] }, store.session)).body.msg).toBe(
      translateMessage('en', 'rectification.actionRefused'),
    );
    expect((await invoke(t.app, ops.refer, { rectificationId: id, handlerId: chain.people.assistant.userId, reason: 'Holiday' }, store.session)).body.msg).toBe(
      translateMessage('en', 'rectification.actionRefused'),
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.review, { rectificationId: id, decision: 'reject', reason: ' ' }, { ...city.session, lang }),
      'rectification.reasonRequired',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.review, { rectificationId: id, decision: 'approve' }, { ...store.session, lang }),
      'rectification.notReviewer',
      undefined,
      403,
    );
    await ok(t.app, city.session, ops.review, { rectificationId: id, decision: 'reject', reason: 'The sign is missing in the photo' });
    detail = await detailOf(store.session, id);
    expect(detail).toMatchObject({
      state: 'rejected',
      status: 'untreated',
      rejectReason: 'The sign is missing in the photo',
      abilities: { submit: true, refer: true },
    });
    expect((await latestNotice(t.app, store.session)).latest).toMatchObject({
      title: 'Rectification rejected: Floor clean and dry',
      body: 'Cai City rejected your answer for Store One – Floor clean and dry: The sign is missing in the photo',
    });

    // Rejected: no decision until answered again; the second answer is round 2.
    expect((await invoke(t.app, ops.review, { rectificationId: id, decision: 'approve' }, admin.session)).body.msg).toBe(
      translateMessage('en', 'rectification.actionRefused'),
    );
    const second = await uploadPicture(t.app, store.session, await picture(150));
    await ok(t.app, store.session, ops.submit, { rectificationId: id, feedback: 'Sign in place, see photo', imageIds: [second] });
    detail = await detailOf(admin.session, id);
    expect(detail.feedback).toMatchObject({ text: 'Sign in place, see photo', round: 2, images: [expect.objectContaining({ mediaId: second, round: 2 })] });
    expect(detail.rejectReason).toBeNull();
    await ok(t.app, admin.session, ops.review, { rectificationId: id, decision: 'approve' });
    detail = await detailOf(store.session, id);
    expect(detail).toMatchObject({
      state: 'approved',
      status: 'changed',
      reviewedAt: expect.any(String),
      abilities: { submit: false, refer: false, review: false },
    });
    expect((await latestNotice(t.app, store.session)).latest?.body).toBe('Ada Admin approved your answer for Store One – Floor clean and dry.');

    // Approved is final: every action is refused.
    for (const [session, operation, input] of [
      [store.session, ops.submit, { rectificationId: id, feedback: 'x', imageIds: [] }],
      [admin.session, ops.review, { rectificationId: id, decision: 'reject', reason: 'x' }],
      [admin.session, ops.review, { rectificationId: id, decision: 'approve' }],
      [admin.session, ops.refer, { rectificationId: id, handlerId: chain.people.assistant.userId, reason: 'x' }],
    ] as const)
      expect((await invoke(t.app, operation, input as never, session)).body.msg).toBe(translateMessage('en', 'rectification.actionRefused'));

    const history = await historyOf(store.session, id);
    expect(history.map((entry) => [entry.action, entry.user?.name ?? null, entry.reason ?? entry.text])).toEqual([
      ['create', 'Ada Admin', null],
      ['submit', 'Sam Store', 'Mopped and put up the sign'],
      ['reject', 'Cai City', 'The sign is missing in the photo'],
      ['submit', 'Sam Store', 'Sign in place, see photo'],
      ['approve', 'Ada Admin', null],
    ]);
    expect(history[1]?.mediaIds).toEqual(imageIds);
    expect(history.every((entry, index) => index === 0 || entry.at >= (history[index - 1]?.at ?? ''))).toBe(true);
  });

  it('hands an open item over with its reason, to someone who may handle the store, and refuses the rest', async () => {
    const { admin, store, assistant, store2, noAll } = chain.people;
    const id = await createItem(t.app, admin.session, basic());
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.refer, { rectificationId: id, handlerId: store.userId, reason: 'Mine' }, { ...admin.session, lang }),
      'rectification.sameHandler',
    );
    expect((await invoke(t.app, ops.refer, { rectificationId: id, handlerId: store2.userId, reason: 'Other store' }, store.session)).body.msg).toBe(
      translateMessage('en', 'rectification.handlerNotEligible'),
    );
    expect((await invoke(t.app, ops.refer, { rectificationId: id, handlerId: assistant.userId, reason: '' }, store.session)).body.status).toBe(400);
    // Someone neither handler, founder nor reviewer (here a person who does not see the item at all) cannot.
    expect((await invoke(t.app, ops.refer, { rectificationId: id, handlerId: assistant.userId, reason: 'x' }, noAll.session)).body.msg).toBe(notFound);
    // The manager sees it ('todo all-rectification') but is not involved.
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.refer, { rectificationId: id, handlerId: assistant.userId, reason: 'x' }, { ...chain.people.manager.session, lang }),
      'rectification.notInvolved',
      undefined,
      403,
    );

    await ok(t.app, store.session, ops.refer, { rectificationId: id, handlerId: assistant.userId, reason: 'On leave until Friday' });
    const detail = await detailOf(assistant.session, id);
    expect(detail).toMatchObject({ state: 'pending', handler: { userId: assistant.userId }, abilities: { submit: true, refer: true } });
    expect((await latestNotice(t.app, assistant.session)).latest).toMatchObject({
      title: 'Rectification handed over to you: Floor clean and dry',
      body: 'Sam Store handed over Store One – Floor clean and dry: On leave until Friday. Deadline 2026-05-23 23:59 (Asia/Shanghai, UTC+08:00).',
    });
    // The former handler still reads the item and its history, but may no longer answer.
    const former = await detailOf(store.session, id);
    expect(former.abilities).toEqual({ submit: false, refer: false, review: false });
    const history = await historyOf(store.session, id);
    expect(history.at(-1)).toMatchObject({
      action: 'refer',
      user: { userId: store.userId },
      reason: 'On leave until Friday',
      fromUser: { userId: store.userId, name: 'Sam Store' },
      toUsers: [{ userId: assistant.userId, name: 'Amy Assistant' }],
    });
    // The founder may hand it back.
    await ok(t.app, admin.session, ops.refer, { rectificationId: id, handlerId: store.userId, reason: 'Back from leave' });
    expect((await detailOf(admin.session, id)).handler.userId).toBe(store.userId);
  });

  it('lets no observer act, whatever the item', async () => {
    const id = await createItem(t.app, chain.people.admin.session, { ...basic(), reviewerId: chain.people.manager.userId });
    for (const [operation, input] of [
      [ops.submit, { rectificationId: id, feedback: 'x', imageIds: [] }],
      [ops.refer, { rectificationId: id, handlerId: chain.people.assistant.userId, reason: 'x' }],
      [ops.review, { rectificationId: id, decision: 'approve' }],
    ] as const)
      expect((await invoke(t.app, operation, input as never, chain.people.observer.session)).body.status).toBe(403);
    expect((await invoke(t.app, ops.uploadImage, undefined as never, chain.people.observer.session)).body.status).toBe(403);
  });

  it('refuses a racing second decision: one of two approvals wins, the other hears the state moved on', async () => {
    const { admin, store } = chain.people;
    const id = await createItem(t.app, admin.session, basic());
    await ok(t.app, store.session, ops.submit, { rectificationId: id, feedback: 'Done', imageIds: [] });
    const [one, two] = await Promise.all([
      invoke(t.app, ops.review, { rectificationId: id, decision: 'approve' }, admin.session),
      invoke(t.app, ops.review, { rectificationId: id, decision: 'reject', reason: 'No photo' }, admin.session),
    ]);
    expect([one.body.status, two.body.status].sort()).toEqual([200, 422]);
    const decisions = (await historyOf(admin.session, id)).filter((entry) => entry.action === 'approve' || entry.action === 'reject');
    expect(decisions).toHaveLength(1);
  });
});

describe('images: checked as images, resized, fetched with the session', () => {
  it('keeps a JPEG or PNG as a JPEG of at most 1600 px, readable by the uploader and then by whoever sees the item', async () => {
    const { store, admin, store2 } = chain.people;
    const big = await uploadPicture(t.app, store.session, await picture(10, 'png', 3200, 2000));
    const own = await download(t.app, 'GET', `${ops.media.path}?mediaId=${big}`, undefined, store.session);
    expect(own.http).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    const sharp = (await import('sharp')).default;
    expect(await sharp(own.content).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1000 });
    // A waiting upload is its uploader's alone.
    expect((await download(t.app, 'GET', `${ops.media.path}?mediaId=${big}`, undefined, admin.session)).json().msg).toBe(notFound);

    const id = await createItem(t.app, admin.session, basic());
    await ok(t.app, store.session, ops.submit, { rectificationId: id, feedback: 'Photo attached', imageIds: [big] });
    expect((await download(t.app, 'GET', `${ops.media.path}?mediaId=${big}`, undefined, admin.session)).http).toBe(200);
    expect((await download(t.app, 'GET', `${ops.media.path}?mediaId=${big}`, undefined, store2.session)).json().msg).toBe(notFound);
    expect((await download(t.app, 'GET', `${ops.media.path}?mediaId=${big}`, undefined, chain.other.admin)).json().msg).toBe(notFound);
  });

  it('refuses a text file named .jpg, a truncated picture, a file too large and an upload without a file', async () => {
    const session = chain.people.store.session;
    const upload = (content: Buffer, name = 'photo.jpg', lang = 'en') => postFiles(t.app, ops.uploadImage.path, [{ name, content }], { ...session, lang });
    await expectMessageInAllLanguages((lang) => upload(Buffer.from('not a picture at all, just text\n'), 'photo.jpg', lang), 'rectification.imageInvalid');
    const jpeg = await picture();
    expect((await upload(jpeg.subarray(0, Math.floor(jpeg.length / 3)))).body.msg).toBe(translateMessage('en', 'rectification.imageInvalid'));
    // A GIF is a picture, but not one we keep.
    const sharp = (await import('sharp')).default;
    expect((await upload(await sharp(jpeg).gif().toBuffer(), 'photo.gif')).body.msg).toBe(translateMessage('en', 'rectification.imageInvalid'));
    await expectMessageInAllLanguages((lang) => upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'huge.jpg', lang), 'rectification.imageTooLarge', { mb: 10 });
    await expectMessageInAllLanguages(
      async (lang) => ({ body: (await invoke(t.app, ops.uploadImage, undefined as never, { ...session, lang })).body }),
      'rectification.noImageFile',
    );
    // Nothing of the refused ones was kept.
    const kept = await t.db
      .selectFrom('rectification_media')
      .select('id')
      .where('created_by', '=', chain.people.store.userId)
      .where('rectification_id', 'is', null)
      .execute();
    expect(kept.length).toBe(0);
  });
});

describe('lists, scope and the Excel download', () => {
  let mine: string;
  let raisedByRegion: string;
  beforeAll(async () => {
    mine = await createItem(t.app, chain.people.admin.session, { ...basic(), itemName: 'Price tags visible', problem: 'Tags missing on shelf 3' });
    raisedByRegion = await createItem(t.app, chain.people.region.session, { ...basic(), itemName: 'Window display lit', problem: 'Two lamps out' });
    await createItem(t.app, chain.people.admin.session, { shopId: chain.s2, itemName: 'Receipt paper stocked', problem: 'One roll left' });
    await createItem(t.app, chain.people.admin.session, { shopId: chain.w1, itemName: 'Fire exit clear', problem: 'Boxes in front of the exit' });
  });

  const listed = async (session: { token: string; cid: string }, operation: typeof ops.userTodoList, input: object = {}) =>
    (await ok<{ total: number; list: RectificationRow[] }>(t.app, session, operation, { page: 1, pageSize: 100, ...input })).list;

  it('my to-do: the open items I handle, most urgent first; by creator: what I founded or review', async () => {
    const todo = await listed(chain.people.store.session, ops.userTodoList);
    expect(todo.length).toBeGreaterThan(1);
    expect(todo.every((row) => row.handler.userId === chain.people.store.userId && (row.state === 'pending' || row.state === 'rejected'))).toBe(true);
    expect(todo.map((row) => row.deadline)).toEqual([...todo.map((row) => row.deadline)].sort());
    expect(todo.map((row) => row.rectificationId)).toContain(mine);
    const approved = await listed(chain.people.store.session, ops.userTodoList, { states: ['approved'] });
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((row) => row.status === 'changed')).toBe(true);

    const created = await listed(chain.people.region.session, ops.listByCreator);
    expect(created.map((row) => row.rectificationId)).toContain(raisedByRegion);
    expect(created.every((row) => row.founder?.userId === chain.people.region.userId || row.reviewer?.userId === chain.people.region.userId)).toBe(true);
    expect(await listed(chain.people.store2.session, ops.listByCreator)).toEqual([]);
  });

  it('all: every item of the caller’s stores, with filters; a store manager sees only their stores', async () => {
    const all = await listed(chain.people.admin.session, ops.listAll);
    expect(new Set(all.map((row) => row.shopId))).toEqual(new Set([chain.s1, chain.s2, chain.w1]));
    const storeTwo = await listed(chain.people.store2.session, ops.listAll);
    expect(storeTwo.length).toBeGreaterThan(0);
    expect(storeTwo.every((row) => row.shopId === chain.s2)).toBe(true);
    expect((await listed(chain.people.region.session, ops.listAll)).every((row) => row.shopId !== chain.w1)).toBe(true);

    expect((await listed(chain.people.admin.session, ops.listAll, { keyword: 'TAGS' })).map((row) => row.rectificationId)).toEqual([mine]);
    expect((await listed(chain.people.admin.session, ops.listAll, { shopIds: [chain.w1] })).map((row) => row.itemName)).toEqual(['Fire exit clear']);
    expect((await listed(chain.people.admin.session, ops.listAll, { states: ['approved'] })).every((row) => row.state === 'approved')).toBe(true);
    expect(await listed(chain.people.admin.session, ops.listAll, { source: 'inspection' })).toEqual([]);
    expect(await listed(chain.people.admin.session, ops.listAll, { overdueOnly: true })).toEqual([]);
    expect(await listed(chain.people.admin.session, ops.listAll, { createdFrom: '2026-05-21T00:00:00.000Z' })).toEqual([]);
    // A store outside the caller's scope, or of another customer, is not found rather than an empty list.
    expect((await invoke(t.app, ops.listAll, { page: 1, pageSize: 10, shopIds: [chain.s1] }, chain.people.store2.session)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.listAll, { page: 1, pageSize: 10, shopIds: [chain.other.shopId] }, chain.people.admin.session)).body.msg).toBe(notFound);
  });

  it('needs the to-do keys for mine and by creator, and todo all-rectification for all', async () => {
    expect((await invoke(t.app, ops.listAll, { page: 1, pageSize: 10 }, chain.people.noAll.session)).body.status).toBe(403);
    expect((await invoke(t.app, ops.userTodoList, { page: 1, pageSize: 10 }, chain.people.noAll.session)).body.status).toBe(200);
    // The shop assistant's role hides task management and 'todo all-rectification'.
    expect((await invoke(t.app, ops.listAll, { page: 1, pageSize: 10 }, chain.people.assistant.session)).body.status).toBe(403);
  });

  it('shows an item only to those involved or holding todo all-rectification, and only in their stores', async () => {
    // The assistant sees the store but is not involved in an item of the store manager's.
    expect((await invoke(t.app, ops.detail, { rectificationId: mine }, chain.people.assistant.session)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.record, { rectificationId: mine }, chain.people.store2.session)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.detail, { rectificationId: mine }, chain.other.admin)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.detail, { rectificationId: mine }, chain.people.manager.session)).body.status).toBe(200);
  });

  it('writes the list as a real spreadsheet, in the reader’s language, with the list’s filters', async () => {
    const file = await download(t.app, 'POST', ops.download.path, { list: 'all', shopIds: [chain.s1, chain.w1] }, chain.people.admin.session);
    expect(file.http).toBe(200);
    const rows = await sheetRows(file.content);
    expect(rows[0]).toEqual([
      'Source',
      'Store',
      'Store number',
      'Item',
      'Category',
      'Problem',
      'Plan or event',
      'Handler',
      'Founder',
      'Deadline (store time)',
      'State',
      'Result',
      'Overdue',
      'Created (UTC)',
      'Answered (UTC)',
      'Feedback',
      'Reviewed (UTC)',
    ]);
    const fire = rows.find((row) => row[3] === 'Fire exit clear');
    // West One is in Sydney: its deadline reads in Sydney's time (2026-05-23 23:59 AEST).
    expect(fire).toEqual([
      'Manual',
      'West One',
      'W1',
      'Fire exit clear',
      '',
      'Boxes in front of the exit',
      '',
      'Wes West',
      'Ada Admin',
      '2026-05-23 23:59',
      'To do',
      'Untreated',
      'No',
      expect.stringMatching(/^2026-05-20 04:\d\d$/),
      '',
      '',
      '',
    ]);
    expect(rows.slice(1).every((row) => row[1] === 'Store One' || row[1] === 'West One')).toBe(true);
    const approved = rows.find((row) => row[10] === 'Approved');
    expect(approved?.[11]).toBe('Changed');
    expect(approved?.[15]).not.toBe('');

    for (const lang of LOCALES) {
      const localized = await download(t.app, 'POST', ops.download.path, { list: 'mine' }, { ...chain.people.store.session, lang });
      const header = (await sheetRows(localized.content))[0];
      expect(header?.[0]).toBe(translateMessage(lang, 'rectification.colSource'));
    }
    const mineRows = await sheetRows((await download(t.app, 'POST', ops.download.path, { list: 'mine' }, chain.people.store.session)).content);
    expect(mineRows.slice(1).every((row) => row[7] === 'Sam Store' && (row[10] === 'To do' || row[10] === 'Rejected'))).toBe(true);
    expect((await download(t.app, 'POST', ops.download.path, { list: 'all' }, chain.people.noAll.session)).json().status).toBe(403);
    expect((await download(t.app, 'POST', ops.download.path, { list: 'all', shopIds: [chain.s1] }, chain.people.store2.session)).json().msg).toBe(notFound);
  });

  it('tells each person in their own language', async () => {
    for (const lang of LOCALES) {
      await setLocale(t, chain.people.store.userId, lang);
      const id = await createItem(t.app, chain.people.admin.session, { ...basic(), itemName: `Door clean ${lang}` });
      const params = { item: `Door clean ${lang}` };
      expect((await latestNotice(t.app, chain.people.store.session)).latest?.title).toBe(translateMessage(lang, 'rectification.assignedTitle', params));
      await ok(t.app, chain.people.store.session, ops.submit, { rectificationId: id, feedback: 'ok', imageIds: [] });
      await ok(t.app, chain.people.admin.session, ops.review, { rectificationId: id, decision: 'reject', reason: 'no' });
      expect((await latestNotice(t.app, chain.people.store.session)).latest?.title).toBe(translateMessage(lang, 'rectification.rejectedTitle', params));
      await ok(t.app, chain.people.store.session, ops.submit, { rectificationId: id, feedback: 'ok now', imageIds: [] });
      await ok(t.app, chain.people.admin.session, ops.review, { rectificationId: id, decision: 'approve' });
      expect((await latestNotice(t.app, chain.people.store.session)).latest?.title).toBe(translateMessage(lang, 'rectification.approvedTitle', params));
      const other = await createItem(t.app, chain.people.admin.session, {
        ...basic(),
        itemName: `Door clean ${lang}`,
        handlerId: chain.people.assistant.userId,
      });
      await ok(t.app, chain.people.admin.session, ops.refer, { rectificationId: other, handlerId: chain.people.store.userId, reason: 'yours' });
      expect((await latestNotice(t.app, chain.people.store.session)).latest?.title).toBe(translateMessage(lang, 'rectification.referredTitle', params));
      await setLocale(t, chain.people.admin.userId, lang);
      await ok(t.app, chain.people.store.session, ops.submit, { rectificationId: other, feedback: 'fixed', imageIds: [] });
      expect((await latestNotice(t.app, chain.people.admin.session)).latest?.title).toBe(translateMessage(lang, 'rectification.feedbackTitle', params));
    }
    await setLocale(t, chain.people.store.userId, 'en');
    await setLocale(t, chain.people.admin.userId, 'en');
  });
});
