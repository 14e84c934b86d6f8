import { useBlobUrl } from '../../../shared/hooks/useBlobUrl.ts';
import { fetchRectificationMedia } from '../api.ts';

/**
 * A rectification picture as an object URL: fetched with the session like every operation (the
 * bearer header, never a token in an <img> address), released when the picture changes or goes.
 */
export function useMediaUrl(mediaId: string | null | undefined): { url: string | null; failed: boolean } {
  return useBlobUrl(mediaId, () => fetchRectificationMedia(mediaId ?? ''));
}
