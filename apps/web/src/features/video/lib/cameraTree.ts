import type { TreeNode } from '@storelens/contracts';
import type { CameraRef } from './playbackPrefs.ts';

/** Every camera of the camera tree with its shop (shop nodes are orgType 1; camera nodes carry cameraId). */
export function camerasOfTree(tree: readonly TreeNode[] | null): Map<string, CameraRef> {
  const cameras = new Map<string, CameraRef>();
  const visit = (nodes: readonly TreeNode[], shop: TreeNode | null) => {
    for (const node of nodes) {
      const here = node.orgType === 1 && node.shopId ? node : shop;
      if (node.cameraId && here?.shopId)
        cameras.set(node.cameraId, {
          cameraId: node.cameraId,
          name: node.name,
          shopId: here.shopId,
          shopName: here.name,
          shopClosed: here.isClosed === true,
          ...(here.timeZone ? { timeZone: here.timeZone } : {}),
        });
      visit(node.sublist, here);
      visit(node.cameraList ?? [], here);
    }
  };
  visit(tree ?? [], null);
  return cameras;
}
