import type { TreeNode } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { filterTree, findNode, keysToDepth, orgIdOf, orgsOnly } from './trees.ts';

const node = (key: string, name: string, orgType: 0 | 1, sublist: TreeNode[] = [], extra: Partial<TreeNode> & { orgId?: string } = {}): TreeNode => ({
  key,
  name,
  orgType,
  keywordTxt: name.toLowerCase(),
  prmType: 0,
  sublist,
  ...extra,
});

const tree = [
  node('o_ROOT', 'Demo', 0, [
    node('o_CN', 'China', 0, [node('s_1', 'Shanghai Nanjing Road', 1), node('o_SH', 'Shanghai', 0, [node('s_2', 'Lujiazui', 1)])], { orgId: 'org-cn' }),
    node('o_KR', 'Korea', 0, [node('s_3', 'Gangnam', 1)]),
  ]),
];

describe('tree helpers', () => {
  it('reads the organisation id of a node when the server gives it', () => {
    expect(orgIdOf(findNode(tree, 'o_CN') as TreeNode)).toBe('org-cn');
    expect(orgIdOf(findNode(tree, 'o_KR') as TreeNode)).toBeNull();
  });

  it('keeps organisations only', () => {
    const orgs = orgsOnly(tree);
    expect(findNode(orgs, 's_1')).toBeNull();
    expect(findNode(orgs, 'o_SH')?.sublist).toEqual([]);
  });

  it('filters by the search text, keeping the path to each match and expanding it', () => {
    const { nodes, expandedKeys } = filterTree(tree, 'lujia');
    expect(findNode(nodes, 's_2')).not.toBeNull();
    expect(findNode(nodes, 'o_KR')).toBeNull();
    expect(expandedKeys.sort()).toEqual(['o_CN', 'o_ROOT', 'o_SH']);
    expect(filterTree(tree, '  ').nodes).toHaveLength(1);
  });

  it('a matching organisation keeps all of its children', () => {
    expect(findNode(filterTree(tree, 'korea').nodes, 's_3')).not.toBeNull();
  });

  it('lists the keys down to a depth', () => {
    expect(keysToDepth(tree, 1)).toEqual(['o_ROOT']);
    expect(keysToDepth(tree, 2).sort()).toEqual(['o_CN', 'o_KR', 'o_ROOT']);
  });
});
