import { describe, expect, it } from 'vitest';
import { frameToPlay, playbackLink } from './singleLensVideo.ts';

const frames = [
  { at: '2026-11-28T16:00:00.000Z', segmentId: 's1' },
  { at: '2026-11-28T17:00:00.000Z', segmentId: 's2' },
];

describe('the single-lens playback tile', () => {
  it('plays the clicked keyframe, else the day’s first', () => {
    expect(frameToPlay(frames, 's2')).toEqual(frames[1]);
    expect(frameToPlay(frames, null)).toEqual(frames[0]);
    // A keyframe of another day or camera (the choice changed since the click): the day's first.
    expect(frameToPlay(frames, 'elsewhere')).toEqual(frames[0]);
    expect(frameToPlay([], 's1')).toBeNull();
  });

  it('links to the playback page at the instant, as that page reads it (`at`)', () => {
    const link = new URL(playbackLink('shop 1', 'cam&2', Date.parse('2026-11-28T17:00:05.000Z')), 'http://x');
    expect(link.pathname).toBe('/playback');
    expect(Object.fromEntries(link.searchParams)).toEqual({ shopId: 'shop 1', cameraId: 'cam&2', at: '2026-11-28T17:00:05.000Z' });
  });
});
