import { Perm, type PermissionKey, RequestHeader } from '@storelens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppConfig, developmentRoutesEnabled } from '../../config.ts';
import type { DB } from '../db/database.ts';
import type { CustomerActor, DeviceContext, OperationGuard } from '../http/context.ts';
import { AppError, noAuthority, notFound, sessionExpired } from '../http/errors.ts';
import { accessOf } from './access.ts';
import { resolveActor } from './actor.ts';

/** The actor of a customer-scoped operation; the guard has made sure it exists. */
export function actorOf(request: FastifyRequest): CustomerActor {
  if (!request.actor) throw noAuthority();
  return request.actor;
}

/** The box of a device operation; the guard has made sure it exists. */
export function deviceOf(request: FastifyRequest): DeviceContext {
  if (!request.device) throw new AppError('sessionExpired', 'deviceApi.invalidToken');
  return request.device;
}

export function userIdOf(request: FastifyRequest): string {
  if (!request.session) throw sessionExpired();
  return request.session.userId;
}

/** Checks a role rule of spec section 4/6: rid 0 never passes a listed rule; allow admits, bar excludes. */
export function passesRoleRules(roleId: number, guard: Pick<OperationGuard, 'allowRoles' | 'barRoles'>): boolean {
  if (!guard.allowRoles && !guard.barRoles) return true;
  if (roleId === 0) return false;
  if (guard.allowRoles && !guard.allowRoles.includes(roleId)) return false;
  if (guard.barRoles?.includes(roleId)) return false;
  return true;
}

export function hasPermission(actor: CustomerActor, keys: PermissionKey | readonly PermissionKey[]): boolean {
  const list: readonly PermissionKey[] = typeof keys === 'string' ? [keys] : keys;
  return list.every((key) => actor.permissions[key] === Perm.shown);
}

/**
 * THE authorization step (DESIGN P1): runs in preValidation, so authority is decided before the
 * body is validated, and an unauthorised caller learns nothing about the shape of the operation.
 */
export function registerGuard(app: FastifyInstance, db: DB, config: AppConfig): void {
  app.addHook('preValidation', async (request) => {
    const guard: OperationGuard | undefined = request.routeOptions.config.guard;
    if (!guard) return;
    // Defence in depth: app.ts registers development-only routes in development mode only.
    if (guard.developmentOnly && !developmentRoutesEnabled(config)) throw notFound();
    if (guard.auth === 'public') return;
    if (guard.auth === 'device') {
      if (!request.device) throw new AppError('sessionExpired', 'deviceApi.invalidToken');
      return;
    }
    if (!request.session) throw sessionExpired();
    if (guard.auth === 'user') return;

    const sessionCustomer = request.session.customerId;
    if (!sessionCustomer) throw new AppError('badRequest', 'errors.noCustomerSelected');
    const header = request.headers[RequestHeader.customerCode];
    const tabCustomer = Array.isArray(header) ? header[0] : header;
    if (tabCustomer !== sessionCustomer) {
      // Another tab switched the session's customer, or the caller did not say which customer it
      // means (no header, or -1 from before a selection): it must follow the session (spec section 8).
      throw new AppError('customerSwitched', sessionCustomer, {}, { cid: sessionCustomer });
    }
    const actor = await resolveActor(db, request.session.userId, sessionCustomer);
    if (!actor) throw noAuthority();
    request.actor = actor;
    if (guard.permission && !hasPermission(actor, guard.permission)) throw noAuthority();
    if (!passesRoleRules(actor.roleId, guard)) throw noAuthority();
    // A person limited to part of the customer changes only what belongs to that part.
    if (guard.wholeCustomer && (await accessOf(db, actor).scope()).limited) throw noAuthority();
  });
}
