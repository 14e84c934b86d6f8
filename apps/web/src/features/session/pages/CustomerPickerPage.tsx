import type { CustomerSummary } from '@storelens/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { safeRedirectPath } from '../afterSignIn.ts';
import { listAuthorisedCustomers } from '../api.ts';
import { SessionLanguageSwitcher } from '../components/SessionLanguageSwitcher.tsx';
import { chooseCustomer, endSession } from '../sessionActions.ts';
import { useSessionStore } from '../state/sessionStore.ts';

type PickerState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; customers: readonly CustomerSummary[] };

/** After sign-in: the user picks the customer (tenant) to work in; a single customer is picked for them. */
export function CustomerPickerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const knownCustomers = useSessionStore((state) => state.customers);
  const setCustomers = useSessionStore((state) => state.setCustomers);
  const [state, setState] = useState<PickerState>(knownCustomers.length ? { kind: 'ready', customers: knownCustomers } : { kind: 'loading' });
  const [choosing, setChoosing] = useState<string | null>(null);
  const autoSelected = useRef(false);

  useEffect(() => {
    if (state.kind !== 'loading') return;
    // After a reload the list is gone (only the token is kept); the server has it.
    listAuthorisedCustomers().then(
      (customers) => {
        setCustomers(customers);
        setState({ kind: 'ready', customers });
      },
      () => setState({ kind: 'failed' }),
    );
  }, [state.kind, setCustomers]);

  const choose = async (cid: string) => {
    if (choosing) return;
    setChoosing(cid);
    try {
      await chooseCustomer(cid);
      await navigate(redirect ?? '/', { replace: true });
    } catch {
      // Shown by the HTTP client.
    } finally {
      setChoosing(null);
    }
  };

  const onlyCustomer = state.kind === 'ready' && state.customers.length === 1 ? state.customers[0] : undefined;
  useEffect(() => {
    if (onlyCustomer && !autoSelected.current) {
      autoSelected.current = true;
      void choose(onlyCustomer.cid);
    }
  });

  const signOutAndStartOver = async () => {
    await endSession();
    await navigate('/login', { replace: true });
  };

  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="customer-picker">
      <h1 className="sl-title">{t('session:picker.title')}</h1>
      <p className="sl-subtitle">{t('session:picker.subtitle')}</p>
      {state.kind === 'loading' && <p className="sl-subtitle">{t('common:loading')}</p>}
      {state.kind === 'failed' && <div className="sl-banner sl-banner--error">{t('session:picker.loadFailed')}</div>}
      {state.kind === 'ready' && state.customers.length === 0 && (
        <div className="sl-banner sl-banner--error" role="alert" data-testid="customer-picker-empty">
          {t('messages:errors.noCustomer')}
        </div>
      )}
      {state.kind === 'ready' && state.customers.length > 0 && (
        <ul className="sl-list">
          {state.customers.map((customer) => (
            <li key={customer.cid}>
              <button
                type="button"
                className="sl-list-button"
                disabled={choosing !== null}
                onClick={() => void choose(customer.cid)}
                data-testid={`customer-option-${customer.cid}`}
              >
                <span>{customer.cname}</span>
                <span aria-hidden="true">{choosing === customer.cid ? '…' : '→'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="sl-row" style={{ margin: '18px 0 0', justifyContent: 'center' }}>
        <button type="button" className="sl-link" onClick={() => void signOutAndStartOver()} data-testid="customer-picker-sign-out">
          {t('session:picker.otherAccount')}
        </button>
      </div>
    </PublicPage>
  );
}
