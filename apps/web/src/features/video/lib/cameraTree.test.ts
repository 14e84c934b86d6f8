import type { TreeNode } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { camerasOfTree } from './cameraTree.ts';
import { playlistWindow, positionOf } from './playbackPlayer.ts';

const node = (partial: Partial<TreeNode> & { key: string; name: string }): TreeNode => ({ orgType: 0, keywordTxt: '', prmType: 0, sublist: [], ...partial });

describe('camera tree', () => {
  it('lists each camera with its shop, under any depth of organisations', () => {
    const tree = [
      node({
        key: 'o1',
        name: 'East',
        sublist: [
          node({
            key: 's1',
            name: 'Nanjing Road',
            orgType: 1,
            shopId: 's1',
            isClosed: true,
            cameraList: [node({ key: 'c1', name: 'Door', orgType: 2, cameraId: 'c1' })],
          }),
        ],
      }),
    ];
    expect([...camerasOfTree(tree).values()]).toEqual([{ cameraId: 'c1', name: 'Door', shopId: 's1', shopName: 'Nanjing Road', shopClosed: true }]);
  });
});

describe('playback positions', () => {
  const fragments = [
    { start: 0, duration: 10, programDateTime: 1_000_000 },
    { start: 10, duration: 10, programDateTime: 1_010_000 },
    // A gap of 30 s, then the next run.
    { start: 20, duration: 10, programDateTime: 1_050_000 },
  ];
  it('finds an instant inside its segment, skips a gap to the next segment, and answers null past the end', () => {
    expect(positionOf(fragments, 1_012_500)).toBe(12.5);
    expect(positionOf(fragments, 1_030_000)).toBe(20);
    expect(positionOf(fragments, 1_070_000)).toBeNull();
  });
  it('asks from the instant on, at most 24 hours and not past now, and the instant itself beyond the 30 days (the server refuses it)', () => {
    const now = Date.parse('2026-05-20T12:00:00Z');
    expect(playlistWindow(now - 3_600_000, now)).toEqual({ fromMs: now - 3_600_000, toMs: now });
    expect(playlistWindow(now - 30 * 3_600_000, now)).toEqual({ fromMs: now - 30 * 3_600_000, toMs: now - 6 * 3_600_000 });
    const old = now - 31 * 86_400_000;
    expect(playlistWindow(old, now)).toEqual({ fromMs: old, toMs: old + 600_000 });
  });
});
