import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkTimeChoices, emptyWarehousePlanForm, storesWithoutCamera, timesPastMidnight, warehousePlanRequestOf } from './planForm.ts';

const camerasOf: Record<string, string[]> = { shopA: ['camA1', 'camA2'], shopB: ['camB1'], shopC: [] };
const camerasOfShop = (shopId: string) => camerasOf[shopId] ?? [];

describe('the warehouse plan form', () => {
  it('offers every quarter of an hour of a day', () => {
    const times = checkTimeChoices();
    expect(times).toHaveLength(96);
    expect([times[0], times[1], times[40], times.at(-1)]).toEqual(['00:00', '00:15', '10:00', '23:45']);
  });

  it('names the check times whose window runs past midnight and the stores without a chosen camera', () => {
    expect(timesPastMidnight(['10:00', '23:00', '23:30'], 60)).toEqual(['23:30']);
    expect(timesPastMidnight(['23:00'], 60)).toEqual([]);
    expect(storesWithoutCamera(['shopA', 'shopB', 'shopC'], ['camA2'], camerasOfShop)).toEqual(['shopB', 'shopC']);
  });

  it('sends the times in the order of the day, once each, and drops cameras of stores taken off the list', () => {
    const values = {
      ...emptyWarehousePlanForm(dayjs('2026-06-01T08:00:00')),
      name: '  Stock rooms ',
      shopIds: ['shopA'],
      cameraIds: ['camA1', 'camB1'],
      checkTimes: ['16:00', '09:30', '16:00'],
      handlerIds: ['u1'],
    };
    expect(warehousePlanRequestOf(values, camerasOfShop)).toEqual({
      name: 'Stock rooms',
      description: '',
      shopIds: ['shopA'],
      cameraIds: ['camA1'],
      checkTimes: ['09:30', '16:00'],
      windowMinutes: 60,
      validFrom: '2026-06-01',
      validTo: '2026-06-30',
      handlerIds: ['u1'],
    });
  });
});
