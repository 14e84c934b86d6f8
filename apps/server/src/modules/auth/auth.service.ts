import crypto from 'node:crypto';
import {
  AUTH_THROTTLE,
  isEmailOrPhone,
  Limits,
  type Locale,
  type LoginRequest,
  type LoginResponse,
  RECOVERY_LIMITS,
  type ResetPasswordRequest,
  VERIFICATION_CODE_LENGTH,
} from '@storelens/contracts';
import svgCaptcha from 'svg-captcha';
import type { AppConfig } from '../../config.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { SessionsRepo } from '../../platform/auth/sessions.repo.ts';
import type { Throttle, ThrottleRule } from '../../platform/auth/throttle.ts';
import { refused } from '../../platform/http/errors.ts';
import { newId, sha256 } from '../../platform/ids.ts';
import type { MessageDelivery } from '../../platform/mail/delivery.ts';
import { isoIn, now, nowIso } from '../../platform/time/clock.ts';
import type { AuthRepo, UserRow } from './auth.repo.ts';

// A hash to verify against when the account does not exist, so both paths cost the same time.
const DUMMY_HASH_PROMISE = hashPassword('not-a-real-password-1!');

export function displayName(user: Pick<UserRow, 'surname' | 'given_name'>): string {
  return `${user.surname} ${user.given_name}`.trim();
}

const MINUTE_MS = 60_000;
/** Failed sign-ins of one account, whatever name was typed; past the captcha threshold a captcha is required. */
const ACCOUNT_FAILURES: ThrottleRule = {
  name: 'signin-account',
  max: Limits.loginFailuresBeforeCaptcha,
  windowMs: AUTH_THROTTLE.accountFailureWindowMinutes * MINUTE_MS,
};
const ADDRESS_FAILURES: ThrottleRule = { name: 'signin-address', max: AUTH_THROTTLE.addressFailures, windowMs: AUTH_THROTTLE.addressWindowMinutes * MINUTE_MS };
const RECOVERY_ADDRESS: ThrottleRule = {
  name: 'recovery-address',
  max: AUTH_THROTTLE.recoveryRequestsPerAddress,
  windowMs: AUTH_THROTTLE.recoveryAddressWindowMinutes * MINUTE_MS,
};
const RECOVERY_TARGET: ThrottleRule = {
  name: 'recovery-target',
  max: AUTH_THROTTLE.codesPerTarget,
  windowMs: AUTH_THROTTLE.codesPerTargetWindowMinutes * MINUTE_MS,
};

