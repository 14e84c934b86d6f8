import { RANGE_LIMITS } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { bucketKeys } from './buckets.ts';
import { checkComparisonRanges, checkRange, maxDaysFor, pairedDays, previousRangeOf } from './date-ranges.ts';
import { rankingTable, writeTable } from './excel-table.ts';
import { rankByValue } from './ranking.ts';
import { changeOf, ratio } from './ratios.ts';

/** The message key a refusal carries (what the envelope translates), or null when nothing is thrown. */
function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return `${error.statusName}:${String(error.messageKey)}`;
    throw error;
  }
}

describe('date ranges', () => {
  it('answers a range length in days and refuses a backwards or too long range', () => {
    expect(checkRange({ startDate: '2026-03-01', endDate: '2026-03-01' }, 1)).toBe(1);
    expect(checkRange({ startDate: '2026-02-27', endDate: '2026-03-02' }, 90)).toBe(4);
    expect(refusal(() => checkRange({ startDate: '2026-03-02', endDate: '2026-03-01' }, 90))).toBe('badRequest:traffic.rangeOrder');
    expect(refusal(() => checkRange({ startDate: '2026-03-01', endDate: '2026-03-03' }, 2))).toBe('badRequest:errors.timeSelectionError');
  });

  it('compares only ranges of equal length that share no day, and pairs their days', () => {
    const rangeA = { startDate: '2026-03-01', endDate: '2026-03-03' };
    const rangeB = { startDate: '2026-03-08', endDate: '2026-03-10' };
    expect(checkComparisonRanges(rangeA, rangeB)).toBe(3);
    expect(refusal(() => checkComparisonRanges(rangeA, rangeA))).toBe('badRequest:traffic.sameDayTwice');
    expect(refusal(() => checkComparisonRanges(rangeA, { startDate: '2026-03-08', endDate: '2026-03-09' }))).toBe('badRequest:traffic.rangesUnequal');
    expect(refusal(() => checkComparisonRanges(rangeA, { startDate: '2026-03-03', endDate: '2026-03-05' }))).toBe('badRequest:traffic.rangesOverlap');
    expect(pairedDays(rangeA, rangeB, 2, (dateA, dateB) => ({ a: dateA.slice(8), b: dateB.slice(8) }))).toEqual([
      { offset: 1, dateA: '2026-03-01', dateB: '2026-03-08', a: '01', b: '08' },
      { offset: 2, dateA: '2026-03-02', dateB: '2026-03-09', a: '02', b: '09' },
    ]);
  });

  it('takes the previous range of equal length, and the limit of each granularity', () => {
    expect(previousRangeOf({ startDate: '2026-03-01', endDate: '2026-03-07' }, 7)).toEqual({ startDate: '2026-02-22', endDate: '2026-02-28' });
    expect([maxDaysFor('hour'), maxDaysFor('day'), maxDaysFor('week'), maxDaysFor('month')]).toEqual([
      RANGE_LIMITS.hourly,
      RANGE_LIMITS.days,
      RANGE_LIMITS.grouped,
      RANGE_LIMITS.grouped,
    ]);
  });
});

describe('buckets', () => {
  it('lists every hour, day, Monday-started week and month a range touches', () => {
    expect(bucketKeys('hour', '2026-03-01', '2026-03-01')).toHaveLength(24);
    expect(bucketKeys('hour', '2026-03-01', '2026-03-02').slice(23, 25)).toEqual(['2026-03-01T23', '2026-03-02T00']);
    expect(bucketKeys('day', '2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    // 2026-03-01 is a Sunday: its week started on Monday 23 February.
    expect(bucketKeys('week', '2026-03-01', '2026-03-09')).toEqual(['2026-02-23', '2026-03-02', '2026-03-09']);
    expect(bucketKeys('month', '2025-12-31', '2026-02-01')).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});

describe('ranking and ratios', () => {
  it('ranks by value either way, ties by shop number, shops without a value last', () => {
    const rows = [
      { shopNumber: 'S3', value: 5 },
      { shopNumber: 'S1', value: null },
      { shopNumber: 'S2', value: 5 },
      { shopNumber: 'S4', value: 9 },
    ];
    expect(rankByValue(rows, 'desc').map((row) => `${row.rank}:${row.shopNumber}`)).toEqual(['1:S4', '2:S2', '3:S3', '4:S1']);
    expect(rankByValue(rows, 'asc').map((row) => `${row.rank}:${row.shopNumber}`)).toEqual(['1:S2', '2:S3', '3:S4', '4:S1']);
  });

  it('divides only by something, and changes only from something', () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(1, 0)).toBeNull();
    expect(changeOf(4, 5)).toBe(0.25);
    expect([changeOf(0, 5), changeOf(null, 5), changeOf(4, undefined)]).toEqual([null, null, null]);
  });
});

describe('the table writer', () => {
  it('writes translated headers with number formats per kind of column', async () => {
    const table = rankingTable(
      'export.titleRanking',
      {
        indicator: 'captureRate',
        previousRange: { startDate: '2026-02-22', endDate: '2026-02-28' },
        rows: [{ rank: 1, shopNumber: 'S1', shopName: 'One', value: 0.5, previousValue: 0.25, change: 1 }],
      },
      'en',
    );
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as the older Buffer type; the bytes are the same.
    await workbook.xlsx.load((await writeTable(table, 'en')) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(5).text).toContain('(2026-02-22 ~ 2026-02-28)');
    expect(sheet?.getRow(2).getCell(4).value).toBe(0.5);
    expect(sheet?.getColumn(4).numFmt).toBe('0.0%');
    expect(sheet?.getColumn(1).numFmt).toBe('#,##0');
    // A rate's change is the difference of the percentages: 25 % -> 50 % is +25.0 points, not +100 %.
    expect(sheet?.getRow(1).getCell(6).text).toBe('Change (percentage points)');
    expect(sheet?.getRow(2).getCell(6).value).toBe(25);
    expect(sheet?.getColumn(6).numFmt).toBe('+0.0;-0.0;0.0');
  });
});
