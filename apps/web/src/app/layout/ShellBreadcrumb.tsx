import { Breadcrumb, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDataUpdateTime } from '../../shared/routing/dataUpdateTime.ts';
import { appRegistry } from '../routes.ts';
import { buildBreadcrumb } from './breadcrumb.ts';
import { useCurrentRoute } from './useCurrentRoute.ts';

/**
 * The page's one heading of level 1, its name from the route registry: screen-reader users jump by
 * headings and every page needs one (axe, WCAG 1.3.1). Visually hidden: the breadcrumb's last entry
 * already names the page on screen, and the pages' layouts are built without a title row.
 */
function PageHeading() {
  const { t } = useTranslation();
  const { route } = useCurrentRoute();
  if (!route) return null;
  return (
    <h1 className="sl-visually-hidden" data-testid="page-heading">
      {t(route.meta.titleKey)}
    </h1>
  );
}

export function ShellBreadcrumb() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { route } = useCurrentRoute();
  const dataUpdateTime = useDataUpdateTime((state) => state.value);
  if (route?.meta.hideBreadcrumb) return <PageHeading />;
  const entries = buildBreadcrumb(pathname, search, appRegistry.find);
  return (
    <div className="sl-breadcrumb-bar">
      <PageHeading />
      <Breadcrumb
        data-testid="breadcrumb"
        items={entries.map((entry) => {
          const title = entry.titleKey ? t(entry.titleKey) : entry.segment;
          return { key: entry.key, title: entry.to ? <Link to={entry.to}>{title}</Link> : title };
        })}
      />
      {route?.meta.showDataUpdateTime && (
        <Typography.Text type="secondary" data-testid="data-update-time">
          {t('shell:dataUpdateTime')}: {dataUpdateTime ?? '--'}
        </Typography.Text>
      )}
    </div>
  );
}
