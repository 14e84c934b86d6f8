import { type CalendarEvent, calendarEventAddRequestSchema, type TreeNode } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { emptyEventForm, eventDatesText, eventFormOf, eventRangeError, eventRequestOf, eventShopsError, mayChooseAllShops } from './calendarEventForm.ts';

const event: CalendarEvent = {
  eventId: 'ev1',
  name: 'Shanghai store refit',
  startDate: '2026-03-01',
  endDate: '2026-03-03',
  allShops: false,
  shops: [
    { shopId: 's1', name: 'Shanghai Nanjing Road', number: 'SH-001' },
    { shopId: 's2', name: 'Shanghai Lujiazui', number: 'SH-002' },
  ],
  description: 'Closed floors',
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function node(partial: Partial<TreeNode> & Pick<TreeNode, 'key' | 'name'>): TreeNode {
  return { orgType: 0, prmType: 0, sublist: [], ...partial } as TreeNode;
}

describe('calendar event form', () => {
  it('round-trips an event into a request the contracts accept', () => {
    const request = eventRequestOf(eventFormOf(event));
    expect(request).toEqual({
      name: 'Shanghai store refit',
      startDate: '2026-03-01',
      endDate: '2026-03-03',
      allShops: false,
      shopIds: ['s1', 's2'],
      description: 'Closed floors',
    });
    expect(calendarEventAddRequestSchema.safeParse(request).success).toBe(true);
  });

  it('sends no stores for an all-stores event, whatever was chosen before', () => {
    const request = eventRequestOf({ ...eventFormOf(event), shopScope: 'all' });
    expect(request.allShops).toBe(true);
    expect(request.shopIds).toEqual([]);
  });

  it('trims the texts and drops repeated stores', () => {
    const request = eventRequestOf({ ...emptyEventForm(), name: '  Sale ', range: ['2026-05-01', '2026-05-01'], shopIds: ['a', 'a', 'b'], description: ' x ' });
    expect(request).toMatchObject({ name: 'Sale', shopIds: ['a', 'b'], description: 'x' });
  });

  it('requires a date range in order, with the contracts messages', () => {
    expect(eventRangeError(null)).toBe('validation.required');
    expect(eventRangeError(['2026-05-01', ''])).toBe('validation.required');
    expect(eventRangeError(['2026-05-03', '2026-05-01'])).toBe('traffic.rangeOrder');
    expect(eventRangeError(['2026-05-01', '2026-05-01'])).toBeNull();
  });

  it('requires at least one chosen store unless the event is for all stores', () => {
    expect(eventShopsError('selected', [])).toBe('validation.required');
    expect(eventShopsError('selected', undefined)).toBe('validation.required');
    expect(eventShopsError('selected', ['s1'])).toBeNull();
    expect(eventShopsError('all', [])).toBeNull();
    expect(
      eventShopsError(
        'selected',
        Array.from({ length: 5001 }, (_, index) => `s${index}`),
      ),
    ).toBe('validation.maxItems|{"n":5000}');
  });

  it('offers all stores only to users whose tree holds no out-of-scope ancestor', () => {
    const shop = node({ key: 'shop_1', name: 'A', orgType: 1, shopId: 's1' });
    expect(mayChooseAllShops([node({ key: 'org_1', name: 'Root', sublist: [shop] })])).toBe(true);
    expect(mayChooseAllShops([node({ key: 'org_1', name: 'Root', prmType: -1, sublist: [shop] })])).toBe(false);
    expect(mayChooseAllShops([])).toBe(false);
    expect(mayChooseAllShops(null)).toBe(false);
  });

  it('shows one day once and a longer event as a range', () => {
    expect(eventDatesText(event)).toBe('2026-03-01 ~ 2026-03-03');
    expect(eventDatesText({ startDate: '2026-03-01', endDate: '2026-03-01' })).toBe('2026-03-01');
  });
});
