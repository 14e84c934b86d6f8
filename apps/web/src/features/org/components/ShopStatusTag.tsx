import type { ShopStatus } from '@storelens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ShopStatus, string> = { open: 'green', temporarily_closed: 'gold', closed: 'default' };

export function ShopStatusTag({ status }: { status: ShopStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={`shop-status-${status}`}>
      {t(`org:status.${status}`)}
    </Tag>
  );
}
