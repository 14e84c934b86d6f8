import type { LikeForLike } from '@storelens/contracts';
import { Space, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * 'Comparable stores only' on comparison views (issue 11): compares only stores that reported on
 * every compared day of both periods, and says how many were compared and whether a running period
 * was compared by now.
 */
export function ComparableSwitch({
  value,
  onChange,
  likeForLike,
  testId = 'comparable-only',
}: {
  value: boolean;
  onChange: (value: boolean) => void;
  likeForLike?: LikeForLike | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={6} wrap>
      <Tooltip title={t('analytics:comparable.help')}>
        <Space size={6}>
          <Switch size="small" checked={value} onChange={onChange} aria-label={t('analytics:comparable.switch')} data-testid={testId} />
          <Typography.Text>{t('analytics:comparable.switch')}</Typography.Text>
        </Space>
      </Tooltip>
      {likeForLike && (
        <Typography.Text type="secondary" data-testid={`${testId}-compared`}>
          {t('analytics:comparable.compared', { n: likeForLike.comparedShops, total: likeForLike.shops })}
          {likeForLike.cut ? ` · ${t('analytics:comparable.likeForLike')}` : ''}
        </Typography.Text>
      )}
    </Space>
  );
}
