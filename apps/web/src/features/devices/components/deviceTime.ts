import dayjs from 'dayjs';

/** Device times are UTC instants; people read them in their own clock. */
export function formatDeviceTime(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '--';
}
