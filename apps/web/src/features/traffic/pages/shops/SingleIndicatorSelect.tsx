import { INDICATORS, type Indicator } from '@storelens/contracts';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { indicatorLabel } from '../../../../shared/analytics/IndicatorSelect.tsx';

export interface SingleIndicatorSelectProps {
  /** Shown before the select: 'Indicator', 'X axis' ... */
  label: string;
  value: Indicator;
  onChange(indicator: Indicator): void;
  testId: string;
}

/** One indicator (ranking, an axis of the four quadrants), named as the exports name it. */
export function SingleIndicatorSelect({ label, value, onChange, testId }: SingleIndicatorSelectProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Select<Indicator>
        value={value}
        onChange={onChange}
        options={INDICATORS.map((indicator) => ({ value: indicator, label: indicatorLabel(t, indicator) }))}
        style={{ minWidth: 170 }}
        popupMatchSelectWidth={false}
        data-testid={testId}
      />
    </Space>
  );
}
