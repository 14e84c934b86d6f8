import { INDICATORS, REPORT_INDICATORS, SALES_REPORT_INDICATORS } from '@storelens/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { formatIndicator } from './format.ts';
import { indicatorOptions, useReportIndicators } from './IndicatorSelect.tsx';

const t = (key: string) => `<${key}>`;

describe('indicator options', () => {
  it('traffic indicators alone stay a flat list named as the exports name them', () => {
    expect(indicatorOptions(t, ['entries', 'captureRate'])).toEqual([
      { value: 'entries', label: '<messages:export.entries>' },
      { value: 'captureRate', label: '<messages:export.captureRate>' },
    ]);
  });

  it('with sales indicators, the traffic ones and the sales ones go under their own headings', () => {
    const groups = indicatorOptions(t, REPORT_INDICATORS);
    expect(groups.map((group) => group.label)).toEqual(['<analytics:indicatorGroupTraffic>', '<analytics:indicatorGroupSales>']);
    const [traffic, sales] = groups.map((group) => ('options' in group ? group.options.map((option) => option.value) : []));
    expect(traffic).toEqual([...INDICATORS]);
    expect(sales).toEqual([...SALES_REPORT_INDICATORS]);
  });

  it('sales values read as on the sales pages: money with cents, conversion in percent, transactions counted', () => {
    expect(formatIndicator('netSales', 2934.75, 'en')).toBe('2,934.75');
    expect(formatIndicator('avgTransactionValue', 60, 'en')).toBe('60.00');
    expect(formatIndicator('conversionRate', 6 / 35, 'en')).toBe('17.1%');
    expect(formatIndicator('transactions', 8, 'en')).toBe('8');
    expect(formatIndicator('units', 7.5, 'en')).toBe('7.5');
    expect(formatIndicator('salesPerVisitor', null, 'en')).toBe('--');
  });
});

describe('indicators of the reports', () => {
  afterEach(() => act(() => useSessionStore.getState().setPermissionMap({})));

  it('offer the sales indicators only to a user who may see sales', () => {
    act(() => useSessionStore.getState().setPermissionMap({ sale_nav: 0 }));
    const { result, rerender } = renderHook(() => useReportIndicators());
    expect(result.current).toEqual(REPORT_INDICATORS);
    act(() => useSessionStore.getState().setPermissionMap({ sale_nav: 2 }));
    rerender();
    expect(result.current).toEqual(INDICATORS);
    act(() => useSessionStore.getState().setPermissionMap({ sale_nav: 1 }));
    rerender();
    expect(result.current).toEqual(INDICATORS);
  });
});
