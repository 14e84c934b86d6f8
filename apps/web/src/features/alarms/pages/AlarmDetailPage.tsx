import { ALARM_DELETE_REASONS, ALARM_TAGS, type AlarmAction, type AlarmDeleteReason, type AlarmDetail, type AlarmTag } from '@storelens/contracts';
import { App, Button, Card, Descriptions, Empty, Flex, Image, Select, Spin, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { actOnAlarm, markAlarmsRead, rectifyAlarm, tagAlarm, useAlarm, useAlarmRefresh } from '../api.ts';
import { PriorityTag } from '../components/PriorityTag.tsx';
import { ReportErrorButton } from '../components/ReportErrorButton.tsx';
import { useAlarmClipUrl, useAlarmImageUrl } from '../hooks/useAlarmMediaUrl.ts';

function AlarmImage({ imageId, alt }: { imageId: string; alt: string }) {
  const { url } = useAlarmImageUrl(imageId);
  return url ? <Image src={url} alt={alt} width={240} /> : <Spin />;
}

/** Seconds of context the playback link starts before the alarm. */
const PLAYBACK_LEAD_MS = 10_000;

/**
 * The clip the box posted: played in place; past its year the spec's 'Video not available...'.
 * Beside it, the camera's own recording at that moment on the playback page.
 */
function AlarmClip({ alarm }: { alarm: AlarmDetail }) {
  const { t } = useTranslation(['alarms', 'messages']);
  const playable = alarm.clip?.available === true;
  const { url, failed } = useAlarmClipUrl(playable ? alarm.alarmId : null);
  const playbackAt = new Date(Date.parse(alarm.occurredAt) - PLAYBACK_LEAD_MS).toISOString();
  return (
    <Card
      size="small"
      title={t('detail.clip')}
      extra={
        alarm.cameraId ? (
          <Link to={`/playback?cameraId=${encodeURIComponent(alarm.cameraId)}&at=${encodeURIComponent(playbackAt)}`} data-testid="alarm-playback-link">
            {t('detail.playbackAt')}
          </Link>
        ) : null
      }
    >
      {!alarm.clip ? (
        <Typography.Text type="secondary">{t('detail.noClip')}</Typography.Text>
      ) : !playable || failed ? (
        <Typography.Text type="secondary" data-testid="alarm-clip-unavailable">
          {t('messages:errors.videoNotAvailable')}
        </Typography.Text>
      ) : url ? (
        <video src={url} controls muted playsInline style={{ maxWidth: '100%', width: 480 }} aria-label={t('detail.clip')} data-testid="alarm-clip" />
      ) : (
        <Spin aria-label={t('detail.clipLoading')} />
      )}
    </Card>
  );
}

/** The actions the transition table allows now, the delete reason beside delete. */
function AlarmActions({ alarm }: { alarm: AlarmDetail }) {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const refresh = useAlarmRefresh();
  const [reason, setReason] = useState<AlarmDeleteReason>('manual');
  const run = async (action: AlarmAction) => {
    await actOnAlarm({ alarmId: alarm.alarmId, action, ...(action === 'delete' ? { deleteReason: reason } : {}) });
    void message.success(t('detail.done'));
    await refresh();
  };
  return (
    <Flex gap={8} wrap align="center">
      {alarm.allowedActions.map((action) =>
        action === 'delete' ? (
          <Flex key={action} gap={4}>
            <Select
              value={reason}
              onChange={setReason}
              options={ALARM_DELETE_REASONS.map((value) => ({ value, label: t(`deleteReason.${value}`) }))}
              aria-label={t('detail.deleteReason')}
              style={{ width: 150 }}
              data-testid="alarm-delete-reason"
            />
            <Button danger onClick={() => void run(action)} data-testid="alarm-action-delete">
              {t('action.delete')}
            </Button>
          </Flex>
        ) : (
          <Button key={action} type={action === 'confirm' ? 'primary' : 'default'} onClick={() => void run(action)} data-testid={`alarm-action-${action}`}>
            {t(`action.${action}`)}
          </Button>
        ),
      )}
    </Flex>
  );
}

/**
 * One alarm (?alarmId=), the spec's hidden /AIInspection/alarmMessage/alarmDetail: what was seen,
 * where and when, its images, the actions its state allows, its tag, its rectification and history.
 * Opening it marks it read.
 */
export function AlarmDetailPage() {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const locale = useSessionStore((state) => state.locale);
  const [params] = useSearchParams();
  const alarmId = params.get('alarmId') ?? '';
  const alarm = useAlarm(alarmId);
  const refresh = useAlarmRefresh();
  const unread = alarm.data ? !alarm.data.read : false;
  useEffect(() => {
    if (unread) void markAlarmsRead({ alarmIds: [alarmId], all: false }).then(() => refresh());
  }, [unread, alarmId, refresh]);
  if (!alarmId || alarm.isError) return <Empty description={t('detail.notFound')} />;
  if (!alarm.data) return <Spin />;
  const data = alarm.data;
  const changeTag = async (tag: AlarmTag) => {
    await tagAlarm({ alarmId, tag });
    await refresh();
  };
  const rectify = async () => {
    await rectifyAlarm({ alarmId });
    void message.success(t('detail.rectified'));
    await refresh();
  };
  return (
    <Flex vertical gap={16} data-testid="alarm-detail" data-state={data.state}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <SectionHeading style={{ margin: 0 }}>{`${data.shopName} · ${data.eventName}`}</SectionHeading>
          <Flex gap={8} wrap>
            <AlarmActions alarm={data} />
            <ReportErrorButton alarmId={alarmId} />
          </Flex>
        </Flex>
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t('columns.camera')}>{data.cameraName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('columns.priority')}>
            <PriorityTag priority={data.priority} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.state')}>
            {t(`state.${data.state}`)}
            {data.deleteReason ? ` (${t(`deleteReason.${data.deleteReason}`)})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.time')}>{formatDateTime(data.occurredAt, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.count')}>{data.count}</Descriptions.Item>
          <Descriptions.Item label={t('columns.tag')}>
            <Select
              value={data.tag}
              disabled={data.state === 'deleted'}
              onChange={(tag) => void changeTag(tag)}
              options={ALARM_TAGS.map((value) => ({ value, label: t(`tag.${value}`) }))}
              aria-label={t('columns.tag')}
              style={{ width: 170 }}
              data-testid="alarm-tag"
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.rectification')}>
            {data.rectificationId ? (
              <Link to={`/taskManagement/taskMendTodo/detailsPatrol?rectificationId=${encodeURIComponent(data.rectificationId)}`}>
                {t('detail.openRectification')}
              </Link>
            ) : data.state === 'unconfirmed' || data.state === 'confirmed' ? (
              <Button size="small" onClick={() => void rectify()} data-testid="alarm-rectify">
                {t('detail.createRectification')}
              </Button>
            ) : null}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('detail.images')}>
        {data.imagesExpired ? (
          <Typography.Text type="secondary">{t('detail.imagesExpired')}</Typography.Text>
        ) : data.images.length === 0 ? (
          <Typography.Text type="secondary">{t('detail.noImages')}</Typography.Text>
        ) : (
          <Image.PreviewGroup>
            <Flex gap={8} wrap>
              {data.images.map((image) => (
                <AlarmImage key={image.imageId} imageId={image.imageId} alt={data.eventName} />
              ))}
            </Flex>
          </Image.PreviewGroup>
        )}
      </Card>
      <AlarmClip alarm={data} />
      <Card size="small" title={t('detail.history')}>
        <Timeline
          items={data.history.map((entry) => ({
            children: (
              <Typography.Text>
                {`${formatDateTime(entry.at, locale)} · ${entry.userName ?? t('detail.system')} · ${t(`history.${entry.action}`)}`}
                {entry.tag ? ` · ${t(`tag.${entry.tag}`)}` : ''}
                {entry.reason
                  ? ` · ${ALARM_DELETE_REASONS.includes(entry.reason as AlarmDeleteReason) ? t(`deleteReason.${entry.reason}`) : entry.reason}`
                  : ''}
              </Typography.Text>
            ),
          }))}
        />
      </Card>
    </Flex>
  );
}
