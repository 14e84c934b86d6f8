import type { CertificateStatus } from '@storelens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CertificateStatus, string> = { valid: 'green', expiring: 'orange', expired: 'red' };

/** A certificate's standing: valid, expiring (30 days or fewer left) or expired; none on record. */
export function StatusTag({ status }: { status: CertificateStatus | null }) {
  const { t } = useTranslation('hygiene');
  return status ? <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag> : <Tag>{t('status.none')}</Tag>;
}
