import { type MessageKey, type MessageParams, PASSWORD_SPECIALS, RoleId } from '@storelens/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildUser, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { advanceClock, resetClock } from '../../platform/time/clock.ts';

let t: TestApp;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  customerId = (await buildCustomer(t.db, 'Auth Co')).customerId;
});
afterAll(async () => t.close());
// Every request of this file comes from one address: each test starts with the address's counts at zero.
afterEach(async () => {
  await t.db.deleteFrom('throttle_counters').execute();
});

async function latestCodeFor(recipient: string): Promise<string> {
  const outbox = await call(t.app, 'GET', `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const body = (outbox.body.data as { body: string }[])[0]?.body ?? '';
  const code = body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code in outbox for ${recipient}`);
  return code;
}

describe('sign in', () => {
  it('returns uid, customers, token and username for the right password', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    const response = await call(t.app, 'POST', '/api/auth/login', { account: user.loginName.toUpperCase(), password: TEST_PASSWORD });
    expect(response.http).toBe(200);
    expect(response.body.status).toBe(200);
    const data = response.body.data as { uid: string; cids: { cid: string; cname: string }[]; token: string; username: string };
    expect(data.uid).toBe(user.userId);
    expect(data.cids).toEqual([{ cid: customerId, cname: 'Auth Co' }]);
    expect(data.token.length).toBeGreaterThan(30);
    expect(data.username).toBe('Test User');
  });

  it('refuses a wrong password with a localized message and writes nothing', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    // A fresh account name per language: a fourth failure on one account would ask for a captcha instead.
    await expectMessageInAllLanguages(
      (lang) =>
        call(t.app, 'POST', '/api/auth/login', { account: lang === 'en' ? user.loginName : `nobody-${lang}@example.test`, password: 'Wrong#pass1' }, { lang }),
      'errors.badCredentials',
      undefined,
      422,
    );
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.userId).execute();
    expect(sessions).toHaveLength(0);
  });

  it('asks for an image captcha after three failures and accepts the right one', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    for (let i = 0; i < 3; i += 1) await call(t.app, 'POST', '/api/auth/login', { account: user.loginName, password: 'Wrong#pass1' });
    const withoutCaptcha = await call(t.app, 'POST', '/api/auth/login', { account: user.loginName, password: TEST_PASSWORD });
    expect(withoutCaptcha.body.msg).toBe('Too many failed sign-ins. Please enter the characters in the image');
    expect(withoutCaptcha.body.data).toEqual({ captchaRequired: true });

    const captcha = await call(t.app, 'POST', '/api/auth/checkCaptcha', { account: user.loginName });
    const { captchaId, image } = captcha.body.data as { captchaId: string; image: string };
    expect(image).toContain('<svg');
    const wrong = await call(t.app, 'POST', '/api/auth/login', { account: user.loginName, password: TEST_PASSWORD, captchaId, captchaText: 'zzzzz' });
    expect(wrong.body.msg).toBe('The characters in the image are incorrect');

    // A captcha is single-use: the wrong attempt burnt it, so ask again and answer correctly.
    const second = await call(t.app, 'POST', '/api/auth/checkCaptcha', { account: user.loginName });
    const secondId = (second.body.data as { captchaId: string }).captchaId;
    const row = await t.db.selectFrom('captchas').select('answer').where('id', '=', secondId).executeTakeFirstOrThrow();
    const right = await call(t.app, 'POST', '/api/auth/login', {
      account: user.loginName,
      password: TEST_PASSWORD,
      captchaId: secondId,
      captchaText: row.answer.toUpperCase(),
    });
    expect(right.body.status).toBe(200);
    const after = await call(t.app, 'POST', '/api/auth/checkCaptcha', { account: user.loginName });
    expect(after.body.data).toEqual({ required: false });
  });

  it("refuses a disabled account, and a disabled user's session stops working at once", async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    const { token, cid } = await signIn(t.app, user.loginName, customerId);
    await t.db.updateTable('users').set({ enabled: 0 }).where('id', '=', user.userId).execute();
    const refused = await call(t.app, 'POST', '/api/auth/login', { account: user.loginName, password: TEST_PASSWORD });
    expect(refused.body.msg).toBe('This account is disabled. Please contact your administrator');
    const withOldToken = await call(t.app, 'POST', '/api/current/permissionMap', undefined, { token, cid });
    expect(withOldToken.http).toBe(401);
    expect(withOldToken.body.msg).toBe('Login again please');
  });

  it('logout revokes the token', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    const { token, cid } = await signIn(t.app, user.loginName, customerId);
    expect((await call(t.app, 'POST', '/api/current/permissionMap', undefined, { token, cid })).http).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/logout', undefined, { token })).body.status).toBe(200);
    const after = await call(t.app, 'POST', '/api/current/permissionMap', undefined, { token, cid });
    expect(after.body.status).toBe(401);
  });

  it('rejects malformed input with 4xx envelopes, never 5xx', async () => {
    const cases: [string, unknown][] = [
      ['{"account": "a", ', '{"account": "a", '],
      ['wrong types', { account: 12, password: ['x'] }],
      ['missing fields', {}],
      ['oversized', { account: 'a'.repeat(300), password: 'x' }],
    ];
    for (const [, body] of cases) {
      const response = await call(t.app, 'POST', '/api/auth/login', body);
      expect(response.http).toBeGreaterThanOrEqual(400);
      expect(response.http).toBeLessThan(500);
      expect(response.body.status).toBe(400);
      expect(response.body.msg.length).toBeGreaterThan(0);
    }
    const huge = await call(t.app, 'POST', '/api/auth/login', JSON.stringify({ account: 'x'.repeat(2_000_000), password: 'y' }));
    expect(huge.http).toBe(413);
    expect(huge.body.msg).toBe('The request is too large');
  });
});

