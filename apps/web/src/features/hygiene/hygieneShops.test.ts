import type { TreeNode } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { hygienicStores, percent } from './hygieneShops.ts';

const node = (overrides: Partial<TreeNode>): TreeNode => ({
  key: overrides.shopId ?? overrides.name ?? '',
  keywordTxt: '',
  orgType: 0,
  name: '',
  prmType: 0,
  isClosed: false,
  sublist: [],
  ...overrides,
});

describe('the hygienic shop tree', () => {
  it('offers the stores still operating that the caller may use, in tree order', () => {
    const tree = [
      node({
        name: 'Head office',
        sublist: [
          node({ orgType: 1, shopId: 's1', name: 'Store One' }),
          node({ orgType: 1, shopId: 's2', name: 'Closed', isClosed: true }),
          node({ orgType: 1, shopId: 's3', name: 'Not mine', prmType: -1 }),
          node({ name: 'East', sublist: [node({ orgType: 1, shopId: 's4', name: 'Store Four' })] }),
        ],
      }),
    ];
    expect(hygienicStores(tree)).toEqual([
      { value: 's1', label: 'Store One' },
      { value: 's4', label: 'Store Four' },
    ]);
    expect(hygienicStores(null)).toEqual([]);
  });

  it('writes shares as percentages, nothing measured as a dash', () => {
    expect(percent(0.666)).toBe('67%');
    expect(percent(null)).toBe('–');
  });
});
