import type { AlarmAnalysis } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { alarmClassOption, alarmItemsOption, alarmStoresOption, alarmTrendOption } from './analysisCharts.ts';

const item = (eventCode: string, alarms: number, falseAlarms = 0): AlarmAnalysis['byItem'][number] => ({
  eventCode,
  eventName: `Item ${eventCode}`,
  classId: null,
  alarms,
  falseAlarms,
  ignored: 0,
  correct: 0,
  wrong: 0,
  precision: null,
});
type Series = { name: string; data: unknown[] };
const seriesOf = (option: ReturnType<typeof alarmTrendOption>) => option.series as Series[];

describe('alarm analysis charts', () => {
  it('stacks high and low alarms per day, the day as month-day', () => {
    const option = alarmTrendOption(
      [
        { date: '2026-06-01', high: 2, low: 1 },
        { date: '2026-06-02', high: 0, low: 0 },
      ],
      { high: 'High', low: 'Low' },
    );
    expect((option.xAxis as { data: string[] }).data).toEqual(['06-01', '06-02']);
    expect(seriesOf(option).map((series) => [series.name, series.data])).toEqual([
      ['High', [2, 0]],
      ['Low', [1, 0]],
    ]);
  });

  it('shows the ten items with alarms, most at the top, false alarms beside them', () => {
    const items = [item('a', 30, 3), ...Array.from({ length: 11 }, (_, index) => item(`b${index}`, 20 - index)), item('none', 0)];
    const option = alarmItemsOption(items, { alarms: 'Alarms', falseAlarms: 'False alarms' });
    const names = (option.yAxis as { data: string[] }).data;
    expect(names).toHaveLength(10);
    // ECharts draws the first category at the bottom: the most is last.
    expect(names.at(-1)).toBe('Item a');
    expect(names).not.toContain('Item none');
    expect(seriesOf(option)[1]?.data.at(-1)).toBe(3);
  });

  it('names a class outside the catalogue, and leaves empty classes out of the pie', () => {
    const option = alarmClassOption(
      [
        { classId: 'c1', className: 'Safety', alarms: 4 },
        { classId: null, className: null, alarms: 1 },
        { classId: 'c2', className: 'Hygiene', alarms: 0 },
      ],
      'Other',
      'Alarms',
    );
    expect(seriesOf(option)[0]?.data).toEqual([
      { name: 'Safety', value: 4 },
      { name: 'Other', value: 1 },
    ]);
  });

  it('ranks the stores with the most at the top', () => {
    const option = alarmStoresOption(
      [
        { shopId: 's1', shopName: 'One', alarms: 5, falseAlarms: 1 },
        { shopId: 's2', shopName: 'Two', alarms: 2, falseAlarms: 0 },
      ],
      'Alarms',
    );
    expect((option.yAxis as { data: string[] }).data).toEqual(['Two', 'One']);
  });
});