describe('password recovery', () => {
  it('says which account input is wrong, in every language', async () => {
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/auth/isUserExist', { account: 'not-a-phone' }, { lang }),
      'validation.invalidEmailOrPhone',
      undefined,
      422,
    );
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/auth/isUserExist', { account: '13999999999' }, { lang }),
      'errors.phoneNotExist',
      undefined,
      422,
    );
  });

  it('recovers by mobile: code through the outbox, wrong code refused, password reset ends old sessions', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }], { mobile: '13700000001' });
    const { token, cid } = await signIn(t.app, user.loginName, customerId);

    const exists = await call(t.app, 'POST', '/api/auth/isUserExist', { account: '13700000001' });
    expect(exists.body.data).toEqual({ exists: true, type: 'mobile' });
    const sent = await call(t.app, 'POST', '/api/auth/sendMobileCode', { mobile: '13700000001' });
    expect(sent.body.data).toEqual({ resendAfterSeconds: 60, expiresInMinutes: 10 });
    const code = await latestCodeFor('13700000001');

    const wrongCode = code === '000000' ? '111111' : '000000';
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/auth/checkCode', { account: '13700000001', code: wrongCode }, { lang }),
      'errors.codeIncorrect',
      undefined,
      422,
    );
    expect((await call(t.app, 'POST', '/api/auth/checkCode', { account: '13700000001', code })).body.data).toEqual({ valid: true });

    await expectMessageInAllLanguages(
      (lang) =>
        call(t.app, 'POST', '/api/auth/changePwd', { account: '13700000001', code, password: 'New#pass2026', confirmPassword: 'Other#pass2026' }, { lang }),
      'validation.passwordMismatch',
      undefined,
      400,
    );
    const reset = await call(t.app, 'POST', '/api/auth/changePwd', { account: '13700000001', code, password: 'New#pass2026', confirmPassword: 'New#pass2026' });
    expect(reset.body.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/current/permissionMap', undefined, { token, cid })).body.status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { account: user.loginName, password: TEST_PASSWORD })).body.status).toBe(422);
    expect((await call(t.app, 'POST', '/api/auth/login', { account: user.loginName, password: 'New#pass2026' })).body.status).toBe(200);
    // The code is spent.
    const reuse = await call(t.app, 'POST', '/api/auth/changePwd', {
      account: '13700000001',
      code,
      password: 'Again#pass2026',
      confirmPassword: 'Again#pass2026',
    });
    expect(reuse.body.msg).toBe('Code incorrect');
  });

  it('recovers by e-mail, limits resends to one a minute, attempts to five and life to ten minutes', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    expect((await call(t.app, 'POST', '/api/auth/sendEmailCode', { email: user.loginName })).body.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/auth/sendEmailCode', { email: user.loginName });
    expect(again.body.msg).toMatch(/^Please wait \d+ seconds before requesting another code$/);

    const code = await latestCodeFor(user.loginName);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await call(t.app, 'POST', '/api/auth/checkCode', { account: user.loginName, code: wrong });
    expect((await call(t.app, 'POST', '/api/auth/checkCode', { account: user.loginName, code })).body.msg).toBe(
      'Too many wrong codes. Please request a new one',
    );

    advanceClock(61_000);
    expect((await call(t.app, 'POST', '/api/auth/sendEmailCode', { email: user.loginName })).body.status).toBe(200);
    const fresh = await latestCodeFor(user.loginName);
    advanceClock(11 * 60_000);
    expect((await call(t.app, 'POST', '/api/auth/checkCode', { account: user.loginName, code: fresh })).body.msg).toBe(
      'The code has expired. Please request a new one',
    );
    resetClock();
  });

  it('checks the new password with the spec rule and its messages', async () => {
    const cases: [string, MessageKey, MessageParams?][] = [
      ['short1!', 'validation.passwordLength'],
      ['12345678!?', 'validation.passwordRule'],
      ['NoDigitsHere!', 'validation.passwordDigit'],
      ['nospecial123', 'validation.passwordSpecial', { specials: PASSWORD_SPECIALS }],
      ['Spaced out 1!', 'validation.passwordChars', { specials: PASSWORD_SPECIALS }],
    ];
    for (const [password, key, params] of cases) {
      await expectMessageInAllLanguages(
        (lang) => call(t.app, 'POST', '/api/auth/changePwd', { account: '13700000001', code: '123456', password, confirmPassword: password }, { lang }),
        key,
        params,
        400,
      );
    }
  });

  it('keeps the outbox out of production mode', async () => {
    const production = await createTestApp({ mode: 'production' });
    try {
      const response = await call(production.app, 'GET', '/api/dev/outbox');
      expect(response.http).toBe(404);
    } finally {
      await production.close();
    }
  });
});
