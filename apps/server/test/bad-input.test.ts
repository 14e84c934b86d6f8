import { RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildUser, signIn } from './factories.ts';
import { call, createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let session: { token: string; cid: string };

beforeAll(async () => {
  t = await createTestApp();
  const { customerId } = await buildCustomer(t.db, 'Bad Input Co');
  const user = await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }]);
  session = await signIn(t.app, user.loginName, customerId);
});
afterAll(async () => t.close());

/** Every POST operation of the foundation; the sweep sends each of them garbage. */
function postOperations(): string[] {
  const urls = new Set<string>();
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/(\/api\/\S+) \(([^)]*)\)/);
    if (match?.[1] && match[2]?.includes('POST') && !match[1].startsWith('/api/test')) urls.add(match[1]);
  }
  return [...urls];
}

describe('malformed requests', () => {
  it('finds the operations to sweep', () => {
    expect(postOperations()).toEqual(expect.arrayContaining(['/api/auth/login', '/api/current/selectcus', '/api/current/shoptree']));
  });

  it('answer a 4xx envelope with a message, never a 5xx, and write nothing', async () => {
    const before = await t.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bodies: unknown[] = [
      '{"broken": ',
      '[1,2,3]',
      '"just a string"',
      JSON.stringify({ account: { nested: true }, password: 42, cid: [], years: 'x', variant: 'nope', surname: 7 }),
    ];
    for (const url of postOperations()) {
      for (const body of bodies) {
        const response = await call(t.app, 'POST', url, body, session);
        expect(response.http, `${url} ${String(body)}`).toBeLessThan(500);
        if (response.http >= 400) {
          expect(response.body.msg.length, url).toBeGreaterThan(0);
          expect([400, 401, 403, 404, 409, 422]).toContain(response.body.status);
        }
      }
    }
    const after = await t.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses unknown customer codes and oversized strings with clear messages', async () => {
    const unknown = await call(t.app, 'POST', '/api/current/selectcus', { cid: 'x'.repeat(65) }, session);
    expect(unknown.body.status).toBe(400);
    const missing = await call(t.app, 'POST', '/api/current/selectcus', { cid: 'does-not-exist' }, session);
    expect(missing.body.msg).toBe('Unknown customer or no access');
    const longName = await call(t.app, 'POST', '/api/current/updateSelfInfo', { surname: 'a'.repeat(100), givenName: 'b' }, session);
    expect(longName.body.msg).toBe('Maximum 14 chars');
  });
});
