import type { TreeNode } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { cameraChoices, cameraIdsOf, firstCameraOf, shopOfCameras } from './cameraChoice.ts';

const node = (over: Partial<TreeNode> & Pick<TreeNode, 'key' | 'name' | 'orgType'>): TreeNode => ({ keywordTxt: '', prmType: 1, sublist: [], ...over });
const tree: TreeNode[] = [
  node({
    key: 'org-1',
    name: 'Head office',
    orgType: 0,
    sublist: [
      node({ key: 'shop-1', name: 'Nanjing Road', orgType: 1, shopId: 's1', cameraList: [node({ key: 'cam-1', name: 'Door', orgType: 2, cameraId: 'c1' })] }),
      node({ key: 'shop-2', name: 'No cameras', orgType: 1, shopId: 's2' }),
    ],
  }),
];

describe('camera choices', () => {
  it('keeps the organisations and stores that hold cameras, cameras as leaves valued by their id', () => {
    expect(cameraChoices(tree)).toEqual([
      {
        title: 'Head office',
        value: 'group:org-1',
        selectable: false,
        children: [
          {
            title: 'Nanjing Road',
            value: 'group:shop-1',
            selectable: false,
            children: [{ title: 'Door', value: 'c1', selectable: true, children: [] }],
          },
        ],
      },
    ]);
    expect(cameraChoices(null)).toEqual([]);
  });

  it('finds the first camera in tree order, past stores without one', () => {
    const withEmptyFirst: TreeNode[] = [node({ key: 'shop-0', name: 'Empty', orgType: 1, shopId: 's0' }), ...tree];
    expect(firstCameraOf(cameraChoices(withEmptyFirst))).toBe('c1');
    expect(firstCameraOf([])).toBeNull();
  });

  it('reads camera ids and their stores', () => {
    expect(cameraIdsOf(['group:shop-1', 'c1'])).toEqual(['c1']);
    expect([...shopOfCameras(tree)]).toEqual([['c1', 's1']]);
  });
});
