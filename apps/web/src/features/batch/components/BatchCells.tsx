import type { VisitorBatchRow } from '@storelens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';

export const minutes = (seconds: number | null) => (seconds === null ? '--' : (Math.round(seconds / 6) / 10).toFixed(1));

/** A batch's type and visitor type as tags. */
export function BatchTypeTags({ row }: { row: VisitorBatchRow }) {
  const { t } = useTranslation('batch');
  return (
    <>
      <Tag>{t(`types.${row.type}`)}</Tag>
      <Tag color={row.visitorType === 'returning' ? 'blue' : row.visitorType === 'member' ? 'gold' : 'default'}>{t(`visitorTypes.${row.visitorType}`)}</Tag>
    </>
  );
}

/** In and out time in the store's clock. */
export function InOut({ row }: { row: VisitorBatchRow }) {
  const locale = useSessionStore((state) => state.locale);
  const options = { timeZone: row.timeZone, viewerTimeZone: row.timeZone };
  return <span style={{ whiteSpace: 'nowrap' }}>{`${formatTime(row.enteredAt, locale, options)} - ${formatTime(row.exitedAt, locale, options)}`}</span>;
}
