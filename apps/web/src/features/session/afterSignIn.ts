import type { CustomerSummary } from '@storelens/contracts';

/** Where a signed-in user without a customer picks one. */
export const CUSTOMER_PICKER_PATH = '/selectCustomer';

export type AfterSignInStep = { kind: 'select'; cid: string } | { kind: 'pick' } | { kind: 'noCustomer' };

/**
 * Right after sign-in: the customer named by the Korean login's `selectCustomer` parameter when
 * the user has it, else the only customer, else the picker. No customer at all is a dead end the
 * user must be told about.
 */
export function nextStepAfterSignIn(customers: readonly CustomerSummary[], preferredCid: string | null): AfterSignInStep {
  if (customers.length === 0) return { kind: 'noCustomer' };
  const preferred = preferredCid ? customers.find((customer) => customer.cid === preferredCid) : undefined;
  if (preferred) return { kind: 'select', cid: preferred.cid };
  const [only] = customers;
  if (customers.length === 1 && only) return { kind: 'select', cid: only.cid };
  return { kind: 'pick' };
}

/** Only same-origin paths may be redirect targets (an open redirect would be a phishing aid). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/login') || value.startsWith(CUSTOMER_PICKER_PATH)) return null;
  return value;
}
