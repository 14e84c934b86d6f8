import { AppstoreOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resolvePermission } from '../../features/session/permissions.ts';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import type { AppRoute } from '../../shared/routing/types.ts';
import { routePermissionKeys } from '../guards/navigationGuard.ts';
import { appRegistry } from '../routes.ts';
import { MENU_GROUP_ICONS, MENU_ICONS } from './menuIcons.tsx';
import { useCurrentRoute } from './useCurrentRoute.ts';

type MenuItem = Required<MenuProps>['items'][number];

/** The side menu lists the pages of the current section that the permission map does not hide. */
/**
 * Inside the Sider, antd collapses the menu with it. While collapsed, antd closes the groups' flyouts
 * by itself; that is not the user closing a group, so it is not remembered for the expanded menu.
 */
export function SideMenu({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const map = useSessionStore((state) => state.permissionMap);
  const { section, menuKey } = useCurrentRoute();
  const states = (route: AppRoute) => routePermissionKeys(route.meta).map((key) => resolvePermission(map, key));
  const routes = section ? appRegistry.menuRoutes(section).filter((route) => !states(route).includes('hidden')) : [];

  const toItem = (route: AppRoute): MenuItem => {
    const label = t(route.meta.titleKey);
    return {
      key: route.path,
      // Every menu route names an icon (routeRegistry.test.ts); the generic one only guards a slip.
      icon: route.meta.menuIcon ? MENU_ICONS[route.meta.menuIcon] : <AppstoreOutlined />,
      disabled: states(route).includes('disabled'),
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
      items.push({
        key: `group:${group}`,
        icon: MENU_GROUP_ICONS[group] ?? <AppstoreOutlined />,
        label: (
          <span className="sl-menu-group-label" data-testid={`side-menu-group-${group}`}>
            {t(group)}
          </span>
        ),
        children,
      });
    }
    groups.get(group)?.push(toItem(route));
  }

  // Groups start open, also those that appear once the permission map has loaded; the user may
  // close them afterwards.
  const groupKeys = [...groups.keys()].map((group) => `group:${group}`);
  const [closedGroups, setClosedGroups] = useState<string[]>([]);
  const openKeys = groupKeys.filter((key) => !closedGroups.includes(key));

  return (
    <Menu
      mode="inline"
      selectedKeys={[menuKey]}
      openKeys={openKeys}
      onOpenChange={(keys) => {
        if (!collapsed) setClosedGroups(groupKeys.filter((key) => !keys.includes(key)));
      }}
      items={items}
      onClick={({ key }) => void navigate(key)}
      // 16 px per level instead of 24 leaves a sub-item's label room at the spec's 200 px.
      inlineIndent={16}
      className="sl-side-menu"
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
