import type { CustomerSummary } from '@storelens/contracts';
import { useNavigate } from 'react-router';
import { type AfterSignInStep, CUSTOMER_PICKER_PATH, nextStepAfterSignIn } from '../afterSignIn.ts';
import { chooseCustomer } from '../sessionActions.ts';

/** Carries a freshly signed-in user to a customer: auto-select, the picker, or a dead end. */
export function useContinueAfterSignIn() {
  const navigate = useNavigate();
  return async (customers: readonly CustomerSummary[], preferredCid: string | null, redirect: string | null): Promise<AfterSignInStep> => {
    const step = nextStepAfterSignIn(customers, preferredCid);
    if (step.kind === 'select') {
      await chooseCustomer(step.cid);
      await navigate(redirect ?? '/', { replace: true });
    } else if (step.kind === 'pick') {
      await navigate(redirect ? `${CUSTOMER_PICKER_PATH}?redirect=${encodeURIComponent(redirect)}` : CUSTOMER_PICKER_PATH);
    }
    return step;
  };
}
