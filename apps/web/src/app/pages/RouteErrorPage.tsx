import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SessionLanguageSwitcher } from '../../features/session/components/SessionLanguageSwitcher.tsx';
import { PublicPage } from '../../shared/ui/public/PublicPage.tsx';

/** The last resort of the router: something failed while loading or rendering a page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="route-error-page">
      <h1 className="sl-title">{t('shell:routeError.title')}</h1>
      <p className="sl-subtitle">{t('shell:routeError.body')}</p>
      <pre className="sl-pre sl-banner sl-banner--error">{detail}</pre>
      <button type="button" className="sl-button" onClick={() => window.location.reload()}>
        {t('shell:routeError.reload')}
      </button>
    </PublicPage>
  );
}
