import { describe, expect, it } from 'vitest';
import { basketBucket } from './pos-import.ts';
import { cellOf, readAmountCents, readDate, readItemCount, readQuantityMilli, readTime, textOf } from './pos-values.ts';
import { defaultTemplate, mapHeader } from './sales-template.ts';

const error = (ref: string) => ({ error: ref });

describe('reading POS cells', () => {
  it('reads dates typed as yyyy/mm/dd and kept as date cells, and refuses the rest', () => {
    expect(readDate('2026/03/01')).toEqual({ date: '2026-03-01', minute: null });
    expect(readDate('2026/3/1')).toEqual({ date: '2026-03-01', minute: null });
    expect(readDate('2026-03-01 14:35')).toEqual({ date: '2026-03-01', minute: 875 });
    expect(readDate(new Date('2026-03-01T00:00:00Z'))).toEqual({ date: '2026-03-01', minute: null });
    expect(readDate(new Date('2026-03-01T09:30:00Z'))).toEqual({ date: '2026-03-01', minute: 570 });
    for (const bad of ['2026/02/30', '01/03/2026', '20260301', '1999/12/31', '2026/13/01', '2026/03/01 24:00'])
      expect(readDate(bad), bad).toEqual(error('pos.dateFormat'));
    expect(readDate(45000)).toEqual(error('pos.dateFormat'));
    // A time-only cell (Excel's 1899-12-30) is not a date.
    expect(readDate(new Date('1899-12-30T10:00:00Z'))).toEqual(error('pos.dateFormat'));
    expect(readDate(null)).toEqual(error('validation.required'));
  });

  it('reads times as text, time cells and fractions of a day', () => {
    expect(readTime('09:05')).toBe(545);
    expect(readTime('23:59:59')).toBe(1439);
    expect(readTime(new Date('1899-12-30T18:30:00Z'))).toBe(1110);
    expect(readTime(0.5)).toBe(720);
    for (const bad of ['24:00', '9', '10:60', 'noon']) expect(readTime(bad), bad).toEqual(error('pos.timeFormat'));
    expect(readTime(1.5)).toEqual(error('pos.timeFormat'));
  });

  it('reads quantities as integers or decimals with at most 3 decimals and 9 digits', () => {
    expect(readQuantityMilli(2)).toBe(2000);
    expect(readQuantityMilli('1.25')).toBe(1250);
    expect(readQuantityMilli(-1)).toBe(-1000);
    expect(readQuantityMilli(0.001)).toBe(1);
    expect(readQuantityMilli(1.2345)).toEqual(error('pos.quantityFormat|{"decimals":3}'));
    expect(readQuantityMilli('1,5')).toEqual(error('pos.quantityFormat|{"decimals":3}'));
    expect(readQuantityMilli(1_234_567_890)).toEqual(error('pos.numberLength|{"digits":9}'));
    expect(readQuantityMilli(null)).toEqual(error('validation.required'));
  });

  it('reads amounts in currency with at most two decimals, exactly, in cents', () => {
    expect(readAmountCents(19.9)).toBe(1990);
    expect(readAmountCents(0.1 + 0.2)).toBe(30);
    expect(readAmountCents('1,234.50')).toBe(123450);
    expect(readAmountCents('¥1,234.5')).toBe(123450);
    expect(readAmountCents('-59.90')).toBe(-5990);
    expect(readAmountCents('$-5')).toBe(-500);
    expect(readAmountCents(999_999_999_999.99)).toBe(99_999_999_999_999);
    expect(readAmountCents(12.345)).toEqual(error('pos.amountFormat'));
    expect(readAmountCents('12.345')).toEqual(error('pos.amountFormat'));
    expect(readAmountCents('1,23.00')).toEqual(error('pos.amountFormat'));
    expect(readAmountCents('--5')).toEqual(error('pos.amountFormat'));
    expect(readAmountCents('ten')).toEqual(error('pos.amountFormat'));
    expect(readAmountCents(1_234_567_890_123)).toEqual(error('pos.numberLength|{"digits":12}'));
    expect(readAmountCents('1234567890123')).toEqual(error('pos.numberLength|{"digits":12}'));
  });

  it('reads item counts, identifiers and the values exceljs hands over', () => {
    expect(readItemCount(3)).toBe(3);
    expect(readItemCount('0')).toBe(0);
    for (const bad of [-1, 1.5, 'two']) expect(readItemCount(bad)).toEqual(error('pos.itemCountFormat'));
    expect(textOf(10001)).toBe('10001');
    expect(cellOf('  POS-1 ')).toBe('POS-1');
    expect(cellOf('   ')).toBeNull();
    expect(cellOf({ richText: [{ text: 'A-' }, { text: '1' }] })).toBe('A-1');
    expect(cellOf({ formula: 'A1*2', result: 4 })).toBe(4);
    expect(cellOf({ text: 'link', hyperlink: 'http://x' })).toBe('link');
  });
});

describe('the header and basket sizes', () => {
  it('maps the header in any order and any language, naming unknown and missing columns', () => {
    const template = defaultTemplate('en');
    const mapped = mapHeader(['金额', 'Store number', 'order number', 'Date', 'Time', 'Quantity', 'Payment type', '商品件数'], template);
    expect(mapped.problems).toEqual([]);
    expect(mapped.index).toMatchObject({ amount: 0, shopNumber: 1, orderNumber: 2, itemCount: 7 });
    const wrong = mapHeader(['Store', 'Order number', 'Date', 'Time', 'Quantity', 'Amount', 'Payment type', 'Item count', 'Amount'], template);
    expect(wrong.problems).toEqual([
      { column: 'Store', message: 'pos.unknownColumn|{"header":"Store"}' },
      { column: 'Amount', message: 'pos.unknownColumn|{"header":"Amount"}' },
      { column: 'Store number', message: 'pos.missingColumn' },
    ]);
  });

  it('buckets basket sizes as 1, 2, 3, 4, 5, 6-9, 10+', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9, 10, 250].map(basketBucket)).toEqual([0, 0, 1, 2, 3, 4, 5, 5, 6, 6]);
  });
});
