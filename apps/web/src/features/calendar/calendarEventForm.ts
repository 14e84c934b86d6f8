import { type CalendarEvent, calendarEventAddRequestSchema, firstError, messageRef, type TreeNode } from '@storelens/contracts';
import { walkTree } from '../../shared/lib/trees.ts';
import type { CalendarEventAddRequest } from './api.ts';

/** The contracts' field rules of a calendar event (name, description, applicable stores). */
export const EVENT_FIELD_SCHEMAS = calendarEventAddRequestSchema.shape;

/** 'all': every store of the customer (the server keeps it so for stores added later). */
export type ShopScope = 'all' | 'selected';

/** What the event form edits; dates are local `YYYY-MM-DD` (the date picker's values converted at its edge). */
export interface CalendarEventFormValues {
  name: string;
  range: readonly [string, string] | null;
  shopScope: ShopScope;
  shopIds: string[];
  description: string;
}

export function emptyEventForm(): CalendarEventFormValues {
  return { name: '', range: null, shopScope: 'selected', shopIds: [], description: '' };
}

export function eventFormOf(event: CalendarEvent): CalendarEventFormValues {
  return {
    name: event.name,
    range: [event.startDate, event.endDate],
    shopScope: event.allShops ? 'all' : 'selected',
    shopIds: event.shops.map((shop) => shop.shopId),
    description: event.description,
  };
}

/** The body of calendarEvent/add (and, with the event id, of calendarEvent/update). */
export function eventRequestOf(values: CalendarEventFormValues): CalendarEventAddRequest {
  const [startDate, endDate] = values.range ?? ['', ''];
  const allShops = values.shopScope === 'all';
  return {
    name: values.name.trim(),
    startDate,
    endDate,
    allShops,
    shopIds: allShops ? [] : [...new Set(values.shopIds)],
    description: values.description.trim(),
  };
}

/** The date range's rule as a message reference: required, and (as the server checks) in order. */
export function eventRangeError(range: readonly [string, string] | null | undefined): string | null {
  if (!range?.[0] || !range[1]) return messageRef('validation.required');
  const result = calendarEventAddRequestSchema.safeParse({ name: 'range check', startDate: range[0], endDate: range[1] });
  if (result.success) return null;
  const dateIssue = result.error.issues.find((issue) => issue.path[0] === 'startDate' || issue.path[0] === 'endDate');
  return dateIssue?.message ?? null;
}

/**
 * The applicable stores' rule: chosen stores need at least one (an event for no store would be
 * shown to nobody), within the contracts' maximum.
 */
export function eventShopsError(shopScope: ShopScope, shopIds: readonly string[] | undefined): string | null {
  if (shopScope === 'all') return null;
  if (!shopIds || shopIds.length === 0) return messageRef('validation.required');
  return firstError(EVENT_FIELD_SCHEMAS.shopIds, [...shopIds]);
}

/**
 * 'All stores' is for users who see the whole customer (the server refuses it to others): their
 * shop tree has no ancestor shown only to reach their part (a negative prmType).
 */
export function mayChooseAllShops(tree: readonly TreeNode[] | null): boolean {
  if (!tree || tree.length === 0) return false;
  let whole = true;
  walkTree(tree, (node) => {
    if (node.prmType < 0) whole = false;
  });
  return whole;
}

/** One day shows once; a longer event as 'start ~ end'. */
export function eventDatesText(event: Pick<CalendarEvent, 'startDate' | 'endDate'>): string {
  return event.startDate === event.endDate ? event.startDate : `${event.startDate} ~ ${event.endDate}`;
}
