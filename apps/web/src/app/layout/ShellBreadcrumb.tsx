import { Breadcrumb, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDataUpdateTime } from '../../shared/routing/dataUpdateTime.ts';
import { appRegistry } from '../routes.ts';
import { buildBreadcrumb } from './breadcrumb.ts';
import { useCurrentRoute } from './useCurrentRoute.ts';

export function ShellBreadcrumb() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { route } = useCurrentRoute();
  const dataUpdateTime = useDataUpdateTime((state) => state.value);
  if (route?.meta.hideBreadcrumb) return null;
  const entries = buildBreadcrumb(pathname, search, appRegistry.find);
  return (
    <div className="sl-breadcrumb-bar">
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
