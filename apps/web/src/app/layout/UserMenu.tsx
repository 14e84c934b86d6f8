import { CheckOutlined, DownOutlined, GlobalOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { LOCALES } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERSONAL_INFO_PATH } from '../../features/personal/routes.tsx';
import { useCustomerSwitcher } from '../../features/session/components/CustomerSwitcher.tsx';
import { endSession } from '../../features/session/sessionActions.ts';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { LANGUAGE_NAMES } from '../../shared/i18n/i18n.ts';
import { appRegistry } from '../routes.ts';
import { SETTINGS_LANDING_PATH } from '../settingsLanding.ts';

/** Personal center, settings (when a settings page exists), language, switch customer, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const username = useSessionStore((state) => state.username);
  const locale = useSessionStore((state) => state.locale);
  const setLocale = useSessionStore((state) => state.setLocale);
  const customerSwitcher = useCustomerSwitcher();
  const settingsPage = appRegistry.firstSettingsPage();

  const logOut = async () => {
    await endSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  };

  const items: MenuProps['items'] = [
    { key: 'personal', icon: <UserOutlined />, label: <span data-testid="user-menu-personal">{t('shell:userMenu.personal')}</span> },
    ...(settingsPage
      ? [{ key: 'settings', icon: <SettingOutlined />, label: <span data-testid="user-menu-settings">{t('shell:userMenu.settings')}</span> }]
      : []),
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: <span data-testid="user-menu-language">{t('shell:userMenu.language')}</span>,
      children: LOCALES.map((option) => ({
        key: `lang:${option}`,
        icon: option === locale ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
        label: <span data-testid={`user-menu-lang-${option}`}>{LANGUAGE_NAMES[option]}</span>,
      })),
    },
    { key: 'switchCustomer', icon: <SwapOutlined />, label: <span data-testid="user-menu-switch-customer">{t('shell:userMenu.switchCustomer')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="user-menu-logout">{t('shell:userMenu.logout')}</span> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'personal') void navigate(PERSONAL_INFO_PATH);
    // /settings picks the first settings page this role and permission map open.
    else if (key === 'settings' && settingsPage) void navigate(SETTINGS_LANDING_PATH);
    else if (key === 'switchCustomer') void customerSwitcher.open();
    else if (key === 'logout') void logOut();
    else if (key.startsWith('lang:')) {
      const chosen = LOCALES.find((option) => `lang:${option}` === key);
      if (chosen) setLocale(chosen);
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick, selectable: false }} trigger={['click']} placement="bottomRight">
        <Button type="text" className="sl-user-button" data-testid="user-menu">
          <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1f5eff' }} />
          <span className="sl-user-name">{username}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {customerSwitcher.modal}
    </>
  );
}
