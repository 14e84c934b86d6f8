import type { RectificationDetail } from '@storelens/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { StateTags } from './StateTags.tsx';

/** What the item is about: store, item, problem, where it came from, who handles and decides, and when. */
export function ItemSummary({ item }: { item: RectificationDetail }) {
  const { t } = useTranslation('rectification');
  const locale = useSessionStore((state) => state.locale);
  const inStore = { timeZone: item.timeZone };
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="rectification-summary">
      <Descriptions.Item label={t('columns.store')}>{`${item.shopName} (${item.shopNumber})`}</Descriptions.Item>
      <Descriptions.Item label={t('columns.state')}>
        <StateTags row={item} />
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.item')}>{item.categoryName ? `${item.categoryName} · ${item.itemName}` : item.itemName}</Descriptions.Item>
      <Descriptions.Item label={t('columns.source')}>
        {item.originName ? `${t(`source.${item.source}`)} · ${item.originName}` : t(`source.${item.source}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.problem')} span={2}>
        <span data-testid="rectification-problem">{item.problem}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.handler')}>
        <span data-testid="rectification-handler">{item.handler.name}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.deciders')}>{[item.founder?.name, item.reviewer?.name].filter(Boolean).join(', ') || '--'}</Descriptions.Item>
      <Descriptions.Item label={t('detail.foundAt')}>{formatDateTime(item.foundAt, locale, inStore)}</Descriptions.Item>
      <Descriptions.Item label={t('columns.deadline')}>
        <span data-testid="rectification-deadline">{formatDateTime(item.deadline, locale, inStore)}</span>
      </Descriptions.Item>
      {item.inspector && <Descriptions.Item label={t('detail.inspector')}>{item.inspector.name}</Descriptions.Item>}
      {item.eventCode && <Descriptions.Item label={t('detail.eventCode')}>{item.eventCode}</Descriptions.Item>}
    </Descriptions>
  );
}
