import { Card, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/analytics/format.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';

/** One setting of a settings page: its name, a sentence on what it changes, then its controls. */
export function SettingsSection({ title, help, children, testId }: { title: string; help: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId}>
      <SectionHeading style={{ marginBottom: 4 }}>{title}</SectionHeading>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {help}
      </Typography.Paragraph>
      {children}
    </section>
  );
}

/** When the settings were last saved; never saved means the defaults apply. */
export function SavedAt({ updatedAt }: { updatedAt: string | null }) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  return (
    <Typography.Text type="secondary" data-testid="settings-updated-at">
      {updatedAt ? t('calendar:saved.at', { time: formatDateTime(updatedAt, locale) }) : t('calendar:saved.never')}
    </Typography.Text>
  );
}

/** The frame of a settings page: its title, when it was last saved, a placeholder while it loads. */
export function SettingsCard({
  title,
  updatedAt,
  loading,
  testId,
  children,
}: {
  title: string;
  /** Undefined while the settings load. */
  updatedAt: string | null | undefined;
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={updatedAt !== undefined && <SavedAt updatedAt={updatedAt} />} className="sl-page" data-testid={testId}>
      {loading && <Skeleton active />}
      {children}
    </Card>
  );
}
