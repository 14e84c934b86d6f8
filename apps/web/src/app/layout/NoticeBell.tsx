import { BellOutlined } from '@ant-design/icons';
import type { LiveMessage, Locale } from '@storelens/contracts';
import { Badge, Button, Popover, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../features/session/hooks/useCan.ts';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { formatDateTime } from '../../shared/analytics/format.ts';
import { useRealtimeStore } from '../../shared/realtime/realtimeStore.ts';
import { appRegistry } from '../routes.ts';

/** Message-center tabs: alarm 1, plan 2, rectification 3 (spec section 2). */
const NOTICE_TABS = [
  { key: '1', count: 'alert', labelKey: 'shell:notices.alarm' },
  { key: '2', count: 'plan', labelKey: 'shell:notices.plan' },
  { key: '3', count: 'rectification', labelKey: 'shell:notices.rectification' },
] as const;

const MESSAGE_CENTER_PATH = '/newsCenter';

export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const counts = useSessionStore((state) => state.noticeCount);
  const locale = useSessionStore((state) => state.locale);
  // The counts and new messages arrive live (issue 15); the attribute says whether the stream is open.
  const realtime = useRealtimeStore((state) => state.status);
  const liveMessages = useRealtimeStore((state) => state.liveMessages);
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string>('1');
  const visibility = useCan('message_nav');
  if (visibility === 'hidden') return null;
  const total = counts.alert + counts.plan + counts.rectification;
  const messageCenterExists = appRegistry.hasPage(MESSAGE_CENTER_PATH);

  const content = (
    <div className="sl-notice-panel" data-testid="notice-panel">
      <Tabs
        activeKey={activeKey}
        onChange={setActiveKey}
        size="small"
        items={NOTICE_TABS.map((tab) => ({
          key: tab.key,
          label: (
            <span data-testid={`notice-tab-${tab.key}`}>
              {t(tab.labelKey)} <Badge count={counts[tab.count]} size="small" showZero={false} />
            </span>
          ),
          children: (
            <div className="sl-notice-body">
              <Typography.Paragraph data-testid={`notice-count-${tab.key}`}>{t('shell:notices.unread', { n: counts[tab.count] })}</Typography.Paragraph>
              <LatestMessages
                messages={liveMessages.filter((message) => String(message.kind) === tab.key).slice(0, 3)}
                locale={locale}
                testId={`notice-latest-${tab.key}`}
              />
              {messageCenterExists && (
                <Button
                  type="link"
                  data-testid={`notice-open-center-${tab.key}`}
                  onClick={() => {
                    setOpen(false);
                    void navigate(`${MESSAGE_CENTER_PATH}?tab=${tab.key}`);
                  }}
                >
                  {t('shell:notices.openCenter')}
                </Button>
              )}
            </div>
          ),
        }))}
      />
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      <Button
        type="text"
        // The badge's number is visible text: the name says it too (axe: label-content-name-mismatch).
        aria-label={total > 0 ? t('shell:notices.bellUnread', { n: total > 99 ? '99+' : String(total) }) : t('shell:notices.title')}
        disabled={visibility === 'disabled'}
        data-testid="notice-bell"
        data-realtime={realtime}
        data-count={total}
      >
        {/* A deeper red than antd's: its white count stays readable (4.5:1) even while it fades in. */}
        <Badge count={total} size="small" overflowCount={99} color="#b3261e">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}

/** The newest messages that arrived while the page was open (over the real-time channel). */
function LatestMessages({ messages, locale, testId }: { messages: LiveMessage[]; locale: Locale; testId: string }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <div className="sl-notice-latest" data-testid={testId}>
      <Typography.Text type="secondary">{t('shell:notices.latest')}</Typography.Text>
      <ul>
        {messages.map((message) => (
          <li key={message.id}>
            <Typography.Text strong>{message.title}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{formatDateTime(message.createdAt, locale)}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
