import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';

export const MY_RECTIFICATIONS_PATH = '/myTodo/mendTodo';
export const DISPOSE_PATH = '/myTodo/mendTodo/afterDeal/dispose';
export const CREATED_DETAIL_PATH = '/myTodo/mendTodo/ICreated/detailsPatrol';
export const TODO_DETAIL_PATH = '/myTodo/mendTodo/test/detailsPatrol';
export const ALL_RECTIFICATIONS_PATH = '/taskManagement/taskMendTodo';
export const ALL_DETAIL_PATH = '/taskManagement/taskMendTodo/detailsPatrol';

/** The 'My to-do' menu group; the inspection to-do pages (part 2) join it. */
export const MY_TODO_GROUP = 'rectification:menu.myTodo';
const TASKS_GROUP = 'inspectionPlans:menu.group';

/** My to-do's rectification page: the to-do tab and its rectification key (spec section 6). */
const TODO_META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey'> = {
  section: 'inspection',
  permission: 'shopinspect_todo_rect',
  requires: ['shopinspect_show', 'shopinspect_todo_nav'],
  menuGroupKey: MY_TODO_GROUP,
};
/** Task management's rectification page: 'todo all-rectification'. */
const ALL_META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey'> = {
  section: 'inspection',
  permission: 'todo_all_rectification',
  requires: ['shopinspect_show', 'shopinspect_mngplan'],
  menuGroupKey: TASKS_GROUP,
};
/** A hidden page: out of the menu, its list highlighted (spec section 2). */
const hidden = (parent: string): Pick<RouteMeta, 'hideInMenu' | 'parent'> => ({ hideInMenu: true, parent });
const detailPage = () => import('./pages/RectificationDetailPage.tsx').then((module) => ({ Component: module.RectificationDetailPage }));

/**
 * Rectification (issue 14 section 4): my rectifications (/myTodo/mendTodo: to do and created by me,
 * kept alive) with the answer page and two detail pages, and every rectification of the caller's
 * stores (/taskManagement/taskMendTodo) with its detail page. The detail pages show the evidence and
 * the camera's frame at the deadline side by side, the answer and the history.
 */
export const rectificationRoutes: readonly AppRoute[] = [
  // Spec: /myTodo redirects to /myTodo/taskTodo, the inspection to-do (features/inspection).
  {
    path: '/myTodo',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: MY_TODO_GROUP, section: 'inspection', hideInMenu: true },
    redirectTo: '/myTodo/taskTodo',
  },
  // The hidden pages' middle segments, so their breadcrumb reads in words and leads back to the list.
  {
    path: '/myTodo/mendTodo/afterDeal',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:tabs.todo', section: 'inspection', hideInMenu: true },
    redirectTo: MY_RECTIFICATIONS_PATH,
  },
  {
    path: '/myTodo/mendTodo/test',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:tabs.todo', section: 'inspection', hideInMenu: true },
    redirectTo: MY_RECTIFICATIONS_PATH,
  },
  {
    path: '/myTodo/mendTodo/ICreated',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:tabs.created', section: 'inspection', hideInMenu: true },
    redirectTo: `${MY_RECTIFICATIONS_PATH}?tab=created`,
  },
  {
    path: MY_RECTIFICATIONS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:menu.mine', ...TODO_META, menuIcon: 'rectification', keepAlive: true, preload: ['shopTree', 'cameraTree'] },
    page: () => import('./pages/MyRectificationsPage.tsx').then((module) => ({ Component: module.MyRectificationsPage })),
  },
  {
    path: DISPOSE_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:menu.dispose', ...TODO_META, ...hidden(MY_RECTIFICATIONS_PATH) },
    page: () => import('./pages/DisposePage.tsx').then((module) => ({ Component: module.DisposePage })),
  },
  {
    path: CREATED_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:menu.createdDetail', ...TODO_META, ...hidden(MY_RECTIFICATIONS_PATH) },
    page: detailPage,
  },
  {
    path: TODO_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:menu.todoDetail', ...TODO_META, ...hidden(MY_RECTIFICATIONS_PATH) },
    page: detailPage,
  },
  {
    path: ALL_RECTIFICATIONS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:menu.all', ...ALL_META, menuIcon: 'rectification', keepAlive: true, preload: ['shopTree', 'cameraTree'] },
    page: () => import('./pages/AllRectificationsPage.tsx').then((module) => ({ Component: module.AllRectificationsPage })),
  },
  {
    path: ALL_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'rectification:menu.allDetail', ...ALL_META, ...hidden(ALL_RECTIFICATIONS_PATH) },
    page: detailPage,
  },
];

/** Where an item's details live, from the list it is listed in. */
export const detailPathFor = (list: 'mine' | 'created' | 'all', rectificationId: string) =>
  `${list === 'mine' ? TODO_DETAIL_PATH : list === 'created' ? CREATED_DETAIL_PATH : ALL_DETAIL_PATH}?rectificationId=${encodeURIComponent(rectificationId)}`;
export const disposePathFor = (rectificationId: string) => `${DISPOSE_PATH}?rectificationId=${encodeURIComponent(rectificationId)}`;

/**
 * Where a rectification notice of the message center leads: the handler's notices to the to-do's
 * detail, an answer waiting for review to what I created, an escalation to all rectifications.
 */
export function rectificationPathOfNotice(source: string | null, refId: string | null): string | null {
  if (!source?.startsWith('rectification.') || !refId) return null;
  const kind = source.slice('rectification.'.length);
  return detailPathFor(kind === 'feedback' ? 'created' : kind === 'escalated' ? 'all' : 'mine', refId);
}
