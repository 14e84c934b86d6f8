import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Refusal } from './comparisonRanges.ts';

/** Where the figures would be: why the current choice is refused (the server's own words), until it changes. */
export function RefusalAlert({ refusal, testId }: { refusal: Refusal; testId: string }) {
  const { t } = useTranslation();
  return <Alert type="error" showIcon title={t(refusal.key, refusal.params)} data-testid={testId} />;
}
