import {
  checkCaptchaRequestSchema,
  checkCaptchaResponseSchema,
  checkCodeRequestSchema,
  checkCodeResponseSchema,
  isUserExistResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  recoveryAccountRequestSchema,
  resetPasswordRequestSchema,
  sendCodeResponseSchema,
  sendEmailCodeRequestSchema,
  sendMobileCodeRequestSchema,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineOperation } from '../../platform/http/operation.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['auth'];
const publicGuard = { auth: 'public' } as const;

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  defineOperation(app, {
    method: 'POST',
    url: '/api/auth/checkCaptcha',
    summary: 'Whether the account needs an image captcha to sign in; a new captcha when it does',
    tags,
    guard: publicGuard,
    body: checkCaptchaRequestSchema,
    response: checkCaptchaResponseSchema,
    handler: ({ body }) => auth.captchaStatus(body.account),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/auth/login',
    summary: 'Sign in with account (e-mail login name or mobile) and password',
    tags,
    guard: publicGuard,
    body: loginRequestSchema,
    response: loginResponseSchema,
    handler: ({ body, request }) => auth.login(body, request.ip),
  });
  defineOperation(app, {
    method: 'GET',
    url: '/api/auth/logout',
    summary: 'Sign out: revokes the session token',
    tags,
    guard: publicGuard,
    response: z.null(),
    handler: ({ request }) => auth.logout(request.session?.sessionId ?? null),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/auth/isUserExist',
    summary: 'Password recovery: is there an account with this mobile number or e-mail',
    tags,
    guard: publicGuard,
    body: recoveryAccountRequestSchema,
    response: isUserExistResponseSchema,
    handler: ({ body, request }) => auth.isUserExist(body.account, request.ip),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/auth/sendEmailCode',
    summary: 'Password recovery: e-mail a 6-digit code (10 minutes, one send per 60 s)',
    tags,
    guard: publicGuard,
    body: sendEmailCodeRequestSchema,
    response: sendCodeResponseSchema,
    handler: ({ body, request }) => auth.sendCode(body.email, 'email', request.locale, request.ip),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/auth/sendMobileCode',
    summary: 'Password recovery: text a 6-digit code (10 minutes, one send per 60 s)',
    tags,
    guard: publicGuard,
    body: sendMobileCodeRequestSchema,
    response: sendCodeResponseSchema,
    handler: ({ body, request }) => auth.sendCode(body.mobile, 'mobile', request.locale, request.ip),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/auth/checkCode',
    summary: 'Password recovery: check a code (5 attempts)',
    tags,
    guard: publicGuard,
    body: checkCodeRequestSchema,
    response: checkCodeResponseSchema,
    handler: ({ body, request }) => auth.checkCode(body.account, body.code, request.ip),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/auth/changePwd',
    summary: 'Password recovery: set a new password with a valid code; ends every session of the user',
    tags,
    guard: publicGuard,
    body: resetPasswordRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => auth.resetPassword(body, request.ip),
  });
}
