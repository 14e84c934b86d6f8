import { describe, expect, it } from 'vitest';
import { rectificationRoutes } from '../rectification/routes.tsx';
import { inspectionRoutes, TODO_DISPOSE_PATH, TODO_PATH, todoDisposePath } from './routes.tsx';

describe('my to-do’s inspection pages', () => {
  it('/myTodo leads to the inspection to-do, once (spec section 2)', () => {
    const redirects = [...inspectionRoutes, ...rectificationRoutes].filter((route) => route.path === '/myTodo');
    expect(redirects.map((route) => route.redirectTo)).toEqual([TODO_PATH]);
  });

  it('keeps the doing page out of the menu, its list highlighted, behind the to-do key', () => {
    const dispose = inspectionRoutes.find((route) => route.path === TODO_DISPOSE_PATH);
    expect(dispose?.meta).toMatchObject({ hideInMenu: true, parent: TODO_PATH, permission: 'shopinspect_todo_nav' });
    expect(todoDisposePath('a 1')).toBe('/myTodo/taskTodo/afterDeal/dispose?assignmentId=a%201');
  });
});
