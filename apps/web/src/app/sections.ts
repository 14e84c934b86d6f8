import type { NavKey } from '@storelens/contracts';
import type { TabSectionId } from '../shared/routing/types.ts';

export interface TabSection {
  id: TabSectionId;
  /** The navigation key that shows the tab (spec section 6). */
  permission: NavKey;
  /** Where the tab (and the index route) goes (spec section 2, "Navigation targets per permission"). */
  target: string;
  labelKey: string;
}

export const TAB_SECTIONS: readonly TabSection[] = [
  { id: 'traffic', permission: 'cueretail_traffic_nav', target: '/dashboard', labelKey: 'shell:sections.traffic' },
  { id: 'video', permission: 'video_nav', target: '/playback', labelKey: 'shell:sections.video' },
  { id: 'sale', permission: 'sale_nav', target: '/sales', labelKey: 'shell:sections.sale' },
  { id: 'inspection', permission: 'shopinspect_show', target: '/AIInspection/alarmMessage', labelKey: 'shell:sections.inspection' },
  { id: 'service', permission: 'extservice_nav', target: '/temperature', labelKey: 'shell:sections.service' },
  { id: 'batch', permission: 'batchdata_nav', target: '/batch/list', labelKey: 'shell:sections.batch' },
];

/** Where the index route goes when no section is open to the user (or none has pages yet). */
export const FALLBACK_HOME = '/personalCenter/personalInfo';
