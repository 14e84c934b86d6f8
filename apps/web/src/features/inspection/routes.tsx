import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';

export const ITEMS_PATH = '/SOPmanage/inspectionItem';
export const ITEM_ADD_PATH = '/SOPmanage/inspectionItem/add';
export const ITEM_EDIT_PATH = '/SOPmanage/inspectionItem/edit';
export const ITEM_DETAIL_PATH = '/SOPmanage/inspectionItem/inspecItemDetail';
export const CATEGORIES_PATH = '/SOPmanage/inspectionClassList';
export const CATEGORY_ADD_PATH = '/SOPmanage/inspectionClassList/add';
export const CATEGORY_EDIT_PATH = '/SOPmanage/inspectionClassList/edit';
export const PLANS_PATH = '/taskManagement/dailyPatrol';
export const PLAN_ADD_PATH = '/taskManagement/dailyPatrol/add';
export const PLAN_EDIT_PATH = '/taskManagement/dailyPatrol/editDailyInspection';
export const PLAN_SINGLE_PATH = '/taskManagement/dailyPatrol/detailsSingle';
export const PLAN_PHASES_PATH = '/taskManagement/dailyPatrol/phaseTask';
export const PHASE_DETAIL_PATH = '/taskManagement/dailyPatrol/phaseTask/detailsCyclic';
export const TODO_PATH = '/myTodo/taskTodo';
export const TODO_DISPOSE_PATH = '/myTodo/taskTodo/afterDeal/dispose';
export const SITE_INSPECTION_PATH = '/myTodo/siteInspection';
/** Not in the spec's route list (docs/decisions/inspection.md): a menu child of task management. */
export const PATROL_ANALYSIS_PATH = '/taskManagement/patrolAnalysis';
export const TODO_RESULT_PATH = '/myTodo/taskTodo/processRecord/detailsPatrol';
export const SITE_RESULT_PATH = '/myTodo/siteInspection/processRecord/detailsPatrol';

/** Registered at sign-out by the composition root; the offline code loads only when someone signs out. */
export const forgetInspectionOfflineReads = (userId: string): Promise<void> =>
  import('./offline/forget.ts').then((module) => module.forgetOfflineReads(userId));

const sopGroup = 'sop:menu.group';
const tasksGroup = 'inspectionPlans:menu.group';
/** Every SOP page sits behind the inspection tab and the SOP menu flag (spec section 6). */
const SOP_META: Pick<RouteMeta, 'section' | 'requires' | 'menuGroupKey'> = {
  section: 'inspection',
  requires: ['shopinspect_show', 'cueretail_shopinspect_mngsop'],
  menuGroupKey: sopGroup,
};
const PLAN_META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey'> = {
  section: 'inspection',
  permission: 'shopinspect_mngplan',
  requires: ['shopinspect_show'],
  menuGroupKey: tasksGroup,
};
/** My to-do's inspection pages: the to-do tab's key (spec section 6), in rectification's 'My to-do' menu group. */
const TODO_META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey'> = {
  section: 'inspection',
  permission: 'shopinspect_todo_nav',
  requires: ['shopinspect_show'],
  menuGroupKey: 'rectification:menu.myTodo',
};
/** A hidden add, edit or detail page: out of the menu, its list highlighted (spec section 2). */
const hidden = (parent: string): Pick<RouteMeta, 'hideInMenu' | 'parent'> => ({ hideInMenu: true, parent });

/**
 * Patrol inspection, part 1 (issue 14): the SOP (/SOPmanage/*, lists kept alive; /patrol and
 * /patrolContainer lead there) and inspection plans (/taskManagement/dailyPatrol with its hidden
 * add, edit, single details, phase task and cyclic details; the breadcrumb's links carry planId and
 * batchId).
 */
