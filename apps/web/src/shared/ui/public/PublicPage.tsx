import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark, PRODUCT_NAME } from '../BrandMark.tsx';
import './public.css';

interface PublicPageProps {
  children: ReactNode;
  /** The language switcher (features own the session store that holds the language). */
  languageSwitcher?: ReactNode;
  wide?: boolean;
  testId?: string;
  /** Which privacy notice the footer links to (the Korean variant has its own). */
  privacyPath?: string;
}

/** The frame of every page outside the app shell: a centred card with the product name. */
export function PublicPage({ children, languageSwitcher, wide, testId, privacyPath = '/privacyPolicy' }: PublicPageProps) {
  const { t } = useTranslation();
  return (
    <main className="sl-public" data-testid={testId}>
      <section className={wide ? 'sl-card sl-card--wide' : 'sl-card'}>
        <header className="sl-card-header">
          <Link to="/login" className="sl-brand" aria-label={PRODUCT_NAME}>
            <BrandMark />
            <span>{PRODUCT_NAME}</span>
          </Link>
          {languageSwitcher}
        </header>
        {children}
      </section>
      <footer className="sl-footer">
        <span>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </span>
        <Link to={privacyPath}>{t('common:privacyPolicy')}</Link>
      </footer>
    </main>
  );
}
