import type { TreeNode } from '@storelens/contracts';

/** A node of antd's TreeSelect: organisations and stores to open, cameras to pick. */
export interface CameraChoiceNode {
  title: string;
  value: string;
  /** Only cameras are picked; the others group them (a checkable tree still checks a store's cameras through them). */
  selectable: boolean;
  children: CameraChoiceNode[];
}

/**
 * The camera tree as TreeSelect data: every organisation and store that holds a camera, the
 * cameras as leaves whose value is the camera's id (what the operations take). Stores without a
 * camera are left out: nothing there to pick.
 */
export function cameraChoices(tree: readonly TreeNode[] | null): CameraChoiceNode[] {
  const convert = (node: TreeNode): CameraChoiceNode | null => {
    if (node.orgType === 2 && node.cameraId) return { title: node.name, value: node.cameraId, selectable: true, children: [] };
    const children = [...(node.cameraList ?? []), ...node.sublist].map(convert).filter((child): child is CameraChoiceNode => child !== null);
    if (children.length === 0) return null;
    return { title: node.name, value: `group:${node.key}`, selectable: false, children };
  };
  return (tree ?? []).map(convert).filter((node): node is CameraChoiceNode => node !== null);
}

/** The first camera of the choices, in tree order: what a page shows before anyone picks. */
export function firstCameraOf(choices: readonly CameraChoiceNode[]): string | null {
  for (const node of choices) {
    if (node.selectable) return node.value;
    const found = firstCameraOf(node.children);
    if (found) return found;
  }
  return null;
}

/** The camera ids among TreeSelect values (a checked store's value stands for its cameras, which are listed too). */
export const cameraIdsOf = (values: readonly string[]): string[] => values.filter((value) => !value.startsWith('group:'));

/** Every camera's store id, for a picker that needs the camera's store (the player's address). */
export function shopOfCameras(tree: readonly TreeNode[] | null): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (nodes: readonly TreeNode[], shopId: string | undefined) => {
    for (const node of nodes) {
      const shop = node.orgType === 1 ? node.shopId : shopId;
      if (node.orgType === 2 && node.cameraId && shop) found.set(node.cameraId, shop);
      visit([...(node.cameraList ?? []), ...node.sublist], shop);
    }
  };
  visit(tree ?? [], undefined);
  return found;
}
