import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';

/**
 * Device times are UTC instants; people read them on their own clock, in the app's one date-time
 * format. A table render function, so the language is read from the store rather than a hook.
 */
export function formatDeviceTime(value: string | null): string {
  return formatDateTime(value, useSessionStore.getState().locale);
}
