import { completePermissionMap, defaultPrivileges, type PermissionMap, RoleId } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { appRegistry } from './routes.ts';
import { resolveSettingsLanding } from './settingsLanding.ts';

const menu = appRegistry.menuRoutes('settings');
const all = completePermissionMap(Object.fromEntries(Object.keys(defaultPrivileges(RoleId.superManager)).map((key) => [key, 0])));
const withValues = (values: Partial<PermissionMap>): PermissionMap => ({ ...all, ...values });

describe('settings landing', () => {
  it('takes the inner operation role to camera management and everyone else to organisation management', () => {
    expect(resolveSettingsLanding(RoleId.innerOperation, all, menu)).toBe('/settings/cameraMng');
    expect(resolveSettingsLanding(RoleId.superManager, all, menu)).toBe('/settings/settingCommon/orgMng');
    expect(resolveSettingsLanding(RoleId.manager, defaultPrivileges(RoleId.manager), menu)).toBe('/settings/settingCommon/orgMng');
  });

  it('follows the config-page permission: without config_page the operator lands on organisation management', () => {
    expect(resolveSettingsLanding(RoleId.innerOperation, withValues({ config_page: 2 }), menu)).toBe('/settings/settingCommon/orgMng');
    expect(resolveSettingsLanding(RoleId.innerOperation, withValues({ config_page: 1 }), menu)).toBe('/settings/settingCommon/orgMng');
  });

  it('skips pages the map hides or disables and the common group when its flag is hidden', () => {
    expect(resolveSettingsLanding(RoleId.manager, withValues({ cueretail_org_manage: 2 }), menu)).toBe('/settings/settingCommon/userMng');
    expect(resolveSettingsLanding(RoleId.manager, withValues({ cueretail_config_page_com: 2 }), menu)).toBe('/deviceManagement');
  });

  it('takes the observer past the pages barred to it, to what it may open', () => {
    expect(resolveSettingsLanding(RoleId.observer, defaultPrivileges(RoleId.observer), menu)).toBe('/deviceManagement');
    expect(resolveSettingsLanding(RoleId.observer, all, menu)).toBe('/deviceManagement');
  });

  it('has nowhere to go without a map (device status, the last page open to all, has a key of its own now)', () => {
    expect(resolveSettingsLanding(RoleId.manager, null, menu)).toBeNull();
    expect(resolveSettingsLanding(RoleId.superLevel, null, menu)).toBeNull();
  });

  it('skips device status when the map hides it', () => {
    expect(resolveSettingsLanding(RoleId.manager, withValues({ cueretail_config_page_com: 2, cueretail_device_status: 2 }), menu)).toBe(
      '/settings/passengerFlow/flowConf',
    );
  });
});
