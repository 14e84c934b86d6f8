import { RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildUser, type Session, signIn, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { createMessagesService } from './messages.service.ts';

interface MessagePage {
  total: number;
  unread: number;
  list: { id: string; kind: number; title: string; read: boolean; readAt: string | null }[];
}

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let me: Session;
let meId: string;
let colleague: Session;
let colleagueId: string;
let outsider: Session;

const post = (session: Session, url: string, body?: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
const page = async (session: Session, body: Record<string, unknown>) => (await post(session, '/api/message/list', body)).body.data as MessagePage;

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'Message Co');
  other = await buildCustomer(t.db, 'Other Message Co');
  const mine = await buildUser(t.db, [
    { customerId: demo.customerId, roleId: RoleId.storeManage },
    { customerId: other.customerId, roleId: RoleId.storeManage },
  ]);
  meId = mine.userId;
  me = await signIn(t.app, mine.loginName, demo.customerId);
  const theirs = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager }]);
  colleagueId = theirs.userId;
  colleague = await signIn(t.app, theirs.loginName, demo.customerId);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);

  const messages = createMessagesService({ db: t.db });
  const base = { body: 'text', source: null, refId: null };
  const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
  for (let index = 0; index < 5; index += 1) await messages.post(demo.customerId, [{ ...base, userId: meId, kind: 1, title: `Alarm ${index}` }], at(index));
  await messages.post(demo.customerId, [{ ...base, userId: meId, kind: 2, title: 'Plan 1' }], at(10));
  await messages.post(demo.customerId, [{ ...base, userId: meId, kind: 3, title: 'Fix 1' }], at(11));
  await messages.post(demo.customerId, [{ ...base, userId: colleagueId, kind: 1, title: 'Colleague alarm' }], at(12));
  // The same person's message in another customer stays there.
  await messages.post(other.customerId, [{ ...base, userId: meId, kind: 1, title: 'Other customer alarm' }], at(13));
});
afterAll(async () => t.close());

describe('message center', () => {
  it("lists the caller's messages of a kind, newest first, paged, with the unread count", async () => {
    const first = await page(me, { kind: 1, page: 1, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, unread: 5 });
    expect(first.list.map((message) => message.title)).toEqual(['Alarm 4', 'Alarm 3']);
    const third = await page(me, { kind: 1, page: 3, pageSize: 2 });
    expect(third.list.map((message) => message.title)).toEqual(['Alarm 0']);
    expect((await page(me, { kind: 2 })).list.map((message) => message.title)).toEqual(['Plan 1']);
    expect((await page(me, { kind: 3 })).list.map((message) => message.title)).toEqual(['Fix 1']);
    expect((await page(colleague, { kind: 1 })).list.map((message) => message.title)).toEqual(['Colleague alarm']);
  });

  it('marks one message read; the read filter and the bell follow', async () => {
    const [newest] = (await page(me, { kind: 1, pageSize: 1 })).list;
    expect((await post(me, '/api/message/read', { id: newest?.id })).body.status).toBe(200);
    const read = await page(me, { kind: 1, read: true });
    expect(read.list.map((message) => message.id)).toEqual([newest?.id]);
    expect(read.list[0]?.readAt).toMatch(/^\d{4}-/);
    expect((await page(me, { kind: 1, read: false })).total).toBe(4);
    expect((await post(me, '/api/current/noticeCount')).body.data).toEqual({ alert: 4, plan: 1, rectification: 1 });
    // Reading it again changes nothing.
    expect((await post(me, '/api/message/read', { id: newest?.id })).body.status).toBe(200);
    expect((await page(me, { kind: 1, read: true })).list[0]?.readAt).toBe(read.list[0]?.readAt);
  });

  it("answers someone else's message with not found, in every language", async () => {
    const [theirs] = (await page(colleague, { kind: 1 })).list;
    await expectMessageInAllLanguages((lang) => post(me, '/api/message/read', { id: theirs?.id }, lang), 'errors.notFound', undefined, 404);
    expect((await post(outsider, '/api/message/read', { id: theirs?.id })).body.status).toBe(404);
    expect((await page(colleague, { kind: 1, read: false })).total).toBe(1);
  });

  it('marks all of a kind read, then everything', async () => {
    expect((await post(me, '/api/message/readAll', { kind: 1 })).body.data).toEqual({ updated: 4 });
    expect((await post(me, '/api/current/noticeCount')).body.data).toEqual({ alert: 0, plan: 1, rectification: 1 });
    expect((await post(me, '/api/message/readAll')).body.data).toEqual({ updated: 2 });
    expect((await post(me, '/api/current/noticeCount')).body.data).toEqual({ alert: 0, plan: 0, rectification: 0 });
    expect((await page(colleague, { kind: 1, read: false })).total).toBe(1);
  });

  it('keeps customers apart: the same person sees only the selected customer', async () => {
    const inOther = await signIn(
      t.app,
      (await t.db.selectFrom('users').select('login_name').where('id', '=', meId).executeTakeFirstOrThrow()).login_name,
      other.customerId,
    );
    expect((await page(inOther, { kind: 1 })).list.map((message) => message.title)).toEqual(['Other customer alarm']);
    expect((await page(outsider, { kind: 1 })).total).toBe(0);
  });

  it('needs the message permission and a valid kind', async () => {
    const roleId = await buildRoleWithout(t.db, demo.customerId, ['message_nav']);
    const session = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId }])).loginName, demo.customerId);
    for (const url of ['/api/message/list', '/api/message/read', '/api/message/readAll']) {
      expect((await post(session, url, { kind: 1, id: 'x' })).body.status, url).toBe(403);
    }
    expect((await post(me, '/api/message/list', { kind: 4 })).body.status).toBe(400);
  });
});
