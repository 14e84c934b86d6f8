import { Card, Descriptions, Empty, Image, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useItem } from '../hooks/useInspection.ts';
import { useItemImage } from '../hooks/useItemImage.ts';
import { ITEM_EDIT_PATH, ITEMS_PATH } from '../routes.tsx';

/** One inspection item (/SOPmanage/inspectionItem/inspecItemDetail?itemId=, hidden): its fields and reference image. */
export function ItemDetailPage() {
  const { t } = useTranslation('sop');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const itemId = params.get('itemId') ?? '';
  const locale = useSessionStore((state) => state.locale);
  const item = useItem(itemId);
  const image = useItemImage(item.data ?? null);
  if (item.isLoading) return <Spin />;
  const row = item.data;
  if (!row) return <Empty description={<Link to={ITEMS_PATH}>{t('detail.back')}</Link>} />;
  return (
    <Card size="small" data-testid="item-detail">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <SectionHeading>{row.name}</SectionHeading>
        <CanButton permission="siitem_update" onClick={() => void navigate(`${ITEM_EDIT_PATH}?itemId=${encodeURIComponent(row.itemId)}`)}>
          {t('detail.edit')}
        </CanButton>
      </Space>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('items.columns.category')}>{row.categoryName}</Descriptions.Item>
        <Descriptions.Item label={t('items.columns.name')}>{row.name}</Descriptions.Item>
        <Descriptions.Item label={t('items.columns.description')}>{row.description || '--'}</Descriptions.Item>
        <Descriptions.Item label={t('items.columns.status')}>
          <Tag color={row.status === 'available' ? 'green' : 'default'} bordered={false}>
            {t(`status.${row.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.createdPlans')}>{row.planCount}</Descriptions.Item>
        <Descriptions.Item label={t('items.columns.updatedAt')}>{formatDateTime(row.updatedAt, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('form.image')}>
          {image ? <Image src={image} width={320} alt={row.name} /> : <Typography.Text type="secondary">{t('detail.noImage')}</Typography.Text>}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
