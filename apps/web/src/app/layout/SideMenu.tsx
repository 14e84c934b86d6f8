import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resolvePermission } from '../../features/session/permissions.ts';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import type { AppRoute } from '../../shared/routing/types.ts';
import { appRegistry } from '../routes.ts';
import { MENU_ICONS } from './menuIcons.tsx';
import { useCurrentRoute } from './useCurrentRoute.ts';

type MenuItem = Required<MenuProps>['items'][number];

/** The side menu lists the pages of the current section that the permission map does not hide. */
/** Inside the Sider, antd collapses the menu with it. */
export function SideMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const map = useSessionStore((state) => state.permissionMap);
  const { section, menuKey } = useCurrentRoute();
  const routes = section
    ? appRegistry.menuRoutes(section).filter((route) => !route.meta.permission || resolvePermission(map, route.meta.permission) !== 'hidden')
    : [];

  const toItem = (route: AppRoute): MenuItem => {
    const label = t(route.meta.titleKey);
    return {
      key: route.path,
      icon: route.meta.menuIcon ? MENU_ICONS[route.meta.menuIcon] : <span className="sl-menu-letter">{label.slice(0, 1)}</span>,
      disabled: route.meta.permission ? resolvePermission(map, route.meta.permission) === 'disabled' : false,
      label: <span data-testid={`side-menu-item-${route.path}`}>{label}</span>,
    };
  };

  const items: MenuItem[] = [];
  const groups = new Map<string, MenuItem[]>();
  for (const route of routes) {
    const group = route.meta.menuGroupKey;
    if (!group) {
      items.push(toItem(route));
      continue;
    }
    if (!groups.has(group)) {
      const children: MenuItem[] = [];
      groups.set(group, children);
      items.push({ key: `group:${group}`, label: t(group), children });
    }
    groups.get(group)?.push(toItem(route));
  }

  return (
    <Menu
      mode="inline"
      selectedKeys={[menuKey]}
      defaultOpenKeys={[...groups.keys()].map((group) => `group:${group}`)}
      items={items}
      onClick={({ key }) => void navigate(key)}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
