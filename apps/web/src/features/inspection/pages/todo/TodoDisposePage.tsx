import type { TodoDetail } from '@storelens/contracts';
import { Alert, App, Button, Card, DatePicker, Empty, Flex, Select, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, instantOfWallClock, wallClockIn } from '../../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { type SeekRequest, VideoTile } from '../../../video/components/VideoTile.tsx';
import '../../../video/components/video.css';
import { submitInspection, takeScreenshot } from '../../api.ts';
import { TodoItemCard } from '../../components/TodoItemCard.tsx';
import { useInspectionRefresh, useTodoDetail } from '../../hooks/useInspection.ts';
import { TODO_PATH } from '../../routes.tsx';
import { firstProblem, type ItemMark } from '../../todoChecks.ts';

/** Spec section 9: what a person calls "now" on a recording, 120 s back (the recorder's delay). */
const RECORDING_DELAY_MS = 120_000;
const EMPTY_MARK: ItemMark = { result: null, remark: '' };

/**
 * Doing a remote inspection (/myTodo/taskTodo/afterDeal/dispose?assignmentId=, hidden): the store's
 * recorded video (the video feature's player) beside the checklist. Each item takes a screenshot of
 * the instant the player shows (taken on the server), images, a result and a remark; the results go
 * together once, after the page's checks (the server checks the same). A submitted one is shown as recorded.
 */
export function TodoDisposePage() {
  const { t } = useTranslation('inspectionPlans');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = useSessionStore((state) => state.locale);
  const [params] = useSearchParams();
  const assignmentId = params.get('assignmentId') ?? '';
  const detail = useTodoDetail(assignmentId);
  const refresh = useInspectionRefresh();
  const [marks, setMarks] = useState<Record<string, ItemMark>>({});
  const [chosenCamera, setChosenCamera] = useState<string | null>(null);
  const [seek, setSeek] = useState<SeekRequest>(() => ({ atMs: Date.now() - RECORDING_DELAY_MS, seq: 0 }));
  const [clockMs, setClockMs] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const data: TodoDetail | undefined = detail.data;
  const cameraId = chosenCamera ?? data?.cameras[0]?.cameraId ?? null;
  const camera = useMemo(() => {
    const found = data?.cameras.find((one) => one.cameraId === cameraId);
    return found && data ? { cameraId: found.cameraId, name: found.name, shopId: data.shopId, shopName: data.shopName, shopClosed: false } : null;
  }, [data, cameraId]);

  if (!assignmentId || detail.isError) return <Empty description={t('todo.notFound')} />;
  if (!data) return <Spin />;
  const editable = data.status === 'pending';

  const seekTo = (atMs: number) => {
    setClockMs(null);
    setSeek((previous) => ({ atMs, seq: previous.seq + 1 }));
  };

  const screenshot = async (itemId: string) => {
    if (!cameraId) return;
    await takeScreenshot({ assignmentId, itemId, cameraId, at: new Date(clockMs ?? seek.atMs).toISOString() });
    void message.success(t('todo.screenshotTaken'));
    await detail.refetch();
  };

  const submit = async () => {
    const found = firstProblem(data.items, marks, 'remote');
    if (found) {
      setProblem(found.itemId);
      void message.error(t(found.key, { ns: 'messages' }));
      document.getElementById(`todo-item-${found.itemId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await submitInspection({
        assignmentId,
        method: 'remote',
        results: data.items.map((item) => ({
          itemId: item.itemId,
          result: marks[item.itemId]?.result ?? 'pass',
          remark: marks[item.itemId]?.remark.trim() ?? '',
        })),
      });
      void message.success(t('todo.submitted'));
      await refresh();
      void navigate(TODO_PATH);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="inspection-dispose" data-status={data.status}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <SectionHeading style={{ margin: 0 }}>{`${data.shopName} · ${data.planName}`}</SectionHeading>
          <Flex gap={4}>
            <Tag>{data.batchId}</Tag>
            {data.overdue && <Tag color="error">{t('todo.state.overdue')}</Tag>}
            {data.status === 'completed' && <Tag color="success">{t('todo.state.completed')}</Tag>}
          </Flex>
        </Flex>
        <Typography.Text type="secondary">
          {t('todo.window', {
            from: formatDateTime(data.windowStart, locale, { timeZone: data.timeZone }),
            to: formatDateTime(data.windowEnd, locale, { timeZone: data.timeZone }),
          })}
        </Typography.Text>
        {data.completedBy && data.completedAt && (
          <Typography.Paragraph data-testid="inspection-dispose-completed">
            {t('todo.completedBy', { name: data.completedBy.name, time: formatDateTime(data.completedAt, locale) })}
          </Typography.Paragraph>
        )}
      </Card>
      <Flex gap={16} wrap align="flex-start">
        {editable && (
          <Card size="small" style={{ flex: '1 1 480px', position: 'sticky', top: 0 }} data-testid="inspection-dispose-video">
            <SectionHeading>{t('todo.video')}</SectionHeading>
            {data.cameras.length === 0 ? (
              <Alert type="info" showIcon title={t('todo.noCameras')} />
            ) : (
              <Flex vertical gap={8}>
                <Flex gap={8} wrap>
                  <Select
                    style={{ minWidth: 200 }}
                    aria-label={t('todo.camera')}
                    value={cameraId}
                    onChange={(value) => setChosenCamera(value)}
                    options={data.cameras.map((one) => ({ value: one.cameraId, label: one.name }))}
                    data-testid="inspection-dispose-camera"
                  />
                  <DatePicker
                    showTime
                    allowClear={false}
                    aria-label={t('todo.playFrom')}
                    // The store's clock, as the period and the "Showing" line below are (not the viewer's).
                    value={dayjs(wallClockIn(seek.atMs, data.timeZone))}
                    onChange={(value) => value && seekTo(instantOfWallClock(value.toDate(), data.timeZone))}
                    data-testid="inspection-dispose-time"
                  />
                </Flex>
                <div className="video-grid" style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
                  <VideoTile
                    index={0}
                    camera={camera}
                    mode="playback"
                    seek={seek}
                    speed={1}
                    onDropCamera={(dropped) => data.cameras.some((one) => one.cameraId === dropped) && setChosenCamera(dropped)}
                    onPlaying={setClockMs}
                  />
                </div>
                <Typography.Text type="secondary" data-testid="inspection-dispose-clock">
                  {t('todo.showing', { time: formatDateTime(clockMs ?? seek.atMs, locale, { timeZone: data.timeZone, seconds: true }) })}
                </Typography.Text>
              </Flex>
            )}
          </Card>
        )}
        <Flex vertical gap={12} style={{ flex: '1 1 420px' }} data-testid="inspection-dispose-checklist">
          {data.items.map((item, index) => (
            <TodoItemCard
              key={item.itemId}
              assignmentId={assignmentId}
              item={item}
              index={index}
              timeZone={data.timeZone}
              mark={marks[item.itemId] ?? EMPTY_MARK}
              editable={editable}
              highlighted={problem === item.itemId}
              onMark={(mark) => setMarks((previous) => ({ ...previous, [item.itemId]: mark }))}
              onScreenshot={() => void screenshot(item.itemId).catch(() => undefined)}
              onMediaChanged={() => void detail.refetch()}
            />
          ))}
          {editable && (
            <Button type="primary" loading={busy} onClick={() => void submit().catch(() => undefined)} data-testid="inspection-dispose-submit">
              {t('todo.submit')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}
