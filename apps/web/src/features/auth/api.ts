import type {
  checkCaptchaResponseSchema,
  checkCodeResponseSchema,
  isUserExistResponseSchema,
  LoginRequest,
  LoginResponse,
  ResetPasswordRequest,
  sendCodeResponseSchema,
} from '@storelens/contracts';
import { authOperations, devOperations, type OperationOutput } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation } from '../../shared/lib/operations.ts';

/** Auth operations (spec section 7, "Auth"). */

export type CaptchaChallenge = z.infer<typeof checkCaptchaResponseSchema>;
export type SendCodeResult = z.infer<typeof sendCodeResponseSchema>;
export type AccountLookup = z.infer<typeof isUserExistResponseSchema>;

/** Whether the next sign-in of `account` needs the characters of a captcha image. */
export function checkCaptcha(account: string): Promise<CaptchaChallenge> {
  return callOperation(authOperations.checkCaptcha, { account }, { silent: true });
}

export function login(request: LoginRequest): Promise<LoginResponse> {
  return callOperation(authOperations.login, request);
}

export function isUserExist(account: string): Promise<AccountLookup> {
  return callOperation(authOperations.isUserExist, { account });
}

export function sendEmailCode(email: string): Promise<SendCodeResult> {
  return callOperation(authOperations.sendEmailCode, { email });
}

export function sendMobileCode(mobile: string): Promise<SendCodeResult> {
  return callOperation(authOperations.sendMobileCode, { mobile });
}

export function checkCode(account: string, code: string): Promise<z.infer<typeof checkCodeResponseSchema>> {
  return callOperation(authOperations.checkCode, { account, code });
}

export function resetPassword(request: ResetPasswordRequest): Promise<null> {
  return callOperation(authOperations.changePwd, request);
}

export type OutboxMessage = OperationOutput<typeof devOperations.outbox>[number];

/** Development only: the server has no such route outside development mode (404), so the caller stays silent. */
export function listOutbox(): Promise<OutboxMessage[]> {
  return callOperation(devOperations.outbox, {}, { silent: true });
}
