import { GRANULARITIES, type Granularity } from '@storelens/contracts';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

export interface GranularityPickerProps {
  value: Granularity;
  onChange(granularity: Granularity): void;
  options?: readonly Granularity[];
  testId?: string;
}

/** By hour, day, week (from Monday) or month. */
export function GranularityPicker({ value, onChange, options = GRANULARITIES, testId = 'granularity' }: GranularityPickerProps) {
  const { t } = useTranslation();
  return (
    <Segmented<Granularity>
      value={value}
      onChange={onChange}
      options={options.map((granularity) => ({
        value: granularity,
        label: <span data-testid={`${testId}-${granularity}`}>{t(`analytics:granularity.${granularity}`)}</span>,
      }))}
      data-testid={testId}
    />
  );
}
