import { describe, expect, it } from 'vitest';
import { formatFileSize, formatSalesIndicator } from './salesFormat.ts';

describe('sales formats', () => {
  it('shows rates in percent with one decimal, money with cents and counts grouped', () => {
    expect(formatSalesIndicator('conversionRate', 0.1714, 'en')).toBe('17.1%');
    expect(formatSalesIndicator('netSales', 1234.5, 'en')).toBe('1,234.50');
    expect(formatSalesIndicator('transactions', 12345, 'en')).toBe('12,345');
    // Weighed units: one decimal (issue 11: '609.167' read as false precision).
    expect(formatSalesIndicator('units', 2.125, 'en')).toBe('2.1');
    expect(formatSalesIndicator('salesPerVisitor', null, 'en')).toBe('--');
  });

  it('shows money in its currency with its minor units (none for KRW, VND, JPY)', () => {
    expect(formatSalesIndicator('netSales', 1234.5, 'en', 'CNY')).toBe('CN¥1,234.50');
    expect(formatSalesIndicator('netSales', 15000.4, 'en', 'KRW')).toBe('₩15,000');
    expect(formatSalesIndicator('avgTransactionValue', 250000, 'en', 'VND')).toBe('₫250,000');
    expect(formatSalesIndicator('netSalesPerSqm', 12.345, 'en', 'AUD')).toBe('A$12.35');
    expect(formatSalesIndicator('transactions', 12345, 'en', 'AUD')).toBe('12,345');
    expect(formatSalesIndicator('netSales', null, 'en', 'AUD')).toBe('--');
  });

  it('writes file sizes in the largest unit', () => {
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(40 * 1024 * 1024)).toBe('40.0 MB');
  });
});
