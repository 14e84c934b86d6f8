import type { CityNode, ShopRow } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { closesShop, emptyShopForm, playbackError, regionPath, shopAddRequestOf, shopFormOf, shopUpdateRequestOf, statusChoices } from './shopForm.ts';

const cities: CityNode[] = [
  {
    code: 'CN',
    name: 'China',
    children: [{ code: 'CN-SH', name: 'Shanghai', children: [{ code: 'CN-SH-SH', name: 'Shanghai', children: [{ code: 'CN-SH-HP', name: 'Huangpu' }] }] }],
  },
];

const shop: ShopRow = {
  shopId: 'shop-1',
  number: 'SH-001',
  name: 'Nanjing Road',
  orgId: 'org-sh',
  orgName: 'Shanghai',
  orgPath: ['Demo', 'China', 'Shanghai'],
  orgColumns: { parent: 'Shanghai', levels: ['China', '--', '--', '--'] },
  status: 'open',
  isClosed: false,
  closeTime: null,
  shopType: 'direct',
  province: 'CN-SH',
  city: 'CN-SH-SH',
  district: 'CN-SH-HP',
  address: null,
  latitude: 31.2,
  longitude: 121.4,
  floorArea: 200,
  currency: 'CNY',
  staffCount: 5,
  businessHours: '10:00-22:00',
  videoPlaybackHours: '10:00-22:00',
  trafficDisplayHours: '10:00-22:00',
  visitInterval: 30,
  timeZone: 'Asia/Shanghai',
  indoorPositioning: false,
  positioningEngine: null,
  campus: null,
  building: null,
  labels: ['flagship'],
  features: { analytics: true, monitoring: true, inspections: true, liveVideo: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('shop form', () => {
  it('refuses a playback range shorter than business hours, and only then', () => {
    expect(playbackError('12:00-20:00', '10:00-22:00')).toBe('validation.playbackShorterThanBusiness');
    expect(playbackError('09:00-23:00', '10:00-22:00')).toBeNull();
    expect(playbackError('22:00-12:00', '10:00-22:00')).toBeNull();
    expect(playbackError('', '10:00-22:00')).toBeNull();
    expect(playbackError('bad', '10:00-22:00')).toBeNull();
  });

  it('finds the cascader path of a shop region', () => {
    expect(regionPath(cities, 'CN-SH', 'CN-SH-SH', 'CN-SH-HP')).toEqual(['CN', 'CN-SH', 'CN-SH-SH', 'CN-SH-HP']);
    expect(regionPath(cities, 'CN-SH', null, null)).toEqual(['CN', 'CN-SH']);
    expect(regionPath(cities, null, null, null)).toEqual([]);
    expect(regionPath(cities, 'XX', null, null)).toEqual([]);
  });

  it('sends every field of a new shop, the region split into its codes', () => {
    const request = shopAddRequestOf({ ...emptyShopForm('org-1', 'Asia/Seoul'), number: ' N-1 ', name: 'New', region: ['CN', 'CN-SH', 'CN-SH-SH'] });
    expect(request).toMatchObject({
      number: 'N-1',
      name: 'New',
      orgId: 'org-1',
      province: 'CN-SH',
      city: 'CN-SH-SH',
      district: null,
      status: 'open',
      timeZone: 'Asia/Seoul',
    });
    expect(request.businessHours).toBe('10:00-22:00');
  });

  it('sends the status only when it changes, and closing with the confirmation', () => {
    const form = shopFormOf(shop, cities);
    expect(shopUpdateRequestOf(shop, form, false)).not.toHaveProperty('status');
    const closing = shopUpdateRequestOf(shop, { ...form, status: 'closed' }, true);
    expect(closing).toMatchObject({ shopId: 'shop-1', status: 'closed', confirmClose: true });
    expect(closesShop(shop, { status: 'closed' })).toBe(true);
    expect(closesShop({ ...shop, status: 'closed' }, { status: 'closed' })).toBe(false);
  });

  it('offers no way back from closed', () => {
    expect(statusChoices({ ...shop, status: 'closed' })).toEqual(['closed']);
    expect(statusChoices(shop)).toContain('closed');
    expect(statusChoices(null)).not.toContain('closed');
    const closed = { ...shop, status: 'closed' as const };
    expect(shopUpdateRequestOf(closed, { ...shopFormOf(closed, cities), status: 'open' }, false)).not.toHaveProperty('status');
  });
});
