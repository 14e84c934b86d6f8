/** What the playlist writer needs of a segment in the index. */
export interface PlaylistSegment {
  id: string;
  start_ms: number;
  end_ms: number;
  init_bytes: number;
  media_bytes: number;
  run_id: string;
}

/** Neighbours closer than this are continuous; a larger hole is a gap. */
export const GAP_TOLERANCE_MS = 250;

/**
 * An HLS playlist (VOD, fMP4) for [fromMs, toMs) from the index: every segment overlapping the
 * range, in time order. A new recorder run or a hole in time starts a discontinuity, with the
 * init part (EXT-X-MAP, a byte range of the segment file) written again before the segment's
 * EXT-X-PROGRAM-DATE-TIME; each segment plays its media bytes (EXT-X-BYTERANGE). EXT-X-START puts
 * the player exactly at `fromMs` inside the first segment.
 */
export function writePlaylist(segments: readonly PlaylistSegment[], range: { fromMs: number; toMs: number }, urlOf: (segmentId: string) => string): string {
  const inRange = segments.filter((segment) => segment.end_ms > range.fromMs && segment.start_ms < range.toMs);
  const longest = inRange.reduce((max, segment) => Math.max(max, segment.end_ms - segment.start_ms), 1000);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(longest / 1000)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  const first = inRange[0];
  if (first && range.fromMs > first.start_ms) lines.push(`#EXT-X-START:TIME-OFFSET=${((range.fromMs - first.start_ms) / 1000).toFixed(3)},PRECISE=YES`);
  let previous: PlaylistSegment | undefined;
  for (const segment of inRange) {
    const url = urlOf(segment.id);
    const breaks = !previous || previous.run_id !== segment.run_id || Math.abs(segment.start_ms - previous.end_ms) > GAP_TOLERANCE_MS;
    if (breaks) {
      if (previous) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXT-X-MAP:URI="${url}",BYTERANGE="${segment.init_bytes}@0"`);
    }
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.start_ms).toISOString()}`);
    lines.push(`#EXTINF:${((segment.end_ms - segment.start_ms) / 1000).toFixed(3)},`);
    lines.push(`#EXT-X-BYTERANGE:${segment.media_bytes}@${segment.init_bytes}`);
    lines.push(url);
    previous = segment;
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}
