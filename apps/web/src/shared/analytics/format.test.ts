import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatDateTime,
  formatDuration,
  formatIndicator,
  formatIndicatorChange,
  formatNumber,
  formatPercent,
  formatPointChange,
  formatUnits,
  indicatorChangeValue,
  NO_VALUE,
} from './format.ts';

describe('percentages', () => {
  it('round to one decimal by default (spec section 9)', () => {
    expect(formatPercent(0.12345, 'en')).toBe('12.3%');
    expect(formatPercent(0.12355, 'en')).toBe('12.4%');
    expect(formatPercent(1, 'en')).toBe('100.0%');
    expect(formatPercent(0, 'en')).toBe('0.0%');
  });

  it('take other precisions when asked', () => {
    expect(formatPercent(0.12345, 'en', 2)).toBe('12.35%');
    expect(formatPercent(0.12345, 'en', 0)).toBe('12%');
  });

  it('show a missing rate as -- rather than 0', () => {
    expect(formatPercent(null, 'en')).toBe(NO_VALUE);
    expect(formatPercent(undefined, 'zh')).toBe(NO_VALUE);
    expect(formatPercent(Number.NaN, 'en')).toBe(NO_VALUE);
  });

  it('are written in each language', () => {
    expect(formatPercent(0.273, 'zh')).toBe('27.3%');
    expect(formatPercent(0.273, 'kr')).toBe('27.3%');
    expect(formatPercent(0.273, 'jp')).toBe('27.3%');
  });

  it('changes carry their sign', () => {
    expect(formatChange(0.1234, 'en')).toBe('+12.3%');
    expect(formatChange(-0.04, 'en')).toBe('-4.0%');
    expect(formatChange(null, 'en')).toBe(NO_VALUE);
  });
});

describe('numbers and stays', () => {
  it('group thousands', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(12.345, 'en', 1)).toBe('12.3');
  });

  it('write a stay in the reader’s units', () => {
    expect(formatDuration(750, 'en')).toBe('12 min 30 sec');
    expect(formatDuration(720, 'en')).toBe('12 min');
    expect(formatDuration(45, 'en')).toBe('45 sec');
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(750, 'zh')).toBe('12分钟30秒');
    expect(formatDuration(750, 'kr')).toBe('12분 30초');
    expect(formatDuration(750, 'jp')).toBe('12分30秒');
    expect(formatDuration(null, 'en')).toBe(NO_VALUE);
  });

  it('format each indicator as the pages show it', () => {
    expect(formatIndicator('captureRate', 0.4567, 'en')).toBe('45.7%');
    expect(formatIndicator('avgDwellMinutes', 12.5, 'en')).toBe('12 min 30 sec');
    expect(formatIndicator('entries', 15320, 'en')).toBe('15,320');
    expect(formatIndicator('repeatRate', null, 'en')).toBe(NO_VALUE);
  });

  it('write a data update time, or -- without one', () => {
    expect(formatDateTime('not a time', 'en')).toBe(NO_VALUE);
    expect(formatDateTime(null, 'en')).toBe(NO_VALUE);
    expect(formatDateTime('2026-11-18T09:15:00Z', 'en')).toMatch(/^2026-11-18 \d{2}:15$/);
  });
});

describe('units sold', () => {
  it('stay whole when whole and show one decimal of a weighed sum, not three', () => {
    expect(formatUnits(609.167, 'en')).toBe('609.2');
    expect(formatUnits(609, 'en')).toBe('609');
    expect(formatUnits(12345.04, 'en')).toBe('12,345');
    expect(formatIndicator('units', 609.167, 'en')).toBe('609.2');
    expect(formatIndicator('units', 1200, 'zh')).toBe('1,200');
    expect(formatUnits(null, 'en')).toBe(NO_VALUE);
  });
});

describe('changes of rates', () => {
  it('are differences in percentage points, in each language', () => {
    expect(formatPointChange(0.023, 'en')).toBe('+2.3 pp');
    expect(formatPointChange(-0.004, 'zh')).toBe('-0.4个百分点');
    expect(formatPointChange(0.023, 'kr')).toBe('+2.3%p');
    expect(formatPointChange(0.023, 'jp')).toBe('+2.3ポイント');
    expect(formatPointChange(0, 'en')).toBe('0.0 pp');
    expect(formatPointChange(null, 'en')).toBe(NO_VALUE);
  });

  it('a rate changes in points, a count relatively', () => {
    // Capture rate 27.3% -> 29.6%: +2.3 pp, not the relative +8.4% the server computes.
    expect(formatIndicatorChange('captureRate', 0.273, 0.296, 0.0842, 'en')).toBe('+2.3 pp');
    expect(formatIndicatorChange('conversionRate', null, 0.296, null, 'en')).toBe(NO_VALUE);
    expect(formatIndicatorChange('entries', 100, 120, 0.2, 'en')).toBe('+20.0%');
    expect(indicatorChangeValue('captureRate', 0.273, 0.296, 0.0842)).toBeCloseTo(0.023);
    expect(indicatorChangeValue('entries', 100, 120, 0.2)).toBe(0.2);
    expect(indicatorChangeValue('entries', 0, 120, null)).toBeNull();
  });
});
