import type { OrgNode } from './access.repo.ts';

type TreeNode = Pick<OrgNode, 'id' | 'parent_id'>;

/** The organisation and everything below it. */
export function subtreeOf(orgs: readonly TreeNode[], rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const org of orgs) {
    if (org.parent_id === null) continue;
    const list = children.get(org.parent_id) ?? [];
    list.push(org.id);
    children.set(org.parent_id, list);
  }
  const result = new Set<string>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (result.has(id)) continue;
    result.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return result;
}

/** Names from the root down to the organisation itself. */
export function orgPathNames(orgById: ReadonlyMap<string, OrgNode>, orgId: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  let current = orgById.get(orgId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name);
    current = current.parent_id ? orgById.get(current.parent_id) : undefined;
  }
  return names;
}

export function rootOf<T extends TreeNode>(orgs: readonly T[]): T | undefined {
  return orgs.find((org) => org.parent_id === null);
}
