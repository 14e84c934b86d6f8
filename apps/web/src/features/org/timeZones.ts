/**
 * Store time zones offered by the shop form (spec section 9: Shanghai +08, Seoul +09, Kuala Lumpur
 * +08, Sydney +10, Ho Chi Minh / Hanoi +07), plus the other markets of the demo. Any IANA zone a
 * shop already has (an import may set one) is offered too, so editing never loses it.
 */
export const SHOP_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Seoul',
  'Asia/Kuala_Lumpur',
  'Australia/Sydney',
  'Asia/Ho_Chi_Minh',
  'Asia/Tokyo',
  'Australia/Melbourne',
] as const;

/** "+08:00" for Asia/Shanghai, at the given moment (daylight saving moves Sydney between +10 and +11). */
export function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((entry) => entry.type === 'timeZoneName');
    const text = part?.value.replace('GMT', '') ?? '';
    return text === '' ? '+00:00' : text;
  } catch {
    return '';
  }
}

export function timeZoneOptions(current?: string | null): { value: string; label: string }[] {
  const zones: string[] = [...SHOP_TIME_ZONES];
  if (current && !zones.includes(current)) zones.push(current);
  return zones.map((zone) => ({ value: zone, label: `${zone.replace(/_/g, ' ')} (UTC${utcOffsetLabel(zone)})` }));
}
