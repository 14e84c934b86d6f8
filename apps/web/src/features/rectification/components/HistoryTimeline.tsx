import type { HistoryRow } from '@storelens/contracts';
import { Card, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useRectificationHistory } from '../hooks/useRectification.ts';

const COLOURS: Partial<Record<HistoryRow['action'], string>> = { approve: 'green', reject: 'red', overdue: 'red', escalate: 'red', frameMissing: 'gray' };

/** Every action on the item, oldest first: who, what, when, and why (the append-only history). */
export function HistoryTimeline({ rectificationId }: { rectificationId: string }) {
  const { t } = useTranslation('rectification');
  const locale = useSessionStore((state) => state.locale);
  const history = useRectificationHistory(rectificationId);
  const names = (entry: HistoryRow) => entry.toUsers.map((user) => user.name).join(', ');
  const describe = (entry: HistoryRow): string => {
    const who = entry.user?.name ?? t('history.system');
    switch (entry.action) {
      case 'create':
        return t('history.create', { who, to: names(entry) });
      case 'refer':
        return t('history.refer', { who, from: entry.fromUser?.name ?? '', to: names(entry) });
      case 'dueSoon':
      case 'overdue':
      case 'escalate':
        return t(`history.${entry.action}`, { to: names(entry) || '--' });
      case 'frame':
        return t('history.frame');
      case 'frameMissing':
        return t('history.frameMissing', { note: entry.note ?? '' });
      default:
        return t(`history.${entry.action}`, { who });
    }
  };
  return (
    <Card size="small" data-testid="rectification-history">
      <SectionHeading>{t('history.title')}</SectionHeading>
      {history.isPending ? (
        <Spin />
      ) : (
        <Timeline
          items={(history.data ?? []).map((entry) => ({
            key: entry.historyId,
            color: COLOURS[entry.action] ?? 'blue',
            content: (
              <div data-testid={`history-${entry.action}`}>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {formatDateTime(entry.at, locale, { seconds: true })}
                </Typography.Text>
                <Typography.Text>{describe(entry)}</Typography.Text>
                {(entry.reason || entry.text) && (
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                    {entry.reason ? t('history.reason', { reason: entry.reason }) : entry.text}
                  </Typography.Paragraph>
                )}
                {entry.mediaIds.length > 0 && entry.action !== 'frame' && (
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {t('history.pictures', { count: entry.mediaIds.length })}
                  </Typography.Text>
                )}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
