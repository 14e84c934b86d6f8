import { sessionOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import type { SessionContext } from '../../platform/http/context.ts';
import { sessionExpired } from '../../platform/http/errors.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { SessionService } from './session.service.ts';

export function registerSessionRoutes(app: FastifyInstance, service: SessionService): void {
  const sessionOf = (request: { session: SessionContext | null }) => {
    if (!request.session) throw sessionExpired();
    return request.session;
  };

  registerOperation(app, sessionOperations.currentAuthcus, ({ request }) => service.customersOf(sessionOf(request).userId));
  registerOperation(app, sessionOperations.currentSelectcus, ({ body, request }) => service.selectCustomer(sessionOf(request), body.cid, request.locale));
  registerOperation(app, sessionOperations.currentPermissionMap, async ({ request }) => service.permissionMap(actorOf(request)));
  registerOperation(app, sessionOperations.currentGetUserInfo, ({ request }) => service.userInfo(actorOf(request), request.locale));
  registerOperation(app, sessionOperations.currentUpdateSelfInfo, ({ body, request }) => service.updateSelfInfo(sessionOf(request).userId, body));
  registerOperation(app, sessionOperations.currentChangePwd, ({ body, request }) =>
    service.changeOwnPassword(sessionOf(request), body.oldPassword, body.password),
  );
  registerOperation(app, sessionOperations.currentNoticeCount, ({ request }) => service.noticeCount(actorOf(request)));
  registerOperation(app, sessionOperations.currentHolidays, ({ body, request }) => service.holidays(actorOf(request), body.years, request.locale));
  registerOperation(app, sessionOperations.currentGetLangDic, async () => service.langDictionary());
  registerOperation(app, sessionOperations.currentGetSpecialPower, ({ request }) => service.specialPower(actorOf(request)));
  registerOperation(app, sessionOperations.currentGetTSRetentionDays, async () => service.retentionDays());
}
