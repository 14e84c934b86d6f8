import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SessionLanguageSwitcher } from '../../features/session/components/SessionLanguageSwitcher.tsx';
import { PublicPage } from '../../shared/ui/public/PublicPage.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="not-found-page">
      <p className="sl-status-code">404</p>
      <h1 className="sl-title">{t('shell:notFound.title')}</h1>
      <p className="sl-subtitle">{t('shell:notFound.body')}</p>
      <Link to="/" className="sl-button">
        {t('shell:forbidden.home')}
      </Link>
    </PublicPage>
  );
}
