import { INDICATORS, type Indicator, type ReportIndicator } from '@storelens/contracts';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { indicatorOptions } from '../../../../shared/analytics/IndicatorSelect.tsx';

export interface SingleIndicatorSelectProps<I extends ReportIndicator = Indicator> {
  /** Shown before the select: 'Indicator', 'X axis' ... */
  label: string;
  value: I;
  onChange(indicator: NoInfer<I>): void;
  /** The traffic indicators unless told (the four quadrants add the sales ones, under their heading). */
  options?: readonly I[];
  testId: string;
}

/** One indicator (ranking, an axis of the four quadrants), named as the exports name it. */
export function SingleIndicatorSelect<I extends ReportIndicator = Indicator>({
  label,
  value,
  onChange,
  options = INDICATORS as readonly ReportIndicator[] as readonly I[],
  testId,
}: SingleIndicatorSelectProps<I>) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Select<I>
        value={value}
        onChange={onChange}
        options={indicatorOptions(t, options)}
        aria-label={label}
        style={{ minWidth: 170 }}
        popupMatchSelectWidth={false}
        data-testid={testId}
      />
    </Space>
  );
}
