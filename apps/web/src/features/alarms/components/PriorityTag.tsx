import type { AlarmPriority } from '@storelens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** An alarm's priority as every alarm page shows it: high in red. */
export function PriorityTag({ priority }: { priority: AlarmPriority }) {
  const { t } = useTranslation('alarms');
  return <Tag color={priority === 'high' ? 'red' : 'default'}>{t(`priority.${priority}`)}</Tag>;
}
