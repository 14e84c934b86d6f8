import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Limits } from '@storelens/contracts';
import { Button, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { BrandMark, PRODUCT_NAME } from '../../shared/ui/BrandMark.tsx';
import { ConfirmModalHost } from '../../shared/ui/ConfirmModalHost.tsx';
import { AntdProviders } from '../providers/AntdProviders.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { NoticeBell } from './NoticeBell.tsx';
import { SectionTabs } from './SectionTabs.tsx';
import { ShellBreadcrumb } from './ShellBreadcrumb.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useRealtimeChannel } from './useRealtimeChannel.ts';
import { useShellStartupData } from './useShellStartupData.ts';
import './shell.css';

/** Below this width (a phone held upright) the side menu leaves the page and opens over it. */
const PHONE_QUERY = '(max-width: 767px)';

function usePhoneWidth(): boolean {
  const [phone, setPhone] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(PHONE_QUERY);
    const follow = () => setPhone(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return phone;
}

function ShellLayout() {
  const { t } = useTranslation();
  const desktopCollapsed = useSessionStore((state) => state.menuCollapsed);
  const setDesktopCollapsed = useSessionStore((state) => state.setMenuCollapsed);
  // On a phone the menu is closed by default, opens over the page, and closes when a page is chosen;
  // the desktop's remembered choice is left alone.
  const phone = usePhoneWidth();
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the phone menu.
  useEffect(() => setPhoneMenuOpen(false), [pathname]);
  const collapsed = phone ? !phoneMenuOpen : desktopCollapsed;
  const setCollapsed = (value: boolean) => (phone ? setPhoneMenuOpen(!value) : setDesktopCollapsed(value));
  const customerName = useSessionStore((state) => state.cusInfo?.cname);
  useShellStartupData();
  useRealtimeChannel();

  return (
    <Layout className={phone ? 'sl-shell sl-shell-phone' : 'sl-shell'}>
      <Layout.Header className="sl-topbar">
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapsed(!collapsed)}
          aria-label={collapsed ? t('shell:expandMenu') : t('shell:collapseMenu')}
          aria-expanded={!collapsed}
          data-testid="side-menu-toggle"
        />
        <Link to="/" className="sl-topbar-brand">
          <BrandMark size={24} />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <SectionTabs />
        <div className="sl-topbar-right">
          {customerName && (
            <span className="sl-customer-name" title={customerName} data-testid="current-customer">
              {customerName}
            </span>
          )}
          <NoticeBell />
          <UserMenu />
        </div>
      </Layout.Header>
      <Layout>
        {phone && phoneMenuOpen && <div className="sl-sider-backdrop" onClick={() => setPhoneMenuOpen(false)} aria-hidden="true" />}
        <Layout.Sider
          className={phone ? 'sl-sider sl-sider-phone' : 'sl-sider'}
          width={Limits.menuWidth}
          collapsedWidth={phone ? 0 : Limits.menuCollapsedWidth}
          collapsed={collapsed}
          trigger={null}
          theme="light"
          data-testid="side-menu"
          data-collapsed={collapsed}
        >
          {/* A phone's closed menu has no width: nothing to render until it opens (with its groups open). */}
          {(!phone || phoneMenuOpen) && <SideMenu collapsed={collapsed} />}
        </Layout.Sider>
        <Layout.Content className="sl-content">
          <ShellBreadcrumb />
          <KeepAliveOutlet />
        </Layout.Content>
      </Layout>
      <ConfirmModalHost />
    </Layout>
  );
}

/** The signed-in app: antd, the top bar, the side menu and the breadcrumb around every shell page. */
export function AppShell() {
  return (
    <AntdProviders>
      <ShellLayout />
    </AntdProviders>
  );
}
