import type { MenuFlag } from '@storelens/contracts';
import type { RouteMeta } from './types.ts';

/**
 * The groups of the settings side menu (spec section 6: setting groups shown per
 * cueretail_config_page_cus, _sale and _com). A page of a group carries the group's flag besides
 * its own key, so the guard and the menu hide the whole group with it; a group appears only
 * when one of its pages is open to the user ("only groups that have pages").
 */
export const SETTINGS_GROUPS = {
  customerFlow: { labelKey: 'shell:settingsGroups.customerFlow', permission: 'cueretail_config_page_cus' },
  sales: { labelKey: 'shell:settingsGroups.sales', permission: 'cueretail_config_page_sale' },
  common: { labelKey: 'shell:settingsGroups.common', permission: 'cueretail_config_page_com' },
} as const satisfies Record<string, { labelKey: string; permission: MenuFlag }>;

export type SettingsGroupId = keyof typeof SETTINGS_GROUPS;

/** Route meta placing a page in a settings group: the settings section, the group's menu heading and flag. */
export function settingsGroupMeta(group: SettingsGroupId): Pick<RouteMeta, 'section' | 'menuGroupKey' | 'requires'> {
  const { labelKey, permission } = SETTINGS_GROUPS[group];
  return { section: 'settings', menuGroupKey: labelKey, requires: [permission] };
}
