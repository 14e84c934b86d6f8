import { TREE_KEY_PREFIX, type TreeNode } from '@storelens/contracts';

export interface OrgRow {
  id: string;
  parent_id: string | null;
  name: string;
  orgcode: string;
  level: number;
}
export interface ShopRow {
  id: string;
  org_id: string;
  name: string;
  number: string;
  status: string;
  closed_at: string | null;
  time_zone: string;
}
export interface CameraRow {
  id: string;
  shop_id: string;
  name: string;
  number: string;
}

export interface TreeOptions {
  includeShops: boolean;
  cameras?: CameraRow[];
  /** Shops the user may see; null for all. Organisations outside the scope that lead to visible shops stay, unselectable. */
  visibleShops: Set<string> | null;
  /** Organisations the user may select (their scope subtree); null for all. */
  selectableOrgs: Set<string> | null;
}

/**
 * Builds the organisation tree of spec section 3 from flat rows: orgType 0 organisation, 1 shop,
 * 2 camera; keys carry a prefix per kind; prmType -1 marks a node shown only to reach what the
 * user may use. Organisations with nothing visible below them are dropped for scoped users.
 */
export function buildTree(orgs: OrgRow[], shops: ShopRow[], options: TreeOptions): TreeNode[] {
  const camerasByShop = new Map<string, TreeNode[]>();
  for (const camera of options.cameras ?? []) {
    const list = camerasByShop.get(camera.shop_id) ?? [];
    list.push({
      key: `${TREE_KEY_PREFIX.camera}${camera.id}`,
      name: camera.name,
      orgType: 2,
      cameraId: camera.id,
      shopId: camera.shop_id,
      keywordTxt: `${camera.name} ${camera.number}`.toLowerCase(),
      prmType: 0,
      sublist: [],
    });
    camerasByShop.set(camera.shop_id, list);
  }

  const nodes = new Map<string, TreeNode>();
  for (const org of orgs) {
    const selectable = options.selectableOrgs === null || options.selectableOrgs.has(org.id);
    nodes.set(org.id, {
      key: `${TREE_KEY_PREFIX.org}${org.orgcode}`,
      name: org.name,
      orgType: 0,
      orgId: org.id,
      orgcode: org.orgcode,
      keywordTxt: org.name.toLowerCase(),
      prmType: selectable ? 0 : -1,
      sublist: [],
    });
  }
  const hasVisibleShop = new Set<string>();
  if (options.includeShops) {
    for (const shop of [...shops].sort((a, b) => a.number.localeCompare(b.number))) {
      if (options.visibleShops && !options.visibleShops.has(shop.id)) continue;
      const parent = nodes.get(shop.org_id);
      if (!parent) continue;
      const node: TreeNode = {
        key: `${TREE_KEY_PREFIX.shop}${shop.id}`,
        name: shop.name,
        orgType: 1,
        shopId: shop.id,
        keywordTxt: `${shop.name} ${shop.number}`.toLowerCase(),
        prmType: 0,
        isClosed: shop.status === 'closed',
        closeTime: shop.closed_at,
        timeZone: shop.time_zone,
        sublist: [],
      };
      if (options.cameras) node.cameraList = camerasByShop.get(shop.id) ?? [];
      parent.sublist.push(node);
      hasVisibleShop.add(shop.org_id);
    }
  }

  const roots: TreeNode[] = [];
  const byParent = new Map<string | null, OrgRow[]>();
  for (const org of [...orgs].sort((a, b) => a.name.localeCompare(b.name))) {
    const list = byParent.get(org.parent_id) ?? [];
    list.push(org);
    byParent.set(org.parent_id, list);
  }
  const scoped = options.visibleShops !== null || options.selectableOrgs !== null;
  // Depth-first, so each organisation knows whether anything visible lies below it.
  const attach = (org: OrgRow): boolean => {
    const node = nodes.get(org.id) as TreeNode;
    let visibleBelow = hasVisibleShop.has(org.id) || node.prmType === 0;
    const childOrgs: TreeNode[] = [];
    for (const child of byParent.get(org.id) ?? []) {
      if (attach(child)) {
        childOrgs.push(nodes.get(child.id) as TreeNode);
        visibleBelow = true;
      }
    }
    node.sublist = [...childOrgs, ...node.sublist];
    return !scoped || visibleBelow;
  };
  for (const root of byParent.get(null) ?? []) if (attach(root)) roots.push(nodes.get(root.id) as TreeNode);
  return roots;
}
