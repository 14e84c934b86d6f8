import { authOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../../platform/http/operation.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  registerOperation(app, authOperations.checkCaptcha, ({ body }) => auth.captchaStatus(body.account));
  registerOperation(app, authOperations.login, ({ body, request }) => auth.login(body, request.ip));
  registerOperation(app, authOperations.logout, ({ request }) => auth.logout(request.session?.sessionId ?? null));
  registerOperation(app, authOperations.isUserExist, ({ body, request }) => auth.isUserExist(body.account, request.ip));
  registerOperation(app, authOperations.sendEmailCode, ({ body, request }) => auth.sendCode(body.email, 'email', request.locale, request.ip));
  registerOperation(app, authOperations.sendMobileCode, ({ body, request }) => auth.sendCode(body.mobile, 'mobile', request.locale, request.ip));
  registerOperation(app, authOperations.checkCode, ({ body, request }) => auth.checkCode(body.account, body.code, request.ip));
  registerOperation(app, authOperations.changePwd, ({ body, request }) => auth.resetPassword(body, request.ip));
}
