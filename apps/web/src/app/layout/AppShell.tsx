import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Limits } from '@storelens/contracts';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { useShellStartupData } from './useShellStartupData.ts';
import './shell.css';

function ShellLayout() {
  const { t } = useTranslation();
  const collapsed = useSessionStore((state) => state.menuCollapsed);
  const setCollapsed = useSessionStore((state) => state.setMenuCollapsed);
  const customerName = useSessionStore((state) => state.cusInfo?.cname);
  useShellStartupData();

  return (
    <Layout className="sl-shell">
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
        <Layout.Sider
          className="sl-sider"
          width={Limits.menuWidth}
          collapsedWidth={Limits.menuCollapsedWidth}
          collapsed={collapsed}
          trigger={null}
          theme="light"
          data-testid="side-menu"
          data-collapsed={collapsed}
        >
          <SideMenu />
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
