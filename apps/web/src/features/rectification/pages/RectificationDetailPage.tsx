import { Card, Empty, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { AnswerView } from '../components/AnswerView.tsx';
import { BeforeAfter } from '../components/BeforeAfter.tsx';
import { HistoryTimeline } from '../components/HistoryTimeline.tsx';
import { ItemActions } from '../components/ItemActions.tsx';
import { ItemSummary } from '../components/ItemSummary.tsx';
import { useRectification } from '../hooks/useRectification.ts';

/**
 * One rectification (?rectificationId=), the spec's hidden detail pages: from my to-do
 * (/myTodo/mendTodo/test/detailsPatrol), from what I created (/myTodo/mendTodo/ICreated/detailsPatrol)
 * and from all (/taskManagement/taskMendTodo/detailsPatrol). What it is about, before and after
 * side by side, the answer, the actions the caller may take (answer, hand over, approve or reject)
 * and the history.
 */
export function RectificationDetailPage() {
  const { t } = useTranslation('rectification');
  const [params] = useSearchParams();
  const rectificationId = params.get('rectificationId') ?? '';
  const item = useRectification(rectificationId);
  if (!rectificationId || item.isError) return <Empty description={t('detail.notFound')} />;
  if (!item.data) return <Spin />;
  return (
    <Flex vertical gap={16} data-testid="rectification-detail" data-state={item.data.state}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <SectionHeading style={{ margin: 0 }}>{`${item.data.shopName} · ${item.data.itemName}`}</SectionHeading>
          <ItemActions item={item.data} />
        </Flex>
        <ItemSummary item={item.data} />
      </Card>
      <BeforeAfter item={item.data} />
      <AnswerView item={item.data} />
      <HistoryTimeline rectificationId={rectificationId} />
    </Flex>
  );
}
