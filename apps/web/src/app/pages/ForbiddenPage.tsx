import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SessionLanguageSwitcher } from '../../features/session/components/SessionLanguageSwitcher.tsx';
import { PublicPage } from '../../shared/ui/public/PublicPage.tsx';

/** Route access denied (spec section 8). Plain page: it must not pull in the antd shell. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="forbidden-page">
      <p className="sl-status-code">403</p>
      <h1 className="sl-title">{t('shell:forbidden.title')}</h1>
      <p className="sl-subtitle">{t('shell:forbidden.body')}</p>
      <div className="sl-actions">
        <Link to="/" className="sl-button" data-testid="forbidden-home">
          {t('shell:forbidden.home')}
        </Link>
        <button type="button" className="sl-button sl-button--ghost" onClick={() => void navigate(-1)}>
          {t('shell:forbidden.back')}
        </button>
      </div>
    </PublicPage>
  );
}
