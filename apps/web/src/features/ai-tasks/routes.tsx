import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';

export const AI_TASKS_PATH = '/taskManagement/manageAIInspection';
export const AI_TASK_ADD_PATH = '/taskManagement/manageAIInspection/addAiTask';
export const AI_TASK_EDIT_PATH = '/taskManagement/manageAIInspection/editAiTask';
export const AI_TASK_DETAIL_PATH = '/taskManagement/detailsAi';

/** The task-management pages: the inspection tab and the plan-management key (spec section 6), in the task menu group. */
const META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey' | 'preload'> = {
  section: 'inspection',
  permission: 'shopinspect_mngplan',
  requires: ['shopinspect_show'],
  menuGroupKey: 'inspectionPlans:menu.group',
  preload: ['shopTree', 'cameraTree'],
};

/**
 * AI tasks (issue 15 section 1): the list (/taskManagement/manageAIInspection) with its hidden add
 * and edit pages, and the hidden details page (/taskManagement/detailsAi), highlighted under the list.
 */
export const aiTaskRoutes: readonly AppRoute[] = [
  {
    path: AI_TASKS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'aiTasks:menu.list', ...META, menuIcon: 'inspection', keepAlive: true },
    page: () => import('./pages/AiTasksPage.tsx').then((module) => ({ Component: module.AiTasksPage })),
  },
  {
    path: AI_TASK_ADD_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'aiTasks:menu.add', ...META, hideInMenu: true, parent: AI_TASKS_PATH },
    page: () => import('./pages/AiTaskFormPage.tsx').then((module) => ({ Component: module.AiTaskFormPage })),
  },
  {
    path: AI_TASK_EDIT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'aiTasks:menu.edit', ...META, hideInMenu: true, parent: AI_TASKS_PATH },
    page: () => import('./pages/AiTaskFormPage.tsx').then((module) => ({ Component: module.AiTaskFormPage })),
  },
  {
    path: AI_TASK_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'aiTasks:menu.detail', ...META, hideInMenu: true, parent: AI_TASKS_PATH },
    page: () => import('./pages/AiTaskDetailPage.tsx').then((module) => ({ Component: module.AiTaskDetailPage })),
  },
];

export const aiTaskEditPathFor = (taskId: string) => `${AI_TASK_EDIT_PATH}?taskId=${encodeURIComponent(taskId)}`;
export const aiTaskDetailPathFor = (taskId: string) => `${AI_TASK_DETAIL_PATH}?taskId=${encodeURIComponent(taskId)}`;