export const inspectionRoutes: readonly AppRoute[] = [
  {
    path: '/patrol',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.group', section: 'inspection', hideInMenu: true },
    redirectTo: ITEMS_PATH,
  },
  {
    path: '/patrolContainer',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.group', section: 'inspection', hideInMenu: true },
    redirectTo: ITEMS_PATH,
  },
  {
    path: '/SOPmanage',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.group', section: 'inspection', hideInMenu: true },
    redirectTo: ITEMS_PATH,
  },
  {
    path: ITEMS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.items', ...SOP_META, permission: 'cueretail_siitem_manage', menuIcon: 'inspection', keepAlive: true },
    page: () => import('./pages/InspectionItemsPage.tsx').then((module) => ({ Component: module.InspectionItemsPage })),
  },
  {
    path: ITEM_ADD_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.itemAdd', ...SOP_META, permission: 'siitem_create', ...hidden(ITEMS_PATH) },
    page: () => import('./pages/ItemFormPage.tsx').then((module) => ({ Component: module.ItemFormPage })),
  },
  {
    path: ITEM_EDIT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.itemEdit', ...SOP_META, permission: 'siitem_update', ...hidden(ITEMS_PATH) },
    page: () => import('./pages/ItemFormPage.tsx').then((module) => ({ Component: module.ItemFormPage })),
  },
  {
    path: ITEM_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.itemDetail', ...SOP_META, permission: 'cueretail_siitem_manage', ...hidden(ITEMS_PATH) },
    page: () => import('./pages/ItemDetailPage.tsx').then((module) => ({ Component: module.ItemDetailPage })),
  },
  {
    path: CATEGORIES_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.categories', ...SOP_META, permission: 'cueretail_shopinspect_mngsop', menuIcon: 'template', keepAlive: true },
    page: () => import('./pages/CategoriesPage.tsx').then((module) => ({ Component: module.CategoriesPage })),
  },
  {
    path: CATEGORY_ADD_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.categoryAdd', ...SOP_META, permission: 'siclass_create', ...hidden(CATEGORIES_PATH) },
    page: () => import('./pages/CategoryFormPage.tsx').then((module) => ({ Component: module.CategoryFormPage })),
  },
  {
    path: CATEGORY_EDIT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sop:menu.categoryEdit', ...SOP_META, permission: 'siclass_update', ...hidden(CATEGORIES_PATH) },
    page: () => import('./pages/CategoryFormPage.tsx').then((module) => ({ Component: module.CategoryFormPage })),
  },
  {
    path: '/taskManagement',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: tasksGroup, section: 'inspection', hideInMenu: true },
    redirectTo: PLANS_PATH,
  },
  {
    path: PLANS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.plans', ...PLAN_META, menuIcon: 'calendar', keepAlive: true, preload: ['shopTree'] },
    page: () => import('./pages/PlansPage.tsx').then((module) => ({ Component: module.PlansPage })),
  },
  {
    path: PATROL_ANALYSIS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.analysis', ...PLAN_META, menuIcon: 'report', keepAlive: true, preload: ['shopTree'] },
    page: () => import('./pages/analysis/PatrolAnalysisPage.tsx').then((module) => ({ Component: module.PatrolAnalysisPage })),
  },
  {
    path: PLAN_ADD_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'inspectionPlans:menu.add',
      ...PLAN_META,
      requires: ['shopinspect_show', 'inspection_plan_update'],
      preload: ['shopTree'],
      ...hidden(PLANS_PATH),
    },
    page: () => import('./pages/PlanFormPage.tsx').then((module) => ({ Component: module.PlanFormPage })),
  },
  {
    path: PLAN_EDIT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'inspectionPlans:menu.edit',
      ...PLAN_META,
      requires: ['shopinspect_show', 'inspection_plan_update'],
      preload: ['shopTree'],
      ...hidden(PLANS_PATH),
    },
    page: () => import('./pages/PlanFormPage.tsx').then((module) => ({ Component: module.PlanFormPage })),
  },
  {
    path: PLAN_SINGLE_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.singleDetails', ...PLAN_META, breadcrumbQuery: ['planId'], ...hidden(PLANS_PATH) },
    page: () => import('./pages/PlanDetailPage.tsx').then((module) => ({ Component: module.PlanDetailPage })),
  },
  {
    path: PLAN_PHASES_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.phaseTask', ...PLAN_META, breadcrumbQuery: ['planId'], ...hidden(PLANS_PATH) },
    page: () => import('./pages/PlanDetailPage.tsx').then((module) => ({ Component: module.PlanDetailPage })),
  },
  {
    path: PHASE_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.cyclicDetails', ...PLAN_META, breadcrumbQuery: ['planId', 'batchId'], ...hidden(PLANS_PATH) },
    page: () => import('./pages/PhaseDetailPage.tsx').then((module) => ({ Component: module.PhaseDetailPage })),
  },
  {
    path: TODO_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.todo', ...TODO_META, menuIcon: 'inspection', keepAlive: true },
    page: () => import('./pages/todo/TodoListPage.tsx').then((module) => ({ Component: module.TodoListPage })),
  },
  // The hidden page's middle segment, so its breadcrumb reads in words and leads back to the list.
  {
    path: '/myTodo/taskTodo/afterDeal',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.todo', section: 'inspection', hideInMenu: true },
    redirectTo: TODO_PATH,
  },
  {
    path: TODO_DISPOSE_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.dispose', ...TODO_META, ...hidden(TODO_PATH) },
    page: () => import('./pages/todo/TodoDisposePage.tsx').then((module) => ({ Component: module.TodoDisposePage })),
  },
  {
    path: SITE_INSPECTION_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.site', ...TODO_META, menuIcon: 'inspection' },
    page: () => import('./pages/todo/SiteInspectionPage.tsx').then((module) => ({ Component: module.SiteInspectionPage })),
  },
  // A submitted inspection's result, read only, from either to-do's done tab.
  {
    path: '/myTodo/taskTodo/processRecord',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.todo', section: 'inspection', hideInMenu: true },
    redirectTo: TODO_PATH,
  },
  {
    path: TODO_RESULT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.result', ...TODO_META, ...hidden(TODO_PATH) },
    page: () => import('./pages/todo/ResultDetailsPage.tsx').then((module) => ({ Component: module.ResultDetailsPage })),
  },
  {
    path: '/myTodo/siteInspection/processRecord',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.site', section: 'inspection', hideInMenu: true },
    redirectTo: SITE_INSPECTION_PATH,
  },
  {
    path: SITE_RESULT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'inspectionPlans:menu.result', ...TODO_META, ...hidden(SITE_INSPECTION_PATH) },
    page: () => import('./pages/todo/ResultDetailsPage.tsx').then((module) => ({ Component: module.ResultDetailsPage })),
  },
];

export const siteInspectionPath = (assignmentId: string) => `${SITE_INSPECTION_PATH}?assignmentId=${encodeURIComponent(assignmentId)}`;
export const todoResultPath = (assignmentId: string) => `${TODO_RESULT_PATH}?assignmentId=${encodeURIComponent(assignmentId)}`;
export const siteResultPath = (assignmentId: string) => `${SITE_RESULT_PATH}?assignmentId=${encodeURIComponent(assignmentId)}`;
export const todoDisposePath = (assignmentId: string) => `${TODO_DISPOSE_PATH}?assignmentId=${encodeURIComponent(assignmentId)}`;
