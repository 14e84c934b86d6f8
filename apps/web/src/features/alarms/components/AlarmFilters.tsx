import { ALARM_LIMITS } from '@storelens/contracts';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopChoicesOf } from '../../../shared/lib/shopChoices.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';

const DATE = 'YYYY-MM-DD';

/** The filters every alarm list shares: stores (none chosen means all the caller's) and dates within 90 days, last 7 by default. */
export function useAlarmListFilters() {
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [dates, setDates] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const request = {
    startDate: dates[0].format(DATE),
    endDate: dates[1].format(DATE),
    ...(shopIds.length > 0 ? { shopIds } : {}),
  };
  return { shopIds, setShopIds, dates, setDates, request };
}

export function AlarmStoreSelect({ value, onChange }: { value: string[]; onChange(shopIds: string[]): void }) {
  const { t } = useTranslation('alarms');
  const shopTree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopChoicesOf(shopTree), [shopTree]);
  return (
    <Select
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      options={shops}
      optionFilterProp="label"
      maxTagCount="responsive"
      placeholder={t('list.allStores')}
      aria-label={t('columns.store')}
      style={{ width: 200 }}
    />
  );
}

/** A range of at most 90 days ending today at the latest: the server refuses longer ones with the spec's message. */
export function AlarmDateRange({ value, onChange }: { value: [Dayjs, Dayjs]; onChange(dates: [Dayjs, Dayjs]): void }) {
  const { t } = useTranslation('alarms');
  return (
    <DatePicker.RangePicker
      value={value}
      allowClear={false}
      onChange={(next) => {
        if (next?.[0] && next[1]) onChange([next[0], next[1]]);
      }}
      disabledDate={(day) => day.isAfter(dayjs(), 'day')}
      aria-label={t('list.dates', { days: ALARM_LIMITS.rangeMaxDays })}
      style={{ width: 240 }}
    />
  );
}
