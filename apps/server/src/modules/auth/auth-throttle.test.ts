import { AUTH_THROTTLE, Limits, LOCALES, RoleId, translateMessage } from '@storelens/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { advanceClock, resetClock } from '../../platform/time/clock.ts';

let t: TestApp;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  customerId = (await buildCustomer(t.db, 'Throttle Co')).customerId;
});
afterAll(async () => t.close());
afterEach(async () => {
  resetClock();
  await t.db.deleteFrom('throttle_counters').execute();
});

const login = (account: string, password: string, options: { address?: string; lang?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account, password },
    remoteAddress: options.address ?? '127.0.0.1',
    headers: options.lang ? { 'accept-language': options.lang } : {},
  });

describe('sign-in throttle', () => {
  it('lets no burst of parallel attempts past the captcha, even with the right password inside it', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    const attempts = Array.from({ length: 24 }, (_, index) => (index === 12 ? TEST_PASSWORD : 'Wrong#pass1'));
    const answers = await Promise.all(attempts.map((password) => login(user.loginName, password)));
    const passedWithoutCaptcha = answers.filter((answer) => answer.json().status === 200);
    const checkedPasswords = answers.filter((answer) => answer.json().status === 200 || answer.json().msg === translateMessage('en', 'errors.badCredentials'));
    // The rest were turned away before any password check: captcha required, or the address's limit.
    expect(answers.length - checkedPasswords.length).toBe(attempts.length - Limits.loginFailuresBeforeCaptcha);
    // Only the first three attempts reach the password check: at most three, and the right one only if it was among them.
    expect(checkedPasswords.length).toBe(Limits.loginFailuresBeforeCaptcha);
    expect(passedWithoutCaptcha.length).toBeLessThanOrEqual(1);
    // The right password among the first three signs in and clears the count; otherwise the account now needs the captcha.
    const captcha = (await call(t.app, 'POST', '/api/auth/checkCaptcha', { account: user.loginName })).body.data as { required: boolean };
    if (passedWithoutCaptcha.length === 0) expect(captcha.required).toBe(true);
  });

  it('counts one account under every name it is typed with', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }], { mobile: '13912345678' });
    for (let i = 0; i < Limits.loginFailuresBeforeCaptcha; i += 1) await login(user.loginName, 'Wrong#pass1');
    // Locked by e-mail: the mobile number needs the captcha too.
    const byMobile = await login('13912345678', TEST_PASSWORD);
    expect(byMobile.json().msg).toBe(translateMessage('en', 'errors.captchaRequired'));
    expect((await call(t.app, 'POST', '/api/auth/checkCaptcha', { account: '13912345678' })).body.data).toMatchObject({ required: true });
  });

  it('answers 429 with Retry-After to an address past its failures, in every language, until the window passes', async () => {
    for (let i = 0; i < AUTH_THROTTLE.addressFailures; i += 1) {
      expect((await login(`nobody${i}@example.com`, 'Wrong#pass1', { address: '203.0.113.9' })).statusCode).toBe(422);
    }
    for (const lang of LOCALES) {
      const refused = await login('nobody-else@example.com', 'Wrong#pass1', { address: '203.0.113.9', lang });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ status: 429, msg: translateMessage(lang, 'errors.tooManyRequests') });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(AUTH_THROTTLE.addressWindowMinutes * 60);
    }
    // Another address is not concerned; the same one may try again once the window has passed.
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    expect((await login(user.loginName, TEST_PASSWORD, { address: '198.51.100.4' })).json().status).toBe(200);
    advanceClock(AUTH_THROTTLE.addressWindowMinutes * 60_000 + 1000);
    expect((await login(user.loginName, TEST_PASSWORD, { address: '203.0.113.9' })).json().status).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    for (let i = 0; i < AUTH_THROTTLE.addressFailures + 5; i += 1) expect((await login(user.loginName, TEST_PASSWORD)).json().status).toBe(200);
  });

  it('refuses an account disabled in every customer, with its message, and gives no token', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    await t.db.updateTable('memberships').set({ enabled: 0 }).where('user_id', '=', user.userId).execute();
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/auth/login', { account: user.loginName, password: TEST_PASSWORD }, { lang }),
      'errors.noEnabledMembership',
    );
  });
});

describe('recovery throttle', () => {
  it('answers 429 to an address asking too often, whatever it asks', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    for (let i = 0; i < AUTH_THROTTLE.recoveryRequestsPerAddress; i += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/isUserExist',
        payload: { account: `someone${i}@example.com` },
        remoteAddress: '203.0.113.20',
      });
      expect(answer.statusCode).not.toBe(429);
    }
    for (const url of ['/api/auth/isUserExist', '/api/auth/sendEmailCode', '/api/auth/checkCode']) {
      const body = url.endsWith('sendEmailCode') ? { email: user.loginName } : { account: user.loginName, code: '123456' };
      const answer = await t.app.inject({ method: 'POST', url, payload: body, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '1.1.1.1' } });
      // Without TRUST_PROXY a forwarded address is not believed: these count under the socket's address, not 1.1.1.1.
      expect(answer.statusCode).not.toBe(429);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/auth/isUserExist', payload: { account: user.loginName }, remoteAddress: '203.0.113.20' });
    expect(limited.statusCode).toBe(429);
  });

  it('sends at most a few codes to one target in an hour, from any address', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    for (let i = 0; i < AUTH_THROTTLE.codesPerTarget; i += 1) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sendEmailCode',
        payload: { email: user.loginName },
        remoteAddress: `198.51.100.${i + 10}`,
      });
      expect(sent.json().status).toBe(200);
      advanceClock(61_000);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/sendEmailCode', payload: { email: user.loginName }, remoteAddress: '198.51.100.99' });
    expect(refused.statusCode).toBe(429);
    advanceClock(AUTH_THROTTLE.codesPerTargetWindowMinutes * 60_000);
    const later = await t.app.inject({ method: 'POST', url: '/api/auth/sendEmailCode', payload: { email: user.loginName }, remoteAddress: '198.51.100.99' });
    expect(later.json().status).toBe(200);
  });
});
