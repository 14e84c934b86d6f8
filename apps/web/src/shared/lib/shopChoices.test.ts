import type { TreeNode } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { cameraChoicesOfShop, shopChoicesOf } from './shopChoices.ts';

const node = (overrides: Partial<TreeNode>): TreeNode => ({ key: 'k', name: 'n', orgType: 0, keywordTxt: '', prmType: 0, sublist: [], ...overrides });

const tree: TreeNode[] = [
  node({
    key: 'o_root',
    name: 'Head office',
    prmType: -1,
    sublist: [
      node({
        key: 's_1',
        name: 'Store One',
        orgType: 1,
        shopId: '1',
        timeZone: 'Asia/Shanghai',
        cameraList: [node({ key: 'c_a', name: 'Entrance', orgType: 2, cameraId: 'a' }), node({ key: 'c_b', name: 'Checkout', orgType: 2, cameraId: 'b' })],
      }),
      node({ key: 's_2', name: 'Store Two', orgType: 1, shopId: '2', cameraList: [node({ key: 'c_c', name: 'Door', orgType: 2, cameraId: 'c' })] }),
      node({ key: 's_3', name: 'Closed', orgType: 1, shopId: '3', isClosed: true }),
      node({ key: 's_4', name: 'Outside', orgType: 1, shopId: '4', prmType: -1 }),
    ],
  }),
];

describe('shop and camera choices of the create form', () => {
  it('lists the stores one may choose, with their zones', () => {
    expect(shopChoicesOf(tree)).toEqual([
      { value: '1', label: 'Store One', timeZone: 'Asia/Shanghai' },
      { value: '2', label: 'Store Two', timeZone: null },
    ]);
    expect(shopChoicesOf(null)).toEqual([]);
  });

  it('lists the cameras of the chosen store only', () => {
    expect(cameraChoicesOfShop(tree, '1')).toEqual([
      { value: 'a', label: 'Entrance' },
      { value: 'b', label: 'Checkout' },
    ]);
    expect(cameraChoicesOfShop(tree, '2').map((camera) => camera.value)).toEqual(['c']);
    expect(cameraChoicesOfShop(tree, undefined)).toEqual([]);
  });
});
