import type {
  checkCaptchaResponseSchema,
  checkCodeResponseSchema,
  isUserExistResponseSchema,
  LoginRequest,
  LoginResponse,
  ResetPasswordRequest,
  sendCodeResponseSchema,
} from '@storelens/contracts';
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';

/** Auth operations (spec section 7, "Auth"). */

export type CaptchaChallenge = z.infer<typeof checkCaptchaResponseSchema>;
export type SendCodeResult = z.infer<typeof sendCodeResponseSchema>;
export type AccountLookup = z.infer<typeof isUserExistResponseSchema>;

/** Whether the next sign-in of `account` needs the characters of a captcha image. */
export function checkCaptcha(account: string): Promise<CaptchaChallenge> {
  return http.post<CaptchaChallenge>('/auth/checkCaptcha', { account }, { silent: true });
}

export function login(request: LoginRequest): Promise<LoginResponse> {
  return http.post<LoginResponse>('/auth/login', request);
}

export function isUserExist(account: string): Promise<AccountLookup> {
  return http.post<AccountLookup>('/auth/isUserExist', { account });
}

export function sendEmailCode(email: string): Promise<SendCodeResult> {
  return http.post<SendCodeResult>('/auth/sendEmailCode', { email });
}

export function sendMobileCode(mobile: string): Promise<SendCodeResult> {
  return http.post<SendCodeResult>('/auth/sendMobileCode', { mobile });
}

export function checkCode(account: string, code: string): Promise<z.infer<typeof checkCodeResponseSchema>> {
  return http.post('/auth/checkCode', { account, code });
}

export function resetPassword(request: ResetPasswordRequest): Promise<null> {
  return http.post<null>('/auth/changePwd', request);
}

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

/** Development only: the server answers 404 in production, so the caller stays silent. */
export function listOutbox(): Promise<OutboxMessage[]> {
  return http.get<OutboxMessage[]>('/dev/outbox', undefined, { silent: true });
}
