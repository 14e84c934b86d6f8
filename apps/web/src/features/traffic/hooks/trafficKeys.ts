/** Query keys of the traffic pages, per customer (a customer switch never shows another's numbers). */
export const trafficKeys = {
  dashboard: (cid: string | null, shopIds: readonly string[]) => ['traffic', cid, 'dashboard', shopIds] as const,
  trend: (cid: string | null, request: unknown) => ['traffic', cid, 'trend', request] as const,
  timeInterval: (cid: string | null, request: unknown) => ['traffic', cid, 'timeInterval', request] as const,
  gate: (cid: string | null, part: 'list' | 'summary' | 'trend', request: unknown) => ['traffic', cid, 'gate', part, request] as const,
};
