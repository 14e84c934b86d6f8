/** Query keys of the customer-flow settings pages, per customer (a customer switch never shows another's settings). */
export const calendarKeys = {
  flowSettings: (cid: string | null) => ['calendar', cid, 'flowSettings'] as const,
  privacy: (cid: string | null) => ['calendar', cid, 'privacy'] as const,
  events: (cid: string | null) => ['calendar', cid, 'events'] as const,
};
