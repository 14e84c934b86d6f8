import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** A shop's store-days whose devices did not report through business hours (issue 11), as a tag beside its name; nothing when none. */
export function IncompleteDaysTag({ days, testId }: { days: number | undefined; testId: string }) {
  const { t } = useTranslation();
  if ((days ?? 0) <= 0) return null;
  return (
    <Tooltip title={t('analytics:completeness.incompleteDays', { n: days })}>
      <Tag color="warning" data-testid={testId}>
        {t('analytics:completeness.incomplete')}
      </Tag>
    </Tooltip>
  );
}
