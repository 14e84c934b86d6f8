import { INDICATORS, type Indicator, isSalesReportIndicator, REPORT_INDICATORS, type ReportIndicator } from '@storelens/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../features/session/hooks/useCan.ts';

export interface IndicatorSelectProps<I extends ReportIndicator = Indicator> {
  value: I[];
  onChange(indicators: I[]): void;
  options?: readonly I[];
  /** At most this many at once (a chart stays readable). */
  max?: number;
  testId?: string;
}

/** Indicators by their names in the reader's language (the same names the Excel exports use). */
export function indicatorLabel(t: (key: string) => string, indicator: ReportIndicator): string {
  return t(`messages:export.${indicator}`);
}

/**
 * An indicator's name over values the page writes in its own units. The export name of the
 * average stay says '(min)' because the file holds minutes; the pages write '10 min 33 sec', so a
 * column titled '(min)' would disagree with its cells: the title loses the unit.
 */
export function indicatorTitle(t: (key: string) => string, indicator: ReportIndicator): string {
  return indicator === 'avgDwellMinutes' ? t('analytics:shownAs.avgDwellMinutes') : indicatorLabel(t, indicator);
}

interface IndicatorOption<I extends ReportIndicator> {
  value: I;
  label: string;
}
interface IndicatorGroup<I extends ReportIndicator> {
  label: string;
  title: string;
  options: IndicatorOption<I>[];
}

/**
 * The options of an indicator select: a flat list of traffic indicators, or, once sales
 * indicators are among them, the traffic ones and the sales ones under their own headings.
 */
export function indicatorOptions<I extends ReportIndicator>(t: (key: string) => string, indicators: readonly I[]): IndicatorOption<I>[] | IndicatorGroup<I>[] {
  const option = (indicator: I): IndicatorOption<I> => ({ value: indicator, label: indicatorLabel(t, indicator) });
  const sales = indicators.filter((indicator) => isSalesReportIndicator(indicator));
  if (sales.length === 0) return indicators.map(option);
  const group = (heading: string, members: readonly I[]): IndicatorGroup<I> => ({ label: heading, title: heading, options: members.map(option) });
  return [
    group(
      t('analytics:indicatorGroupTraffic'),
      indicators.filter((indicator) => !isSalesReportIndicator(indicator)),
    ),
    group(t('analytics:indicatorGroupSales'), sales),
  ];
}

/**
 * The indicators the four quadrants and the custom reports offer: the sales ones join the traffic
 * ones only for a user who may see sales (the sale tab, `sale_nav`).
 */
export function useReportIndicators(): readonly ReportIndicator[] {
  return useCan('sale_nav') === 'shown' ? REPORT_INDICATORS : INDICATORS;
}

/** Picks one or more indicators; at least one stays selected. */
export function IndicatorSelect<I extends ReportIndicator = Indicator>({
  value,
  onChange,
  options = INDICATORS as readonly ReportIndicator[] as readonly I[],
  max = 4,
  testId = 'indicators',
}: IndicatorSelectProps<I>) {
  const { t } = useTranslation();
  return (
    <Select<I[]>
      mode="multiple"
      value={value}
      onChange={(next) => {
        if (next.length > 0) onChange(next);
      }}
      maxCount={max}
      // Search what people read (the indicator names), not the ids behind them.
      showSearch={{ optionFilterProp: 'label' }}
      options={indicatorOptions(t, options)}
      style={{ minWidth: 260 }}
      placeholder={t('analytics:indicators')}
      aria-label={t('analytics:indicators')}
      data-testid={testId}
    />
  );
}
