import { describe, expect, it } from 'vitest';
import { macSchema } from '../devices/index.ts';
import { translateMessage } from '../platform/messages.ts';
import { firstError } from '../platform/validation.ts';
import { privilegesSchema } from '../users/index.ts';
import { canChangeShopStatus, isIanaTimeZone, orgColumnsOf, playbackCoversBusinessHours, timeRangeMinutes, visitIntervalSchema } from './index.ts';

const text = (schema: Parameters<typeof firstError>[0], value: unknown) => {
  const ref = firstError(schema, value);
  return ref === null ? null : translateMessage('en', ref);
};

describe('orgs columns of spec section 3', () => {
  it('drops the root, takes the last as the direct parent and up to four levels above it', () => {
    expect(orgColumnsOf(['Root', 'A', 'B', 'C', 'D', 'E', 'F'])).toEqual({ parent: 'F', levels: ['A', 'B', 'C', 'D'] });
    expect(orgColumnsOf(['Root', 'A', 'B'])).toEqual({ parent: 'B', levels: ['A', '--', '--', '--'] });
    expect(orgColumnsOf(['Root', 'A'])).toEqual({ parent: 'A', levels: ['--', '--', '--', '--'] });
    expect(orgColumnsOf(['Root'])).toEqual({ parent: '--', levels: ['--', '--', '--', '--'] });
  });
});

describe('shop rules', () => {
  it('measures time ranges, across midnight too', () => {
    expect(timeRangeMinutes('10:00-22:00')).toBe(720);
    expect(timeRangeMinutes('22:00-02:00')).toBe(240);
    expect(timeRangeMinutes('00:00-24:00')).toBe(1440);
    expect(timeRangeMinutes('08:00-08:00')).toBe(1440);
    expect(playbackCoversBusinessHours('09:00-23:00', '10:00-22:00')).toBe(true);
    expect(playbackCoversBusinessHours('10:00-21:59', '10:00-22:00')).toBe(false);
  });

  it('time to store: above 0, at most 90', () => {
    expect(text(visitIntervalSchema, 0)).toBe('must > 0');
    expect(text(visitIntervalSchema, 91)).toBe('must <= 90');
    expect(text(visitIntervalSchema, 90)).toBeNull();
    expect(text(visitIntervalSchema, 1)).toBeNull();
  });

  it('status machine: closed is final', () => {
    expect(canChangeShopStatus('open', 'temporarily_closed')).toBe(true);
    expect(canChangeShopStatus('temporarily_closed', 'open')).toBe(true);
    expect(canChangeShopStatus('open', 'closed')).toBe(true);
    expect(canChangeShopStatus('temporarily_closed', 'closed')).toBe(true);
    expect(canChangeShopStatus('closed', 'open')).toBe(false);
    expect(canChangeShopStatus('closed', 'temporarily_closed')).toBe(false);
    expect(canChangeShopStatus('closed', 'closed')).toBe(true);
  });

  it('accepts IANA time zones only', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Seoul', 'Asia/Kuala_Lumpur', 'Australia/Sydney', 'Asia/Ho_Chi_Minh', 'UTC', 'America/Argentina/Buenos_Aires']) {
      expect(isIanaTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Olympus', '+08:00', 'CST', '', 'Asia/']) expect(isIanaTimeZone(zone), zone).toBe(false);
  });
});

describe('device and role inputs', () => {
  it('normalises MAC addresses', () => {
    expect(macSchema.parse('02aa00ffee01')).toBe('02:AA:00:FF:EE:01');
    expect(macSchema.parse('02-aa-00-ff-ee-01')).toBe('02:AA:00:FF:EE:01');
    expect(text(macSchema, '02:aa:00')).toBe('Please enter a correct MAC address');
  });

  it('privilege maps name known keys with 0, 1 or 2', () => {
    expect(privilegesSchema.safeParse({ video_nav: 0, sale_nav: 2 }).success).toBe(true);
    expect(text(privilegesSchema, { video_navv: 0 })).toBe('Unknown field video_navv');
    expect(privilegesSchema.safeParse({ video_nav: 3 }).success).toBe(false);
  });
});
