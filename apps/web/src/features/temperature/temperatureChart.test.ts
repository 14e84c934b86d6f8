import { describe, expect, it } from 'vitest';
import { complianceOption, curveOption, limitAt, storeTime } from './temperatureChart.ts';

const labels = { avg: 'Average', min: 'Min', max: 'Max', low: 'Low limit', high: 'High limit' };

describe('the temperature curve', () => {
  it("reads instants on the store's clock", () => {
    expect(storeTime('2026-06-01T04:05:00.000Z', 'Asia/Shanghai', false)).toBe('12:05');
    expect(storeTime('2026-06-01T16:05:00.000Z', 'Asia/Shanghai', true)).toBe('06-02 00:05');
  });

  it('draws the limit in force at each point as steps', () => {
    const limits = [
      { from: '2026-05-31T16:00:00.000Z', low: 0, high: 8 },
      { from: '2026-06-01T02:00:00.000Z', low: 0, high: 5 },
    ];
    expect(limitAt(limits, '2026-05-31T15:00:00.000Z')).toBeNull();
    expect(limitAt(limits, '2026-06-01T01:55:00.000Z')).toEqual({ low: 0, high: 8 });
    expect(limitAt(limits, '2026-06-01T02:00:00.000Z')).toEqual({ low: 0, high: 5 });
    const option = curveOption(
      {
        sensorId: 's',
        timeZone: 'Asia/Shanghai',
        points: [
          { at: '2026-06-01T01:55:00.000Z', min: 3, avg: 3.5, max: 4 },
          { at: '2026-06-01T02:00:00.000Z', min: 6, avg: 6.5, max: 7 },
        ],
        limits,
      },
      labels,
    );
    const series = option.series as { name: string; data: (number | null)[] }[];
    expect(series.find((item) => item.name === 'High limit')?.data).toEqual([8, 5]);
    expect(series.find((item) => item.name === 'Average')?.data).toEqual([3.5, 6.5]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['09:55', '10:00']);
  });
});

describe('the compliance chart', () => {
  it('bars each measured store in %, worst first, leaving out stores without readings', () => {
    const row = (shopName: string, share: number | null) => ({ shopId: shopName, shopName, sensors: 1, measuredMinutes: 0, withinMinutes: 0, share });
    const option = complianceOption([row('A', 0.6364), row('B', 1), row('C', null)], 'Within limits');
    expect(option.yAxis).toMatchObject({ data: ['B', 'A'] });
    expect(option.series).toMatchObject([{ type: 'bar', name: 'Within limits', data: [100, 63.6] }]);
  });
});
