import type { ServiceStatus } from '@storelens/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';

/** A fact of a service's status: a label, a number, and whether it asks for attention. */
export interface StatusFact {
  key: string;
  value: number;
  warn: boolean;
}

/** The numbers a card and the detail page show, attention first in meaning: offline, alerts, expired, overdue, missed. */
export function statusFacts(status: ServiceStatus): StatusFact[] {
  switch (status.service) {
    case 'temperature':
      return [
        { key: 'stores', value: status.stores, warn: false },
        { key: 'sensors', value: status.sensors, warn: false },
        { key: 'online', value: status.online, warn: false },
        { key: 'offline', value: status.offline, warn: status.offline > 0 },
        { key: 'openAlerts', value: status.openAlerts, warn: status.openAlerts > 0 },
      ];
    case 'hygieneLog':
      return [
        { key: 'stores', value: status.stores, warn: false },
        { key: 'employees', value: status.employees, warn: false },
        { key: 'expired', value: status.expiredCertificates, warn: status.expiredCertificates > 0 },
        { key: 'missing', value: status.missingCertificates, warn: status.missingCertificates > 0 },
        { key: 'expiring', value: status.expiringCertificates, warn: status.expiringCertificates > 0 },
        { key: 'overdueStores', value: status.overdueStores, warn: status.overdueStores > 0 },
      ];
    case 'warehousePatrol':
      return [
        { key: 'stores', value: status.stores, warn: false },
        { key: 'plans', value: status.plans, warn: false },
        { key: 'awaiting', value: status.awaiting, warn: false },
        // A missed check is a stock room nobody looked at when it was due.
        { key: 'missed7Days', value: status.missed7Days, warn: status.missed7Days > 0 },
      ];
  }
}

/** Not set up, needs attention, or fine. */
export function StatusTag({ status, t }: { status: ServiceStatus; t: TFunction }) {
  if (!status.setUp) return <Tag data-testid={`service-state-${status.service}`}>{t('state.notSetUp')}</Tag>;
  const attention = statusFacts(status).some((fact) => fact.warn);
  return (
    <Tag color={attention ? 'warning' : 'success'} data-testid={`service-state-${status.service}`}>
      {t(attention ? 'state.attention' : 'state.ok')}
    </Tag>
  );
}
