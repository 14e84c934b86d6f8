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

/** What an operation needs before its body is even validated. */
export interface OperationGuard {
  /** public: anyone; user: signed in; customer: signed in with a customer selected (the default). */
  auth: 'public' | 'user' | 'customer';
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
  }
  interface FastifyContextConfig {
    guard?: OperationGuard;
  }
}
