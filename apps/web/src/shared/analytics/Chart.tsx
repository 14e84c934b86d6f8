import { Empty, Spin } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './chartOption.ts';
import { chartTable } from './chartTable.ts';
import { CHART_PALETTE } from './palette.ts';
import './analytics.css';

type Echarts = typeof import('./echartsSetup.ts')['echarts'];

let echartsLoading: Promise<Echarts> | null = null;
/** ECharts arrives with the first chart, once (it is not part of the shell or of /login). */
function loadEcharts(): Promise<Echarts> {
  echartsLoading ??= import('./echartsSetup.ts').then((module) => module.echarts);
  return echartsLoading;
}

export interface ChartProps {
  option: ChartOption;
  /** Nothing to draw (no rows, or every value 0 or missing): the empty state shows instead of a chart. */
  empty: boolean;
  loading?: boolean;
  height?: number;
  testId: string;
  /**
   * What the chart shows, in words ('Entries by hour, today and last week'): its name for screen
   * readers and keyboard users, who reach the chart by Tab and hear this and its figures as a table.
   */
  label: string;
  /** Replaces the default 'No data' text. */
  emptyText?: string;
}

/**
 * The palette, and the page's font: a canvas does not inherit CSS, and ECharts' default
 * 'sans-serif' may pick a font without the page language's CJK glyphs (base.css's stack does).
 */
const withPalette = (option: ChartOption): ChartOption => ({
  color: [...CHART_PALETTE],
  textStyle: { fontFamily: getComputedStyle(document.body).fontFamily },
  ...option,
});

/**
 * The one ECharts wrapper of the app (DESIGN: one thin wrapper, tree-shaken imports): loads ECharts
 * on demand, draws `option` in the spec's palette, follows its container's size, and shows an
 * empty state rather than an empty or invented chart.
 */
export function Chart({ option, empty, loading = false, height = 320, testId, label, emptyText }: ChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latestOption = useRef(option);
  latestOption.current = option;
  const [ready, setReady] = useState(false);
  const table = useMemo(
    () =>
      empty
        ? null
        : chartTable(option, {
            category: t('analytics:chart.category'),
            series: t('analytics:chart.series'),
            item: t('analytics:chart.item'),
            value: t('analytics:chart.value'),
          }),
    [option, empty, t],
  );

  // The chart exists while there is something to draw; it is created once per mount of the canvas.
  useEffect(() => {
    if (empty) return;
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadEcharts().then((echarts) => {
      const element = container.current;
      if (disposed || !element) return;
      const instance = echarts.init(element, undefined, { renderer: 'canvas' });
      instance.setOption(withPalette(latestOption.current));
      chart.current = instance;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(element);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, [empty]);

  // A new option replaces the old one whole (series removed from the option leave the chart).
  useEffect(() => {
    chart.current?.setOption(withPalette(option), { notMerge: true });
  }, [option]);

  if (empty) {
    return (
      <div className="sl-chart-empty" style={{ height }} data-testid={`${testId}-empty`}>
        {loading ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('analytics:chart.empty')} />}
      </div>
    );
  }
  // The canvas's element stays put while loading comes and goes: ECharts is bound to it.
  // A canvas says nothing to a screen reader and cannot take focus: the figure is focusable and
  // named, the canvas is hidden from assistive technology, and a visually hidden table carries
  // the figures the chart draws (chartTable), in the tooltip's formats.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a chart is content a keyboard user must be able to reach and have read.
    <figure className="sl-chart" style={{ height }} tabIndex={0} aria-label={label} data-testid={`${testId}-figure`}>
      {/* data-ready: drawn and not waiting for a newer answer (what is on screen is current). */}
      <div ref={container} className="sl-chart-canvas" data-testid={testId} data-ready={ready && !loading} aria-busy={loading || !ready} aria-hidden="true" />
      {table && table.rows.length > 0 && (
        <table className="sl-visually-hidden" data-testid={`${testId}-data`}>
          <caption>{label}</caption>
          <thead>
            <tr>
              {table.columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and fixed for one option.
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the chart's categories in order.
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: positional cells.
                    <th key={cellIndex} scope="row">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: positional cells.
                    <td key={cellIndex}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(loading || !ready) && (
        <div className="sl-chart-loading">
          <Spin />
        </div>
      )}
    </figure>
  );
}
