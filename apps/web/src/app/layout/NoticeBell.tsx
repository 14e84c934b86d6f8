import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../features/session/hooks/useCan.ts';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
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
      <Button type="text" aria-label={t('shell:notices.title')} disabled={visibility === 'disabled'} data-testid="notice-bell">
        <Badge count={total} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
