import {
  authCustomersResponseSchema,
  changeOwnPasswordRequestSchema,
  holidaysRequestSchema,
  holidaysResponseSchema,
  langDicResponseSchema,
  noticeCountSchema,
  permissionMapResponseSchema,
  retentionDaysResponseSchema,
  selectCustomerRequestSchema,
  selectCustomerResponseSchema,
  specialPowerResponseSchema,
  updateSelfInfoRequestSchema,
  userInfoSchema,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/authz/guard.ts';
import type { SessionContext } from '../../platform/http/context.ts';
import { sessionExpired } from '../../platform/http/errors.ts';
import { defineOperation } from '../../platform/http/operation.ts';
import type { SessionService } from './session.service.ts';

const tags = ['session'];
const userGuard = { auth: 'user' } as const;
const customerGuard = { auth: 'customer' } as const;

export function registerSessionRoutes(app: FastifyInstance, service: SessionService): void {
  const sessionOf = (request: { session: SessionContext | null }) => {
    if (!request.session) throw sessionExpired();
    return request.session;
  };

  defineOperation(app, {
    method: 'POST',
    url: '/api/current/authcus',
    summary: 'Customers the signed-in user belongs to',
    tags,
    guard: userGuard,
    response: authCustomersResponseSchema,
    handler: ({ request }) => service.customersOf(sessionOf(request).userId),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/selectcus',
    summary: 'Select (or switch) the customer of this session',
    tags,
    guard: userGuard,
    body: selectCustomerRequestSchema,
    response: selectCustomerResponseSchema,
    handler: ({ body, request }) => service.selectCustomer(sessionOf(request), body.cid, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/permissionMap',
    summary: 'Permission map of the current user and customer: key -> 0 shown, 1 disabled, 2 hidden',
    tags,
    guard: customerGuard,
    response: permissionMapResponseSchema,
    handler: async ({ request }) => service.permissionMap(actorOf(request)),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/getUserInfo',
    summary: 'The signed-in user, with role in the current customer',
    tags,
    guard: customerGuard,
    response: userInfoSchema,
    handler: ({ request }) => service.userInfo(actorOf(request), request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/updateSelfInfo',
    summary: 'Edit own name, mobile, e-mail and language',
    tags,
    guard: userGuard,
    body: updateSelfInfoRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => service.updateSelfInfo(sessionOf(request).userId, body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/changePwd',
    summary: 'Change own password; every other session ends',
    tags,
    guard: userGuard,
    body: changeOwnPasswordRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => service.changeOwnPassword(sessionOf(request), body.oldPassword, body.password),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/noticeCount',
    summary: 'Unread alert, plan and rectification messages',
    tags,
    guard: { auth: 'customer', permission: 'message_nav' },
    response: noticeCountSchema,
    handler: ({ request }) => service.noticeCount(actorOf(request)),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/holidays',
    summary: "Public holidays of the customer's countries, keyed by date",
    tags,
    guard: customerGuard,
    body: holidaysRequestSchema,
    response: holidaysResponseSchema,
    handler: ({ body, request }) => service.holidays(actorOf(request), body.years, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/getLangDic',
    summary: 'Message dictionary: key -> en, ch, kr, jp text',
    tags,
    guard: { auth: 'public' },
    response: langDicResponseSchema,
    handler: async () => service.langDictionary(),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/getSpecialPower',
    summary: 'Special powers of the current user (super manager, all shops, operator)',
    tags,
    guard: customerGuard,
    response: specialPowerResponseSchema,
    handler: ({ request }) => service.specialPower(actorOf(request)),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/getTSRetentionDays',
    summary: 'Days that recorded video and download tasks are kept',
    tags,
    guard: customerGuard,
    response: retentionDaysResponseSchema,
    handler: async () => service.retentionDays(),
  });
}
