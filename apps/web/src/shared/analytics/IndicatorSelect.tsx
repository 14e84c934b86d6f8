import { INDICATORS, type Indicator } from '@storelens/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

export interface IndicatorSelectProps {
  value: Indicator[];
  onChange(indicators: Indicator[]): void;
  options?: readonly Indicator[];
  /** At most this many at once (a chart stays readable). */
  max?: number;
  testId?: string;
}

/** Indicators by their names in the reader's language (the same names the Excel exports use). */
export function indicatorLabel(t: (key: string) => string, indicator: Indicator): string {
  return t(`messages:export.${indicator}`);
}

/** Picks one or more indicators; at least one stays selected. */
export function IndicatorSelect({ value, onChange, options = INDICATORS, max = 4, testId = 'indicators' }: IndicatorSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<Indicator[]>
      mode="multiple"
      value={value}
      onChange={(next) => {
        if (next.length > 0) onChange(next);
      }}
      maxCount={max}
      // Search what people read (the indicator names), not the ids behind them.
      showSearch={{ optionFilterProp: 'label' }}
      options={options.map((indicator) => ({ value: indicator, label: indicatorLabel(t, indicator) }))}
      style={{ minWidth: 260 }}
      placeholder={t('analytics:indicators')}
      data-testid={testId}
    />
  );
}
