import type { Locale, PermissionKey, PermissionMap } from '@storelens/contracts';

/** Who is calling, resolved once per request by the auth and authz hooks. */
export interface SessionContext {
  sessionId: string;
  userId: string;
  customerId: string | null;
}

export interface CustomerActor {
  userId: string;
  customerId: string;
  roleId: number;
  roleName: string;
  permissions: PermissionMap;
  /** Organisation whose subtree the user may see; null for the whole customer. */
  orgScopeId: string | null;
}

/** A box calling the device API with its device token (never a person). */
export interface DeviceContext {
  customerId: string;
  boxId: string;
  shopId: string;
}

/** What an operation needs before its body is even validated. */
export interface OperationGuard {
  /**
   * public: anyone; user: signed in; customer: signed in with a customer selected (the default);
   * device: a box's device token (the device API), which no person's session can stand in for.
   */
  auth: 'public' | 'user' | 'customer' | 'device';
  permission?: PermissionKey | readonly PermissionKey[];
  allowRoles?: readonly number[];
  barRoles?: readonly number[];
  /** Development-only operations (the outbox) answer not found in production. */
  developmentOnly?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    session: SessionContext | null;
    actor: CustomerActor | null;
    device: DeviceContext | null;
  }
  interface FastifyContextConfig {
    guard?: OperationGuard;
  }
}
