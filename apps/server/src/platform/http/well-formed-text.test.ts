import { RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCustomer, buildShop, countRows, type Session, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let customer: { customerId: string; rootOrgId: string };
let shopId: string;
let admin: Session;
const post = (url: string, body: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...admin, ...(lang ? { lang } : {}) });

// '\ud800' is half of a surrogate pair: JSON.stringify sends it as the escape \ud800, as a broken client would.
const LONE = 'Shop \ud800';

beforeAll(async () => {
  t = await createTestApp();
  customer = await buildCustomer(t.db);
  shopId = await buildShop(t.db, customer.customerId, customer.rootOrgId, { name: 'Well formed' });
  admin = await signInWithRole(t.app, t.db, customer.customerId, RoleId.superManager);
});
afterAll(() => t.close());

it('refuses malformed Unicode in a stored name with its message, in every language, writing nothing', async () => {
  const orgs = await countRows(t.db, 'orgs');
  await expectMessageInAllLanguages(
    (lang) => post('/api/org/add', { parentId: customer.rootOrgId, name: LONE }, lang),
    'validation.malformedText',
    undefined,
    400,
  );
  await expectMessageInAllLanguages((lang) => post('/api/shop/update', { shopId, labels: ['ok', '\udc00'] }, lang), 'validation.malformedText', undefined, 400);
  expect(await countRows(t.db, 'orgs')).toBe(orgs);
  const shop = await post('/api/shop/detail', { shopId });
  expect(shop.body.data).toMatchObject({ name: 'Well formed', labels: [] });
});

it('refuses it in any field of any operation, a key included, even where the field is not text of ours', async () => {
  await expectMessageInAllLanguages(
    (lang) => post('/api/shop/getShopListByParentOrg', { orgId: customer.rootOrgId, page: 1, pageSize: 10, keyword: '\ud83d' }, lang),
    'validation.malformedText',
    undefined,
    400,
  );
  expect((await post('/api/org/add', { parentId: customer.rootOrgId, name: 'Fine', '\udfff': 1 })).body.status).toBe(400);
});

it('accepts any well-formed text, pairs of surrogates (emoji) and CJK included', async () => {
  const added = await post('/api/org/add', { parentId: customer.rootOrgId, name: '上海 🏬 서울' });
  expect(added.body.status).toBe(200);
});

it('tells an unauthorised caller nothing about the body: the guard answers first', async () => {
  const response = await call(t.app, 'POST', '/api/org/add', { parentId: customer.rootOrgId, name: LONE });
  expect(response.body.status).toBe(401);
});
