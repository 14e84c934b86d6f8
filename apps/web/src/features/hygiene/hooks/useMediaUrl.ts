import { useBlobUrl } from '../../../shared/hooks/useBlobUrl.ts';
import { fetchHygieneMedia } from '../api.ts';

/** A hygiene picture as an object URL, fetched with the session, released when it changes or goes. */
export function useMediaUrl(mediaId: string | null | undefined): { url: string | null; failed: boolean } {
  return useBlobUrl(mediaId, () => fetchHygieneMedia(mediaId ?? ''));
}
