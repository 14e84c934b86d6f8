import type { Locale, PermissionKey } from '@storelens/contracts';
import type { ComponentType } from 'react';

/** The top-bar sections (spec section 2), in tab order. */
export const TAB_SECTION_IDS = ['traffic', 'video', 'sale', 'inspection', 'service', 'batch'] as const;
export type TabSectionId = (typeof TAB_SECTION_IDS)[number];
/** Sections reached from the user menu rather than a tab. */
export type SectionId = TabSectionId | 'settings' | 'personal';

/**
 * public: anyone; user: a signed-in user, no customer needed (the customer picker);
 * customer: signed in with a customer selected (every page of the app shell).
 */
export type RouteAccess = 'public' | 'user' | 'customer';

/** Data a page needs before it renders (spec: pages load their shop tree, or shop and camera trees). */
export type PreloadNeed = 'shopTree' | 'cameraTree' | 'orgTree';

/** Names of side-menu icons; the shell maps them to icon components (route files stay free of antd). */
export type MenuIconName =
  | 'user'
  | 'dashboard'
  | 'video'
  | 'sale'
  | 'inspection'
  | 'setting'
  | 'service'
  | 'batch'
  | 'message'
  | 'board'
  | 'organisation'
  | 'team'
  | 'role'
  | 'camera'
  | 'device'
  | 'trend'
  | 'entrance'
  | 'timeInterval'
  | 'ranking'
  | 'comparison'
  | 'quadrant'
  | 'report'
  | 'visitors'
  | 'calendar'
  | 'template'
  | 'panorama'
  | 'webhook'
  | 'rectification'
  | 'alarm'
  | 'temperature'
  | 'hygiene'
  | 'extensions'
  | 'warehouse';

/** Query parameters an intermediate breadcrumb link carries (phase task, cyclic and single details). */
export type BreadcrumbQueryKey = 'planId' | 'batchId';

export interface RouteMeta {
  /** i18n key (`namespace:key`) naming the page in the menu, breadcrumb and document title. */
  titleKey: string;
  section?: SectionId;
  /** The route is reachable only when this key is not hidden (2) in the permission map. */
  permission?: PermissionKey;
  /**
   * Further keys that must not be hidden either, e.g. the settings group's config-page flag
   * (cueretail_config_page_com) besides the page's own key. The menu disables the entry when any is 1.
   */
  requires?: readonly PermissionKey[];
  /** Only these role ids may open the route. */
  allowRoles?: readonly number[];
  /** These role ids may not open the route. */
  barRoles?: readonly number[];
  /** Keep the page mounted (hidden) when navigating away, e.g. lists users return to. */
  keepAlive?: boolean;
  hideBreadcrumb?: boolean;
  hideInMenu?: boolean;
  /** Menu entry to highlight for a hidden page (add/edit/detail pages highlight their list). */
  parent?: string;
  preload?: readonly PreloadNeed[];
  /** External data-board page embedded by address. */
  boardAddress?: string;
  /** The breadcrumb shows 'Data Update Time' (the page supplies the time). */
  showDataUpdateTime?: boolean;
  /** When this route appears as an intermediate breadcrumb link, carry these query parameters. */
  breadcrumbQuery?: readonly BreadcrumbQueryKey[];
  /** i18n key of the side-menu group the entry belongs to. */
  menuGroupKey?: string;
  menuIcon?: MenuIconName;
  /** Opening the route switches the language first (the Korean entrance /login/kr). */
  locale?: Locale;
}

export type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * One route of a feature. Paths are absolute. `layout` decides whether the page loads inside the
 * antd app shell or stands alone (public pages must stay free of antd for the /login budget).
 */
export interface AppRoute {
  path: string;
  layout: 'public' | 'shell';
  access: RouteAccess;
  meta: RouteMeta;
  /** The page module, loaded on navigation. Absent for redirect routes. */
  page?: LazyPage;
  /** A route that only forwards (spec: /myTodo redirects to /myTodo/taskTodo). */
  redirectTo?: string;
  /** The index route: forwards to the first permitted section that has pages. */
  index?: boolean;
}
