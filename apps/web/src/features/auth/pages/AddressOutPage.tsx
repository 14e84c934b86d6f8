import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { SessionLanguageSwitcher } from '../../session/components/SessionLanguageSwitcher.tsx';
import { endSession } from '../../session/sessionActions.ts';
import { selectIsSignedIn, useSessionStore } from '../../session/state/sessionStore.ts';

/**
 * The signed-out page. Opening it ends any session still held by the tab, so other systems can
 * link here to sign a user out.
 */
export function AddressOutPage() {
  const { t } = useTranslation();
  const signedIn = useSessionStore(selectIsSignedIn);
  const [signingOut, setSigningOut] = useState(signedIn);
  useEffect(() => {
    if (!useSessionStore.getState().token) return;
    void endSession().finally(() => setSigningOut(false));
  }, []);
  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="address-out-page">
      <h1 className="sl-title">{t('auth:signedOut.title')}</h1>
      <p className="sl-subtitle">{signingOut ? t('auth:signedOut.signingOut') : t('auth:signedOut.body')}</p>
      <Link to="/login" className="sl-button sl-button--block" data-testid="address-out-login">
        {t('auth:signedOut.signInAgain')}
      </Link>
    </PublicPage>
  );
}
