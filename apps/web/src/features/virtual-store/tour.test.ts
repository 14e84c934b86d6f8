import type { PanoInfo, TreeNode } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { camerasOfShop, draftOf, hotspotsOfDraft, liveViewPath, tourNodes } from './tour.ts';

const panorama = (id: string, name: string, hotspots: PanoInfo['panoramas'][number]['hotspots']) => ({
  id,
  shopId: 'shop-1',
  name,
  width: 4096,
  height: 2048,
  uploadedWidth: 4100,
  uploadedHeight: 2050,
  bytes: 1,
  sha256: 'x',
  sortOrder: 0,
  initialYaw: 0.5,
  initialPitch: -0.1,
  tiles: { width: 4096, cols: 8, rows: 4, baseWidth: 1024 },
  hotspots,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const info: PanoInfo = {
  shopId: 'shop-1',
  panoramas: [
    panorama('p1', 'Entrance', [
      { id: 'h1', kind: 'link', yaw: 0, pitch: -0.2, label: '', cameraId: null, targetPanoramaId: 'p2' },
      { id: 'h2', kind: 'link', yaw: 1, pitch: 0, label: 'Gone', cameraId: null, targetPanoramaId: 'deleted' },
      { id: 'h3', kind: 'camera', yaw: 2, pitch: 0.4, label: '', cameraId: 'cam-1', targetPanoramaId: null },
      { id: 'h4', kind: 'camera', yaw: 3, pitch: 0.4, label: 'Till', cameraId: 'cam-2', targetPanoramaId: null },
    ]),
    panorama('p2', 'Aisles', []),
  ],
};

describe('tourNodes', () => {
  const nodes = tourNodes(info, (id) => (id === 'cam-1' ? 'Door camera' : undefined), 'Camera');

  it('gives each panorama its tiles by the declared operations', () => {
    expect(nodes[0]?.panorama).toMatchObject({ width: 4096, cols: 8, rows: 4, baseUrl: '/api/pano/image?panoramaId=p1&size=base' });
    expect(nodes[0]?.panorama.tileUrl(7, 3)).toBe('/api/pano/tile?panoramaId=p1&col=7&row=3');
    expect(nodes[0]?.initialView).toEqual({ yaw: 0.5, pitch: -0.1 });
  });

  it('keeps links to panoramas that exist, named by the target when unlabelled', () => {
    expect(nodes[0]?.links).toEqual([{ hotspotId: 'h1', targetId: 'p2', targetName: 'Aisles', label: 'Aisles', position: { yaw: 0, pitch: -0.2 } }]);
  });

  it('labels camera hotspots by their label, else the camera tree, else a generic name', () => {
    expect(nodes[0]?.cameras.map((camera) => camera.label)).toEqual(['Door camera', 'Till']);
    expect(tourNodes(info, () => undefined, 'Camera')[0]?.cameras[0]?.label).toBe('Camera');
  });
});

describe('the editor draft and the camera tree', () => {
  it('round-trips hotspots through the draft into what pano/update takes', () => {
    const draft = draftOf(info.panoramas[0]?.hotspots ?? []);
    expect(hotspotsOfDraft(draft)[3]).toEqual({ kind: 'camera', yaw: 3, pitch: 0.4, label: 'Till', cameraId: 'cam-2', targetPanoramaId: null });
  });

  it("finds a store's cameras in the camera tree", () => {
    const node = (over: Partial<TreeNode>): TreeNode => ({
      key: over.key ?? 'k',
      name: over.name ?? 'n',
      orgType: 0,
      keywordTxt: '',
      prmType: 0,
      sublist: [],
      ...over,
    });
    const tree = [
      node({
        key: 'o_1',
        sublist: [
          node({ key: 's_1', orgType: 1, shopId: 'shop-1', cameraList: [node({ key: 'c_1', orgType: 2, cameraId: 'cam-1', name: 'Door' })] }),
          node({ key: 's_2', orgType: 1, shopId: 'shop-2', cameraList: [node({ key: 'c_2', orgType: 2, cameraId: 'cam-9', name: 'Other' })] }),
        ],
      }),
    ];
    expect(camerasOfShop(tree, 'shop-1')).toEqual([{ cameraId: 'cam-1', name: 'Door' }]);
    expect(camerasOfShop(null, 'shop-1')).toEqual([]);
  });

  it('opens the live view on the playback page', () => {
    expect(liveViewPath('shop 1', 'cam-1')).toBe('/playback?shopId=shop+1&cameraId=cam-1');
  });
});
