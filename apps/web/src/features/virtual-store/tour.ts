import { type Hotspot, type HotspotInput, type PanoInfo, type Panorama, type TreeNode, virtualStoreOperations } from '@storelens/contracts';
import { operationUrl } from '../../shared/lib/operations.ts';

export interface Spot {
  yaw: number;
  pitch: number;
}

/** What the viewer shows of one panorama: its tiles, its links (the tour) and its camera hotspots. */
export interface TourNode {
  id: string;
  name: string;
  panorama: { width: number; cols: number; rows: number; baseUrl: string; tileUrl: (col: number, row: number) => string };
  initialView: Spot;
  links: { hotspotId: string; targetId: string; targetName: string; label: string; position: Spot }[];
  cameras: { hotspotId: string; cameraId: string; label: string; position: Spot }[];
}

/** The tiled panorama of the equirectangular tiles adapter, from the server's answer. */
export function tilesOf(panorama: Panorama): TourNode['panorama'] {
  return {
    width: panorama.tiles.width,
    cols: panorama.tiles.cols,
    rows: panorama.tiles.rows,
    baseUrl: operationUrl(virtualStoreOperations.panoImage, { panoramaId: panorama.id, size: 'base' }),
    tileUrl: (col, row) => operationUrl(virtualStoreOperations.panoTile, { panoramaId: panorama.id, col, row }),
  };
}

/**
 * The tour's nodes: one per panorama, links to the store's other panoramas (a link whose target is
 * gone is dropped), camera hotspots labelled by their label, else the camera's name in the tree.
 */
export function tourNodes(info: PanoInfo, cameraName: (cameraId: string) => string | undefined, fallbackCameraName: string): TourNode[] {
  const names = new Map(info.panoramas.map((panorama) => [panorama.id, panorama.name]));
  return info.panoramas.map((panorama) => ({
    id: panorama.id,
    name: panorama.name,
    panorama: tilesOf(panorama),
    initialView: { yaw: panorama.initialYaw, pitch: panorama.initialPitch },
    links: panorama.hotspots.flatMap((spot) => {
      const targetName = spot.targetPanoramaId ? names.get(spot.targetPanoramaId) : undefined;
      if (spot.kind !== 'link' || !spot.targetPanoramaId || targetName === undefined) return [];
      return [
        { hotspotId: spot.id, targetId: spot.targetPanoramaId, targetName, label: spot.label || targetName, position: { yaw: spot.yaw, pitch: spot.pitch } },
      ];
    }),
    cameras: panorama.hotspots.flatMap((spot) =>
      spot.kind === 'camera' && spot.cameraId
        ? [
            {
              hotspotId: spot.id,
              cameraId: spot.cameraId,
              label: spot.label || cameraName(spot.cameraId) || fallbackCameraName,
              position: { yaw: spot.yaw, pitch: spot.pitch },
            },
          ]
        : [],
    ),
  }));
}

/** The live view of a camera (the playback page reads shopId and cameraId from the address). */
export const liveViewPath = (shopId: string, cameraId: string) => `/playback?${new URLSearchParams({ shopId, cameraId })}`;

/** An editor's draft of a hotspot: what pano/update takes, with a key the list can use. */
export type DraftHotspot = HotspotInput & { key: string };

export function draftOf(hotspots: readonly Hotspot[]): DraftHotspot[] {
  return hotspots.map((spot) => ({
    key: spot.id,
    kind: spot.kind,
    yaw: spot.yaw,
    pitch: spot.pitch,
    label: spot.label,
    cameraId: spot.cameraId,
    targetPanoramaId: spot.targetPanoramaId,
  }));
}

/** The update's hotspots from a draft (keys are the editor's own). */
export const hotspotsOfDraft = (draft: readonly DraftHotspot[]): HotspotInput[] => draft.map(({ key: _key, ...spot }) => spot);

/** The cameras of a store in the camera tree (under its node, in the tree's camera lists or children). */
export function camerasOfShop(tree: readonly TreeNode[] | null, shopId: string | null): { cameraId: string; name: string }[] {
  if (!tree || !shopId) return [];
  const found: { cameraId: string; name: string }[] = [];
  const collect = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (node.cameraId) found.push({ cameraId: node.cameraId, name: node.name });
      collect(node.sublist);
      collect(node.cameraList ?? []);
    }
  };
  const visit = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (node.shopId === shopId && node.orgType === 1) collect([...(node.cameraList ?? []), ...node.sublist]);
      else visit(node.sublist);
    }
  };
  visit(tree);
  return found;
}
