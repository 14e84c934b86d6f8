import { describe, expect, it } from 'vitest';
import { activityRows, countWithShare, distributionOption, newRepeatRows, pieOption } from './visitorCharts.ts';

type Formatter = (value: unknown) => string;
interface SeriesShape {
  type: string;
  data: unknown[];
  tooltip: { valueFormatter: Formatter };
  label: { formatter: (params: { name: string; value: number }) => string };
}
const firstSeries = (option: ReturnType<typeof pieOption>): SeriesShape => {
  const [series] = option.series as SeriesShape[];
  if (!series) throw new Error('no series');
  return series;
};

describe('visitor analytics charts', () => {
  it('a pie of shares tells the count and its share to one decimal', () => {
    const option = pieOption(
      [
        { name: 'Male', value: 300 },
        { name: 'Female', value: 600 },
        { name: 'Unknown', value: 100 },
      ],
      'en',
    );
    const series = firstSeries(option);
    expect(series.type).toBe('pie');
    expect(series.data).toEqual([
      { name: 'Male', value: 300 },
      { name: 'Female', value: 600 },
      { name: 'Unknown', value: 100 },
    ]);
    expect(series.tooltip.valueFormatter(600)).toBe('600 (60.0%)');
    expect(series.label.formatter({ name: 'Male', value: 300 })).toBe('Male\n30.0%');
  });

  it('a distribution is one bar per bucket, its tooltip the count and share', () => {
    const option = distributionOption(
      [
        { name: '0-2', value: 1234 },
        { name: '2-5', value: 766 },
      ],
      'Visits',
      'en',
    );
    expect((option.xAxis as { data: string[] }).data).toEqual(['0-2', '2-5']);
    const series = firstSeries(option);
    expect(series.data).toEqual([1234, 766]);
    expect(series.tooltip.valueFormatter(1234)).toBe('1,234 (61.7%)');
  });

  it('a share of nothing is no share, not 0 %', () => {
    expect(countWithShare(0, 0, 'en')).toBe('0 (--)');
    expect(countWithShare(null, 10, 'en')).toBe('-- (--)');
  });

  it('activity bands reach as far as the flow settings say, with their shares', () => {
    expect(activityRows({ visitors: 200, high: 100, moderate: 60, low: 40, bandsWeeks: { high: 1, moderate: 3, low: 6 } })).toEqual([
      { band: 'high', fromWeeks: 0, toWeeks: 1, visitors: 100, share: 0.5 },
      { band: 'moderate', fromWeeks: 1, toWeeks: 3, visitors: 60, share: 0.3 },
      { band: 'low', fromWeeks: 3, toWeeks: 6, visitors: 40, share: 0.2 },
    ]);
    expect(activityRows({ visitors: 0, high: 0, moderate: 0, low: 0, bandsWeeks: { high: 1, moderate: 2, low: 4 } }).map((row) => row.share)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("each period's repeat rate is repeat / (new + repeat), and missing without visitors", () => {
    expect(
      newRepeatRows([
        { key: '2026-03-02', newVisitors: 30, repeatVisitors: 10 },
        { key: '2026-03-09', newVisitors: 0, repeatVisitors: 0 },
        { key: '2026-03-16', newVisitors: null, repeatVisitors: null },
      ]),
    ).toEqual([
      { key: '2026-03-02', newVisitors: 30, repeatVisitors: 10, repeatRate: 0.25 },
      { key: '2026-03-09', newVisitors: 0, repeatVisitors: 0, repeatRate: null },
      // A period no shop reported in stays without values (no data, not 0).
      { key: '2026-03-16', newVisitors: null, repeatVisitors: null, repeatRate: null },
    ]);
  });
});
