/**
 * Query keys of the visitor analytics and custom report pages, under the traffic pages' prefix
 * and per customer (a customer switch never shows another's numbers or reports).
 */
export const customToolKeys = {
  visitors: (cid: string | null, part: 'profile' | 'newRepeat' | 'stayTime' | 'frequency' | 'revisitInterval' | 'activity', request: unknown) =>
    ['traffic', cid, 'visitors', part, request] as const,
  report: (cid: string | null, definition: unknown) => ['traffic', cid, 'customReport', 'query', definition] as const,
  savedReports: (cid: string | null) => ['traffic', cid, 'customReport', 'saved'] as const,
};
