import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resolvePermission } from '../../features/session/permissions.ts';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { sectionEntry } from '../guards/navigationGuard.ts';
import { appRegistry } from '../routes.ts';
import { useCurrentRoute } from './useCurrentRoute.ts';

/** The top tabs: a section shows when its navigation key is not hidden and its pages exist. */
export function SectionTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const map = useSessionStore((state) => state.permissionMap);
  const { section } = useCurrentRoute();
  const tabs = appRegistry.sectionsWithPages().filter((tab) => resolvePermission(map, tab.permission) !== 'hidden');
  if (tabs.length === 0) return <div className="sl-tabs" />;
  return (
    <Menu
      className="sl-tabs"
      mode="horizontal"
      selectedKeys={section ? [section] : []}
      onClick={({ key }) => {
        const tab = tabs.find((candidate) => candidate.id === key);
        if (tab) void navigate(sectionEntry(tab, map, appRegistry));
      }}
      items={tabs.map((tab) => ({
        key: tab.id,
        disabled: resolvePermission(map, tab.permission) === 'disabled',
        label: <span data-testid={`top-tab-${tab.id}`}>{t(tab.labelKey)}</span>,
      }))}
    />
  );
}
