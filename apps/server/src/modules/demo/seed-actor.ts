import { defaultPrivileges, RoleId } from '@storelens/contracts';
import type { CustomerActor } from '../../platform/http/context.ts';

/** The seed acts as the customer's administrator would: a whole-customer actor with the super manager's rights. */
export function seedActor(customerId: string): CustomerActor {
  return {
    userId: 'demo-seed',
    customerId,
    roleId: RoleId.superManager,
    roleName: 'demo seed',
    permissions: defaultPrivileges(RoleId.superManager),
    orgScopeId: null,
  };
}
