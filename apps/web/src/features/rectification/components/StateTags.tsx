import type { RectificationRow, RectificationState } from '@storelens/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLOURS: Record<RectificationState, string> = { pending: 'gold', submitted: 'blue', rejected: 'red', approved: 'green' };

/** An item's state, and whether it is overdue or escalated, as tags (the colour only repeats what the text says). */
export function StateTags({ row }: { row: Pick<RectificationRow, 'state' | 'overdue' | 'escalated' | 'rectificationId'> }) {
  const { t } = useTranslation('rectification');
  return (
    <Space size={2} wrap data-testid={`rectification-state-${row.rectificationId}`} data-state={row.state}>
      <Tag color={STATE_COLOURS[row.state]} bordered={false}>
        {t(`state.${row.state}`)}
      </Tag>
      {row.overdue && (
        <Tag color="red" bordered={false}>
          {t('state.overdue')}
        </Tag>
      )}
      {row.escalated && (
        <Tag color="orange" bordered={false}>
          {t('state.escalated')}
        </Tag>
      )}
    </Space>
  );
}
