import { describe, expect, it } from 'vitest';
import { firstProblem } from './todoChecks.ts';

const items = [
  { itemId: 'a', media: [] as { kind: 'image' | 'screenshot' }[] },
  { itemId: 'b', media: [{ kind: 'image' as const }] },
];

describe('firstProblem', () => {
  it('asks for every item’s result first', () => {
    expect(firstProblem(items, { a: { result: 'pass', remark: '' } }, 'remote')).toEqual({ key: 'inspection.resultsIncomplete', itemId: 'b' });
  });
  it('asks a failed item for its remark, then for its screenshot (an image is not one when remote)', () => {
    const marks = { a: { result: 'pass' as const, remark: '' }, b: { result: 'fail' as const, remark: '  ' } };
    expect(firstProblem(items, marks, 'remote')).toEqual({ key: 'errors.fillRemarks', itemId: 'b' });
    marks.b.remark = 'Dusty';
    expect(firstProblem(items, marks, 'remote')).toEqual({ key: 'errors.takeScreenshot', itemId: 'b' });
    // On site the phone's photo is the picture.
    expect(firstProblem(items, marks, 'onsite')).toBeNull();
  });
  it('lets pass and invalid go without remark or picture', () => {
    expect(firstProblem(items, { a: { result: 'invalid', remark: '' }, b: { result: 'pass', remark: '' } }, 'remote')).toBeNull();
  });
});
