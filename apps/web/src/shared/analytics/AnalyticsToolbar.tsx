import { type DateRange, type Granularity, RANGE_LIMITS } from '@storelens/contracts';
import { App, Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from './DateRangePicker.tsx';
import { maxDaysFor, rangeProblem, rangeProblemMessage } from './dateRange.ts';
import { GranularityPicker } from './GranularityPicker.tsx';
import { ShopTreePicker } from './ShopTreePicker.tsx';
import type { ShopSelection } from './useShopSelection.ts';
import './analytics.css';

export interface AnalyticsToolbarProps {
  shops?: ShopSelection;
  range?: {
    value: DateRange;
    onChange(range: DateRange): void;
    /** The last day that can be picked and the presets' "today" (a store page's: its today); the viewer's by default. */
    today?: string;
    /** Overrides the limit; by default 90 days, or what the granularity allows (maxDaysFor). */
    maxDays?: number;
  };
  granularity?: { value: Granularity; onChange(granularity: Granularity): void; options?: readonly Granularity[] };
  /** Further controls after the standard ones (indicators, a camera filter ...). */
  children?: ReactNode;
  /** Right-hand actions: the export button. */
  actions?: ReactNode;
}

/**
 * The bar at the top of every analytics page, so they all look and behave alike: shops, date
 * range, granularity, the page's own controls, export. The range limit follows the granularity
 * (by hour 31 days, by day 90, by week or month 366); switching to a granularity the current
 * range is too long for is refused with the same 'Time selection error'.
 */
export function AnalyticsToolbar({ shops, range, granularity, children, actions }: AnalyticsToolbarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const maxDays = range?.maxDays ?? (granularity ? maxDaysFor(granularity.value) : RANGE_LIMITS.days);

  const changeGranularity = (next: Granularity) => {
    const problem = range && !range.maxDays ? rangeProblem(range.value, maxDaysFor(next)) : null;
    if (problem) {
      const { key, params } = rangeProblemMessage(problem);
      void message.error({ content: t(key, params), key: 'time-selection-error' });
      return;
    }
    granularity?.onChange(next);
  };

  return (
    <Card size="small" className="sl-analytics-toolbar" data-testid="analytics-toolbar">
      <div className="sl-analytics-toolbar-row">
        <Space wrap size={[12, 8]}>
          {shops && <ShopTreePicker selection={shops} />}
          {range && <DateRangePicker value={range.value} onChange={range.onChange} maxDays={maxDays} {...(range.today ? { today: range.today } : {})} />}
          {granularity && <GranularityPicker value={granularity.value} onChange={changeGranularity} options={granularity.options} />}
          {children}
        </Space>
        {actions && <Space className="sl-analytics-toolbar-actions">{actions}</Space>}
      </div>
    </Card>
  );
}
