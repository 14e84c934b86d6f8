import { describe, expect, it } from 'vitest';
import { AI_TASK_ADD_PATH, AI_TASK_DETAIL_PATH, AI_TASK_EDIT_PATH, AI_TASKS_PATH, aiTaskDetailPathFor, aiTaskEditPathFor, aiTaskRoutes } from './routes.tsx';

describe('AI task routes', () => {
  it('are the spec’s paths: the list in the task-management menu, behind the inspection tab and the plan-management key', () => {
    expect(aiTaskRoutes.map((route) => route.path)).toEqual([
      '/taskManagement/manageAIInspection',
      '/taskManagement/manageAIInspection/addAiTask',
      '/taskManagement/manageAIInspection/editAiTask',
      '/taskManagement/detailsAi',
    ]);
    const list = aiTaskRoutes.find((route) => route.path === AI_TASKS_PATH);
    expect(list?.meta).toMatchObject({ permission: 'shopinspect_mngplan', requires: ['shopinspect_show'], menuGroupKey: 'inspectionPlans:menu.group' });
    expect(list?.meta.hideInMenu).toBeUndefined();
  });

  it('hide add, edit and details under the list, and carry the task in the address', () => {
    for (const path of [AI_TASK_ADD_PATH, AI_TASK_EDIT_PATH, AI_TASK_DETAIL_PATH]) {
      expect(aiTaskRoutes.find((route) => route.path === path)?.meta).toMatchObject({
        hideInMenu: true,
        parent: AI_TASKS_PATH,
        permission: 'shopinspect_mngplan',
      });
    }
    expect(aiTaskEditPathFor('a b')).toBe('/taskManagement/manageAIInspection/editAiTask?taskId=a%20b');
    expect(aiTaskDetailPathFor('t1')).toBe('/taskManagement/detailsAi?taskId=t1');
  });
});
