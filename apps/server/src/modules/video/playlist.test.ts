import { describe, expect, it } from 'vitest';
import { type PlaylistSegment, writePlaylist } from './playlist.ts';

/** The playlist writer over a synthetic index: hand-written expectations, line by line. */
const T0 = Date.parse('2026-05-01T10:00:00.000Z');
const seg = (id: string, startS: number, endS: number, run = 'r1'): PlaylistSegment => ({
  id,
  start_ms: T0 + startS * 1000,
  end_ms: T0 + endS * 1000,
  init_bytes: 700,
  media_bytes: 5000,
  run_id: run,
});
const url = (id: string) => `/api/video/segment?cameraId=c1&segmentId=${id}`;
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();

describe('playlist writer', () => {
  it('writes one init map, then date, duration, byte range and address per segment', () => {
    const text = writePlaylist([seg('a', 0, 10), seg('b', 10, 20)], { fromMs: T0, toMs: T0 + 20_000 }, url);
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:10',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      `#EXT-X-MAP:URI="${url('a')}",BYTERANGE="700@0"`,
      `#EXT-X-PROGRAM-DATE-TIME:${iso(0)}`,
      '#EXTINF:10.000,',
      '#EXT-X-BYTERANGE:5000@700',
      url('a'),
      `#EXT-X-PROGRAM-DATE-TIME:${iso(10)}`,
      '#EXTINF:10.000,',
      '#EXT-X-BYTERANGE:5000@700',
      url('b'),
      '#EXT-X-ENDLIST',
      '',
    ]);
  });

  it('marks a gap and a new recorder run with a discontinuity, the init map again before the date', () => {
    const text = writePlaylist([seg('a', 0, 10), seg('b', 30, 40), seg('c', 40, 50, 'r2')], { fromMs: T0, toMs: T0 + 60_000 }, url);
    const lines = text.split('\n');
    const discontinuities = lines.flatMap((line, index) => (line === '#EXT-X-DISCONTINUITY' ? [index] : []));
    expect(discontinuities.length).toBe(2);
    for (const index of discontinuities) {
      expect(lines[index + 1]).toMatch(/^#EXT-X-MAP:URI=/);
      expect(lines[index + 2]).toMatch(/^#EXT-X-PROGRAM-DATE-TIME:/);
    }
    expect(lines).toContain(`#EXT-X-PROGRAM-DATE-TIME:${iso(30)}`);
    expect(lines.filter((line) => line.startsWith('#EXT-X-MAP')).length).toBe(3);
  });

  it('keeps exactly the segments overlapping the range and starts the player at its first instant', () => {
    const index = [seg('a', 0, 10), seg('b', 10, 20), seg('c', 20, 30), seg('d', 30, 40)];
    const text = writePlaylist(index, { fromMs: T0 + 12_500, toMs: T0 + 30_000 }, url);
    const addresses = text.split('\n').filter((line) => line.startsWith('/api/'));
    // 'd' starts exactly where the range ends: not in it; 'a' ends before it starts.
    expect(addresses).toEqual([url('b'), url('c')]);
    expect(text).toContain('#EXT-X-START:TIME-OFFSET=2.500,PRECISE=YES');
    // A range that starts on a segment boundary needs no start offset.
    expect(writePlaylist(index, { fromMs: T0 + 10_000, toMs: T0 + 20_000 }, url)).not.toContain('#EXT-X-START');
  });

  it('tolerates a few milliseconds between neighbours of one run, not a quarter second', () => {
    const near = writePlaylist([seg('a', 0, 10), { ...seg('b', 10, 20), start_ms: T0 + 10_200 }], { fromMs: T0, toMs: T0 + 20_000 }, url);
    expect(near).not.toContain('DISCONTINUITY');
    const far = writePlaylist([seg('a', 0, 10), { ...seg('b', 10, 20), start_ms: T0 + 10_300 }], { fromMs: T0, toMs: T0 + 20_000 }, url);
    expect(far).toContain('#EXT-X-DISCONTINUITY');
  });

  it('answers an empty playlist for a range without video', () => {
    expect(writePlaylist([], { fromMs: T0, toMs: T0 + 1000 }, url)).not.toContain('#EXTINF');
  });
});
