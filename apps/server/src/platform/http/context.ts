import type { Locale, OperationGuard, PermissionMap } from '@storelens/contracts';

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

/** Declared with each operation in packages/contracts (platform/operation.ts). */
export type { OperationGuard } from '@storelens/contracts';

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