export function createAuthService(deps: { repo: AuthRepo; sessions: SessionsRepo; delivery: MessageDelivery; config: AppConfig; throttle: Throttle }) {
  const { repo, sessions, delivery, config, throttle } = deps;

  /** The account a typed name means (login name, else mobile number) and the key its failures count under. */
  async function accountOf(typed: string): Promise<{ user: UserRow | undefined; key: string }> {
    const user = (await repo.findUserByLoginName(typed)) ?? (isEmailOrPhone(typed) === 'mobile' ? await repo.findUserByMobile(typed) : undefined);
    return { user, key: user ? `user:${user.id}` : `name:${typed}` };
  }

  async function findUserForRecovery(account: string): Promise<{ user: UserRow; channel: 'mobile' | 'email'; target: string }> {
    const type = isEmailOrPhone(account);
    if (!type) throw refused('validation.invalidEmailOrPhone');
    const target = type === 'email' ? account.trim().toLowerCase() : account.trim();
    const user = type === 'mobile' ? await repo.findUserByMobile(target) : await repo.findUserByEmail(target);
    if (user?.enabled !== 1) throw refused(type === 'mobile' ? 'errors.phoneNotExist' : 'errors.emailNotExist');
    return { user, channel: type, target };
  }

  function codeHash(codeId: string, code: string): string {
    return sha256(`${codeId}:${code.trim()}`);
  }

  /** The newest code for the target, checked for expiry and attempts; wrong codes count. */
  async function checkCodeFor(target: string, code: string) {
    const row = await repo.latestCode(target);
    if (!row || row.used) throw refused('errors.codeIncorrect');
    if (row.expires_at <= nowIso()) throw refused('errors.codeExpired');
    if (row.attempts >= RECOVERY_LIMITS.maxAttempts) throw refused('errors.codeAttempts');
    const expected = Buffer.from(row.code_hash);
    const actual = Buffer.from(codeHash(row.id, code));
    if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
      await repo.countAttempt(row.id);
      throw refused('errors.codeIncorrect');
    }
    return row;
  }

  return {
    async captchaStatus(account: string): Promise<{ required: boolean; captchaId?: string; image?: string }> {
      const { key } = await accountOf(account.trim().toLowerCase());
      if ((await throttle.current(ACCOUNT_FAILURES, key)) < Limits.loginFailuresBeforeCaptcha) return { required: false };
      const captcha = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f4f6fb' });
      const captchaId = newId();
      await repo.createCaptcha(captchaId, captcha.text.toLowerCase(), isoIn(5 * 60_000));
      return { required: true, captchaId, image: captcha.data };
    },

    /**
     * Every attempt is counted before the (slow) password check, by one atomic increment per
     * account and per address: parallel attempts see counts 1..N, so a burst cannot all pass the
     * captcha threshold, and the e-mail and the mobile number of one person share one count.
     */
    async login(request: LoginRequest, address: string): Promise<LoginResponse> {
      await throttle.enforce(ADDRESS_FAILURES, address);
      const account = request.account.trim().toLowerCase();
      const { user, key } = await accountOf(account);
      const { count } = await throttle.hit(ACCOUNT_FAILURES, key);
      if (count > Limits.loginFailuresBeforeCaptcha) {
        if (!request.captchaId || !request.captchaText) throw refused('errors.captchaRequired', {}, { captchaRequired: true });
        const captcha = await repo.consumeCaptcha(request.captchaId);
        if (!captcha || captcha.expires_at <= nowIso() || captcha.answer !== request.captchaText.trim().toLowerCase()) {
          throw refused('errors.captchaIncorrect', {}, { captchaRequired: true });
        }
      }
      const passwordOk = user
        ? await verifyPassword(user.password_hash, request.password)
        : await verifyPassword(await DUMMY_HASH_PROMISE, request.password).then(() => false);
      if (!user || !passwordOk) throw refused('errors.badCredentials', {}, { captchaRequired: count >= Limits.loginFailuresBeforeCaptcha });
      // The right password: this attempt was no failure.
      await throttle.clear(ACCOUNT_FAILURES, key);
      await throttle.release(ADDRESS_FAILURES, address);
      if (user.enabled !== 1) throw refused('errors.accountDisabled');
      const cids = await repo.customersOf(user.id);
      // Disabled in every customer: no token that opens nothing.
      if (cids.length === 0) throw refused('errors.noEnabledMembership');
      const { token } = await sessions.create(user.id, config.sessionTtlHours);
      return { uid: user.id, cids, token, username: displayName(user) };
    },

    async logout(sessionId: string | null): Promise<null> {
      if (sessionId) await sessions.revoke(sessionId);
      return null;
    },

    async isUserExist(account: string, address: string): Promise<{ exists: boolean; type: 'mobile' | 'email' }> {
      await throttle.enforce(RECOVERY_ADDRESS, address);
      const { channel } = await findUserForRecovery(account);
      return { exists: true, type: channel };
    },

    async sendCode(account: string, expected: 'mobile' | 'email', locale: Locale, address: string) {
      await throttle.enforce(RECOVERY_ADDRESS, address);
      if (isEmailOrPhone(account) !== expected) throw refused(expected === 'mobile' ? 'validation.phone' : 'validation.email');
      const { user, channel, target } = await findUserForRecovery(account);
      const previous = await repo.latestCode(target);
      if (previous) {
        const waited = (now().getTime() - Date.parse(previous.sent_at)) / 1000;
        if (waited < RECOVERY_LIMITS.resendSeconds) throw refused('errors.codeWait', { seconds: Math.ceil(RECOVERY_LIMITS.resendSeconds - waited) });
      }
      await throttle.enforce(RECOVERY_TARGET, target);
      const code = crypto
        .randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
        .toString()
        .padStart(VERIFICATION_CODE_LENGTH, '0');
      const id = newId();
      await repo.createCode({
        id,
        user_id: user.id,
        channel,
        target,
        code_hash: codeHash(id, code),
        sent_at: nowIso(),
        expires_at: isoIn(RECOVERY_LIMITS.ttlMinutes * 60_000),
      });
      const text = recoveryText(locale, code);
      await delivery.send({ channel: channel === 'mobile' ? 'sms' : 'email', recipient: target, subject: text.subject, body: text.body });
      return { resendAfterSeconds: RECOVERY_LIMITS.resendSeconds, expiresInMinutes: RECOVERY_LIMITS.ttlMinutes };
    },

    async checkCode(account: string, code: string, address: string): Promise<{ valid: true }> {
      await throttle.enforce(RECOVERY_ADDRESS, address);
      const { target } = await findUserForRecovery(account);
      const row = await checkCodeFor(target, code);
      await repo.markVerified(row.id);
      return { valid: true };
    },

    async resetPassword(request: ResetPasswordRequest, address: string): Promise<null> {
      await throttle.enforce(RECOVERY_ADDRESS, address);
      const { user, target } = await findUserForRecovery(request.account);
      const row = await checkCodeFor(target, request.code);
      await repo.resetPassword(user.id, await hashPassword(request.password), row.id);
      await throttle.clear(ACCOUNT_FAILURES, `user:${user.id}`);
      return null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

const RECOVERY_TEXT: Record<Locale, { subject: string; body: string }> = {
  en: { subject: 'Your Storelens verification code', body: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes.' },
  zh: { subject: 'Storelens 验证码', body: '您的验证码是 {{code}}，{{minutes}}分钟内有效。' },
  kr: { subject: 'Storelens 인증 코드', body: '인증 코드는 {{code}}입니다. {{minutes}}분간 유효합니다.' },
  jp: { subject: 'Storelens 認証コード', body: '認証コードは {{code}} です。{{minutes}}分間有効です。' },
};

function recoveryText(locale: Locale, code: string) {
  const text = RECOVERY_TEXT[locale];
  const fill = (s: string) => s.replace('{{code}}', code).replace('{{minutes}}', String(RECOVERY_LIMITS.ttlMinutes));
  return { subject: text.subject, body: fill(text.body) };
}
