import { type BoardEmbed, boardsOperations as ops, RoleId } from '@storelens/contracts';
import { decodeJwt, errors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, type Session, signIn, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { advanceClock, now, resetClock } from '../../platform/time/clock.ts';

/**
 * Embedded data boards (issue 17 section 3): our operators set each board per customer; a viewer's
 * page gets the address signed for them now (HS256 via jose) in the form of our own boards, Metabase
 * or Superset; the token expires (the clock moved); the /dataBoard pages frame exactly the
 * configured origins.
 */
const SECRET = 'a-long-enough-signing-secret-for-tests-0123456789';
let t: TestApp;
let customerId: string;
let shopA: string;
let operator: Session;
let storeA: Session;
let admin: Session;

async function ok<T>(promise: Promise<{ body: { status: number; msg: string; data: unknown } }>): Promise<T> {
  const { body } = await promise;
  expect(body.status, body.msg).toBe(200);
  return body.data as T;
}

beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  shopA = await buildShop(t.db, customerId, customer.rootOrgId);
  await buildShop(t.db, customerId, customer.rootOrgId);
  operator = await signInWithRole(t.app, t.db, customerId, RoleId.innerOperation);
  admin = await signInWithRole(t.app, t.db, customerId, RoleId.superManager);
  storeA = await signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: RoleId.storeManage, shopIds: [shopA] }])).loginName, customerId);
}, 60_000);
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('board settings', () => {
  it('are our operators’: others are refused; an unset board says it has no address', async () => {
    expect((await invoke(t.app, ops.boardSave, { board: 'businessTool', address: 'https://boards.example' }, admin)).http).toBe(403);
    expect((await invoke(t.app, ops.boardSettings, undefined, admin)).http).toBe(403);
    const embed = await ok<BoardEmbed>(invoke(t.app, ops.boardEmbed, { board: 'shopBoard' }, storeA));
    expect(embed).toMatchObject({ configured: false, url: null });
  });

  it('check what a signed board needs, in every language', async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.boardSave, { board: 'manageBoard', address: 'ftp://x.example' }, { ...operator, lang }),
      'boards.address',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.boardSave, { board: 'manageBoard', address: 'https://x.example', signing: 'storelens' }, { ...operator, lang }),
      'boards.secretRequired',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.boardSave, { board: 'manageBoard', address: '', signing: 'storelens', secret: SECRET }, { ...operator, lang }),
      'boards.addressRequired',
    );
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(t.app, ops.boardSave, { board: 'manageBoard', address: 'https://x.example', signing: 'metabase', secret: SECRET }, { ...operator, lang }),
      'boards.resourceRequired',
    );
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(t.app, ops.boardSave, { board: 'manageBoard', address: 'https://x.example', signing: 'storelens', secret: 'short' }, { ...operator, lang }),
      'boards.secretLength',
      { min: 32 },
    );
  });
});

describe('signed addresses', () => {
  it('carry the customer, the viewer’s stores and language, and expire', async () => {
    const saved = await ok<{ hasSecret: boolean }>(
      invoke(
        t.app,
        ops.boardSave,
        { board: 'businessTool', address: 'http://127.0.0.1:5999/board?theme=light', signing: 'storelens', secret: SECRET },
        operator,
      ),
    );
    expect(saved).toMatchObject({ hasSecret: true });
    expect(JSON.stringify(await ok(invoke(t.app, ops.boardSettings, undefined, operator)))).not.toContain(SECRET);
    const embed = await ok<BoardEmbed>(invoke(t.app, ops.boardEmbed, { board: 'businessTool' }, { ...storeA, lang: 'kr' }));
    const url = new URL(embed.url ?? '');
    expect(url.origin).toBe('http://127.0.0.1:5999');
    expect(url.searchParams.get('theme')).toBe('light');
    const token = url.searchParams.get('token') ?? '';
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      currentDate: now(),
      audience: 'storelens-board:businessTool',
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ iss: 'storelens', customer: customerId, stores: [shopA], language: 'kr' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
    // Ten minutes and a second later the same token is refused.
    advanceClock(601_000);
    await expect(jwtVerify(token, new TextEncoder().encode(SECRET), { currentDate: now() })).rejects.toBeInstanceOf(errors.JWTExpired);
    resetClock();
    // Another customer's viewer sees their own (unset) board.
    const other = await buildCustomer(t.db);
    const otherAdmin = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
    expect(await ok<BoardEmbed>(invoke(t.app, ops.boardEmbed, { board: 'businessTool' }, otherAdmin))).toMatchObject({ configured: false });
  });

  it('in the forms Metabase and Superset accept', async () => {
    await ok(
      invoke(
        t.app,
        ops.boardSave,
        { board: 'marketBrain', address: 'https://metabase.example/', signing: 'metabase', resourceId: '12', secret: SECRET },
        operator,
      ),
    );
    const metabase = await ok<BoardEmbed>(invoke(t.app, ops.boardEmbed, { board: 'marketBrain' }, admin));
    expect(metabase.url).toMatch(/^https:\/\/metabase\.example\/embed\/dashboard\/[\w-]+\.[\w-]+\.[\w-]+#bordered=true&titled=true$/);
    const metabaseToken = (metabase.url ?? '').split('/embed/dashboard/')[1]?.split('#')[0] ?? '';
    await jwtVerify(metabaseToken, new TextEncoder().encode(SECRET), { currentDate: now() });
    expect(decodeJwt(metabaseToken)).toMatchObject({ resource: { dashboard: 12 }, params: { customer_id: customerId, language: 'en' } });
    expect((decodeJwt(metabaseToken).params as { store_ids: string[] }).store_ids).toHaveLength(2);

    await ok(
      invoke(
        t.app,
        ops.boardSave,
        { board: 'spaceRow', address: 'https://superset.example', signing: 'superset', resourceId: 'c0ffee00-1234', audience: 'superset-prod', secret: SECRET },
        operator,
      ),
    );
    const superset = await ok<BoardEmbed>(invoke(t.app, ops.boardEmbed, { board: 'spaceRow' }, storeA));
    expect(superset.url).toBe('https://superset.example/embedded/c0ffee00-1234');
    const guest = await jwtVerify(superset.guestToken ?? '', new TextEncoder().encode(SECRET), { currentDate: now(), audience: 'superset-prod' });
    expect(guest.payload).toMatchObject({
      type: 'guest',
      resources: [{ type: 'dashboard', id: 'c0ffee00-1234' }],
      rls_rules: [{ clause: `customer_id = '${customerId}' AND store_id IN ('${shopA}')` }],
    });
  });

  it('the /dataBoard pages frame exactly the configured origins, other pages none', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dataBoard/businessTool' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-src http://127.0.0.1:5999 https://metabase.example https://superset.example');
    const other = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(String(other.headers['content-security-policy'])).not.toContain('frame-src');
    const api = await call(t.app, 'POST', ops.boardEmbed.path, { board: 'businessTool' }, storeA);
    expect(String(api.raw.headers['content-security-policy'])).not.toContain('frame-src');
  });
});
