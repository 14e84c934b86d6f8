import { describe, expect, it } from 'vitest';
import { detailPathFor, rectificationPathOfNotice } from './routes.tsx';

describe('where a rectification notice leads', () => {
  it('takes the handler to the to-do detail, the founder to what they created, a superior to all', () => {
    expect(rectificationPathOfNotice('rectification.assigned', 'r1')).toBe('/myTodo/mendTodo/test/detailsPatrol?rectificationId=r1');
    expect(rectificationPathOfNotice('rectification.rejected', 'r1')).toBe(detailPathFor('mine', 'r1'));
    expect(rectificationPathOfNotice('rectification.feedback', 'r1')).toBe('/myTodo/mendTodo/ICreated/detailsPatrol?rectificationId=r1');
    expect(rectificationPathOfNotice('rectification.escalated', 'r1')).toBe('/taskManagement/taskMendTodo/detailsPatrol?rectificationId=r1');
  });

  it('leaves other messages alone', () => {
    expect(rectificationPathOfNotice('camera_offline', 'c1')).toBeNull();
    expect(rectificationPathOfNotice('rectification.assigned', null)).toBeNull();
    expect(rectificationPathOfNotice(null, 'r1')).toBeNull();
  });
});
