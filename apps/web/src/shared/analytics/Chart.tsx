import { Empty, Spin } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './chartOption.ts';
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
  /** Replaces the default 'No data' text. */
  emptyText?: string;
}

const withPalette = (option: ChartOption): ChartOption => ({ color: [...CHART_PALETTE], ...option });

/**
 * The one ECharts wrapper of the app (DESIGN: one thin wrapper, tree-shaken imports): loads ECharts
 * on demand, draws `option` in the spec's palette, follows its container's size, and shows an
 * empty state rather than an empty or invented chart.
 */
export function Chart({ option, empty, loading = false, height = 320, testId, emptyText }: ChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latestOption = useRef(option);
  latestOption.current = option;
  const [ready, setReady] = useState(false);

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
  return (
    <div className="sl-chart" style={{ height }}>
      {/* data-ready: drawn and not waiting for a newer answer (what is on screen is current). */}
      <div ref={container} className="sl-chart-canvas" data-testid={testId} data-ready={ready && !loading} aria-busy={loading || !ready} />
      {(loading || !ready) && (
        <div className="sl-chart-loading">
          <Spin />
        </div>
      )}
    </div>
  );
}
