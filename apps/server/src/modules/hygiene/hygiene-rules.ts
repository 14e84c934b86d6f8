import { type CertificateStatus, RoleId } from '@storelens/contracts';
import { type CustomerLayout, layoutIndex } from '../../platform/authz/access.ts';
import { daysBetween } from '../../platform/time/local-time.ts';
import type { PersonStored } from './hygiene.repo.ts';

/** A certificate's standing on the store's day: valid through its expiry day, 'expiring' in its last 30 days. */
export function certificateStatus(expiresOn: string, today: string): { status: CertificateStatus; daysLeft: number } {
  const daysLeft = daysBetween(today, expiresOn);
  return { status: daysLeft < 0 ? 'expired' : daysLeft <= 30 ? 'expiring' : 'valid', daysLeft };
}

/** Valid on the day: issued on or before it and not expired. */
export const validOn = (certificate: { issued_on: string; expires_on: string }, today: string) =>
  certificate.issued_on <= today && certificate.expires_on >= today;

/**
 * Who is told about a store's certificates (docs/decisions/hygiene.md): its store managers; a
 * store without one, the branch managers who see it; without those, the customer's managers.
 * Only enabled members who see the store; never observers, shop assistants or our operators.
 */
const AUDIENCE_TIERS: readonly (readonly number[])[] = [[RoleId.storeManage], [RoleId.branchManage], [RoleId.manager, RoleId.superManager]];

export function storeAudience(layout: CustomerLayout, members: readonly PersonStored[]) {
  const index = layoutIndex(layout);
  return (shopId: string): PersonStored[] => {
    const seeing = members.filter((member) => member.enabled && index.covers({ orgId: member.orgId, grantedShopIds: member.grantedShopIds }, shopId));
    for (const tier of AUDIENCE_TIERS) {
      const found = seeing.filter((member) => tier.includes(member.roleId));
      if (found.length > 0) return found;
    }
    return [];
  };
}
