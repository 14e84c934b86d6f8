import { useBlobUrl } from '../../../shared/hooks/useBlobUrl.ts';
import { fetchAlarmClip, fetchAlarmImage } from '../api.ts';

/** An alarm image as an object URL, fetched with the session, released when it changes or goes. */
export function useAlarmImageUrl(imageId: string): { url: string | null; failed: boolean } {
  return useBlobUrl(imageId, () => fetchAlarmImage(imageId));
}

/** An alarm's clip as an object URL (null: none to fetch, e.g. past its year). */
export function useAlarmClipUrl(alarmId: string | null): { url: string | null; failed: boolean } {
  return useBlobUrl(alarmId, () => fetchAlarmClip(alarmId ?? ''));
}
