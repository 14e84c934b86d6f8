import type { TreeNode } from '@storelens/contracts';

/** Shop-tree builders for tests (nothing in the app imports this file). */
export const treeNode = (partial: Partial<TreeNode> & Pick<TreeNode, 'key' | 'name' | 'orgType'>): TreeNode => ({
  keywordTxt: partial.name,
  prmType: 0,
  sublist: [],
  ...partial,
});

/** A shop leaf with key `s_<id>` and name `Shop <id>`. */
export const shopNode = (id: string, extra: Partial<TreeNode> = {}) => treeNode({ key: `s_${id}`, name: `Shop ${id}`, orgType: 1, shopId: id, ...extra });
