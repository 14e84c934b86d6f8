import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { INSPECTION_RESULT_LIMITS, type ItemResult, type TodoDetail, type TodoDoneRow, type TodoRow } from '@storelens/contracts';
import { Alert, App, Button, Card, Empty, Flex, Input, List, Radio, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { useInspectionRefresh, useTodoDetail, useTodoList } from '../../hooks/useInspection.ts';
import { type KeptDone, type OfflinePhoto, type OfflineStore, offlineStore, type QueuedSubmission } from '../../offline/store.ts';
import { keepSending, newClientKey, notifyQueueChange, onQueueChange, queueSubmission, sendQueued } from '../../offline/sync.ts';
import { useOfflineReady, useOnline } from '../../offline/useOffline.ts';
import { SITE_INSPECTION_PATH, siteInspectionPath, siteResultPath } from '../../routes.tsx';
import { firstProblem, type ItemMark } from '../../todoChecks.ts';
import { DoneList } from './DoneList.tsx';

const EMPTY_MARK: ItemMark = { result: null, remark: '' };
/** A phone's width: the page is one column however wide the screen. */
const PHONE_WIDTH = 480;
const RESULTS: ItemResult[] = ['pass', 'fail', 'invalid'];
const nowIso = () => new Date().toISOString();

function useStore(): OfflineStore | null {
  const uid = useSessionStore((state) => state.uid);
  return useMemo(() => (uid ? offlineStore(uid) : null), [uid]);
}

/** The queued submissions, re-read whenever a send or a queueing changes them. */
function useQueue(store: OfflineStore | null): QueuedSubmission[] {
  const [queue, setQueue] = useState<QueuedSubmission[]>([]);
  useEffect(() => {
    if (!store) return;
    const read = () => void store.submissions().then(setQueue, () => undefined);
    read();
    return onQueueChange(read);
  }, [store]);
  return queue;
}

/**
 * Sends the queue whenever the connection returns or work is queued while connected, and again
 * after a while as long as something stays queued.
 */
function useSender(store: OfflineStore | null, online: boolean, queue: readonly QueuedSubmission[]) {
  const refresh = useInspectionRefresh();
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const waiting = queue.some((submission) => submission.state === 'queued');
  useEffect(() => {
    if (!store || !online) return;
    // Back online with nothing to send: what the server says may have moved meanwhile.
    if (!waiting) return void refreshRef.current();
    return keepSending(store, { at: nowIso, afterRound: () => refreshRef.current() });
  }, [store, online, waiting]);
}

/** Offline or online, and whether the page is ready for going offline. */
function ConnectionBanner({ online, ready }: { online: boolean; ready: boolean }) {
  const { t } = useTranslation('inspectionPlans');
  return online ? (
    <Alert
      type="success"
      showIcon
      data-testid="site-connection"
      data-online="true"
      message={t('site.online')}
      description={ready ? <span data-testid="site-offline-ready">{t('site.offlineReady')}</span> : undefined}
    />
  ) : (
    <Alert type="warning" showIcon data-testid="site-connection" data-online="false" message={t('site.offline')} description={t('site.offlineHint')} />
  );
}

function QueueState({ submission }: { submission: QueuedSubmission }) {
  const { t } = useTranslation('inspectionPlans');
  const locale = useSessionStore((state) => state.locale);
  if (submission.state === 'sent')
    return (
      <Tag color="success" data-testid={`site-queue-state-${submission.assignmentId}`} data-state="sent">
        {t('site.sentAt', { time: formatDateTime(submission.sentAt, locale, { seconds: true }) })}
      </Tag>
    );
  if (submission.state === 'refused')
    return (
      <Tag color="error" data-testid={`site-queue-state-${submission.assignmentId}`} data-state="refused">
        {t('site.refused', { reason: submission.error ?? '' })}
      </Tag>
    );
  return (
    <Tag color="processing" data-testid={`site-queue-state-${submission.assignmentId}`} data-state="queued">
      {t('site.queuedAt', { time: formatDateTime(submission.queuedAt, locale, { seconds: true }) })}
    </Tag>
  );
}

function QueueList({ queue }: { queue: QueuedSubmission[] }) {
  const { t } = useTranslation('inspectionPlans');
  if (queue.length === 0) return null;
  return (
    <Card size="small" title={t('site.queueTitle')} style={{ maxWidth: PHONE_WIDTH }} data-testid="site-queue">
      <List
        dataSource={[...queue].sort((a, b) => b.queuedAt.localeCompare(a.queuedAt))}
        renderItem={(submission) => (
          <List.Item>
            <Flex vertical style={{ width: '100%' }}>
              <Typography.Text strong>{submission.shopName}</Typography.Text>
              <Typography.Text type="secondary">{submission.planName}</Typography.Text>
              <QueueState submission={submission} />
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

function SiteList({ store, queue, online }: { store: OfflineStore | null; queue: QueuedSubmission[]; online: boolean }) {
  const { t } = useTranslation('inspectionPlans');
  const locale = useSessionStore((state) => state.locale);
  const list = useTodoList({ page: 1, pageSize: 50 });
  const [kept, setKept] = useState<TodoRow[] | null>(null);
  useEffect(() => {
    if (!store) return;
    if (list.data) void store.keepList(list.data.list, nowIso()).catch(() => undefined);
    else
      void store.list().then(
        (found) => setKept(found?.rows ?? null),
        () => undefined,
      );
  }, [store, list.data]);
  const [keptDone, setKeptDone] = useState<KeptDone | null>(null);
  useEffect(() => {
    if (!store) return;
    void store.done().then(
      (found) => setKeptDone(found ?? null),
      () => undefined,
    );
  }, [store]);
  const keepDone = useCallback(
    (rows: TodoDoneRow[]) => {
      const keptAt = nowIso();
      setKeptDone({ assignmentId: '__done', rows, keptAt });
      void store?.keepDone(rows, keptAt).catch(() => undefined);
    },
    [store],
  );
  const queued = new Set(queue.filter((submission) => submission.state !== 'refused').map((submission) => submission.assignmentId));
  const rows = (list.data?.list ?? kept ?? []).filter((row) => !queued.has(row.assignmentId));
  return (
    <Flex vertical gap={12} style={{ maxWidth: PHONE_WIDTH }}>
      <Card size="small" title={t('site.title')} data-testid="site-inspection-list">
        <List
          loading={online && list.isFetching}
          dataSource={rows}
          locale={{ emptyText: t('site.empty') }}
          renderItem={(row) => (
            <List.Item>
              <Link to={siteInspectionPath(row.assignmentId)} data-testid={`site-open-${row.assignmentId}`} style={{ width: '100%' }}>
                <Flex vertical>
                  <Typography.Text strong>{row.shopName}</Typography.Text>
                  <Typography.Text type="secondary">{`${row.planName} · ${formatDateTime(row.windowEnd, locale, { timeZone: row.timeZone })}`}</Typography.Text>
                  {row.overdue && <Tag color="error">{t('todo.state.overdue')}</Tag>}
                </Flex>
              </Link>
            </List.Item>
          )}
        />
      </Card>
      <QueueList queue={queue} />
      {/* Offline too: what was done stays worth seeing in the store (from memory, or as kept on the phone after a reload). */}
      <Card size="small" title={t('todo.tabDone')} data-testid="site-done" data-online={online}>
        {!online && keptDone && (
          <Typography.Text type="secondary" data-testid="site-done-kept">
            {t('site.doneKept', { time: formatDateTime(keptDone.keptAt, locale) })}
          </Typography.Text>
        )}
        <DoneList keyword="" resultPath={siteResultPath} offline={!online} kept={keptDone?.rows} onFirstPage={keepDone} />
      </Card>
    </Flex>
  );
}

function PhotoThumb({ photo, onRemove }: { photo: OfflinePhoto; onRemove?: (() => void) | undefined }) {
  const { t } = useTranslation('inspectionPlans');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(photo.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.blob]);
  return (
    <figure style={{ margin: 0, width: 96 }} data-testid={`site-photo-${photo.clientKey}`} data-sent={photo.mediaId ? 'true' : 'false'}>
      {url && <img src={url} width={96} height={72} alt={t('todo.image')} style={{ objectFit: 'cover', borderRadius: 4 }} />}
      {onRemove && (
        <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('todo.removeMedia', { caption: t('todo.image') })} onClick={onRemove} />
      )}
    </figure>
  );
}

function SiteItem({
  item,
  index,
  mark,
  photos,
  serverPictures,
  editable,
  highlighted,
  onMark,
  onPhoto,
  onRemovePhoto,
}: {
  item: TodoDetail['items'][number];
  index: number;
  mark: ItemMark;
  photos: OfflinePhoto[];
  serverPictures: number;
  editable: boolean;
  highlighted: boolean;
  onMark: (mark: ItemMark) => void;
  onPhoto: (file: File) => void;
  onRemovePhoto: (clientKey: string) => void;
}) {
  const { t } = useTranslation('inspectionPlans');
  const count = photos.length + serverPictures;
  const inputId = `site-photo-input-${item.itemId}`;
  return (
    <Card
      size="small"
      id={`todo-item-${item.itemId}`}
      data-testid={`todo-item-${index}`}
      style={highlighted ? { borderColor: '#ff4d4f' } : undefined}
      title={`${index + 1}. ${item.name}`}
      extra={<Tag>{item.categoryName}</Tag>}
    >
      {item.description && <Typography.Paragraph>{item.description}</Typography.Paragraph>}
      <Flex vertical gap={8}>
        <Radio.Group
          value={mark.result}
          disabled={!editable}
          onChange={(event) => onMark({ ...mark, result: event.target.value as ItemResult })}
          optionType="button"
          buttonStyle="solid"
          aria-label={t('todo.resultOf', { name: item.name })}
          data-testid={`todo-result-${index}`}
          options={RESULTS.map((value) => ({ value, label: t(`todo.result.${value}`) }))}
        />
        <Input.TextArea
          rows={2}
          disabled={!editable}
          maxLength={INSPECTION_RESULT_LIMITS.remarkMaxChars}
          placeholder={mark.result === 'fail' ? t('todo.remarkRequired') : t('todo.remark')}
          aria-label={t('todo.remarkOf', { name: item.name })}
          value={mark.remark}
          onChange={(event) => onMark({ ...mark, remark: event.target.value })}
          data-testid={`todo-remark-${index}`}
        />
        {editable && (
          <label htmlFor={inputId}>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="environment"
              style={{ display: 'none' }}
              disabled={count >= INSPECTION_RESULT_LIMITS.imagesPerItem}
              data-testid={`site-photo-input-${index}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onPhoto(file);
                event.target.value = '';
              }}
            />
            <Button
              icon={<CameraOutlined />}
              disabled={count >= INSPECTION_RESULT_LIMITS.imagesPerItem}
              onClick={() => document.getElementById(inputId)?.click()}
              data-testid={`todo-upload-${index}`}
            >
              {t('todo.takePhoto', { count, max: INSPECTION_RESULT_LIMITS.imagesPerItem })}
            </Button>
          </label>
        )}
        {photos.length > 0 && (
          <Flex gap={8} wrap>
            {photos.map((photo) => (
              <PhotoThumb key={photo.clientKey} photo={photo} onRemove={editable && !photo.mediaId ? () => onRemovePhoto(photo.clientKey) : undefined} />
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

function SiteChecklist({ assignmentId, store, queue, online }: { assignmentId: string; store: OfflineStore; queue: QueuedSubmission[]; online: boolean }) {
  const { t } = useTranslation('inspectionPlans');
  const { message } = App.useApp();
  const detail = useTodoDetail(assignmentId);
  const [kept, setKept] = useState<TodoDetail | null>(null);
  const [marks, setMarks] = useState<Record<string, ItemMark>>({});
  const [photos, setPhotos] = useState<OfflinePhoto[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const submission = queue.find((one) => one.assignmentId === assignmentId);

  const readPhotos = useCallback(() => void store.photos(assignmentId).then(setPhotos, () => undefined), [store, assignmentId]);
  useEffect(() => {
    void store.checklist(assignmentId).then(
      (found) => setKept((current) => current ?? found?.detail ?? null),
      () => undefined,
    );
    void store.draft(assignmentId).then(
      (draft) => draft && setMarks(draft.marks),
      () => undefined,
    );
    readPhotos();
  }, [store, assignmentId, readPhotos]);
  useEffect(() => {
    if (detail.data) {
      setKept(detail.data);
      void store.keepChecklist(detail.data, nowIso()).catch(() => undefined);
    }
  }, [store, detail.data]);
  // A sent submission's photos got their media ids: show them as sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the queue changes.
  useEffect(readPhotos, [readPhotos, submission?.state]);

  const data = kept;
  if (!data) return detail.isError || !online ? <Empty description={t('todo.notFound')} /> : <Spin />;
  const queued = submission && submission.state !== 'refused';
  const editable = data.status === 'pending' && !queued;

  const setMark = (itemId: string, mark: ItemMark) => {
    const next = { ...marks, [itemId]: mark };
    setMarks(next);
    void store.saveDraft({ assignmentId, marks: next, updatedAt: nowIso() });
  };
  const addPhoto = async (itemId: string, file: File) => {
    await store.addPhoto({ clientKey: newClientKey(), assignmentId, itemId, blob: file, name: file.name || 'photo.jpg', takenAt: nowIso(), mediaId: null });
    readPhotos();
  };
  const removePhoto = async (clientKey: string) => {
    await store.removePhoto(clientKey);
    readPhotos();
  };

  const submit = async () => {
    const withPhotos = data.items.map((item) => ({
      itemId: item.itemId,
      media: [...item.media, ...photos.filter((photo) => photo.itemId === item.itemId).map(() => ({ kind: 'image' as const }))],
    }));
    const found = firstProblem(withPhotos, marks, 'onsite');
    if (found) {
      setProblem(found.itemId);
      void message.error(t(found.key, { ns: 'messages' }));
      document.getElementById(`todo-item-${found.itemId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    setProblem(null);
    await queueSubmission(store, {
      assignmentId,
      shopName: data.shopName,
      planName: data.planName,
      queuedAt: nowIso(),
      results: data.items.map((item) => ({
        itemId: item.itemId,
        result: marks[item.itemId]?.result ?? 'pass',
        remark: marks[item.itemId]?.remark.trim() ?? '',
      })),
    });
    void message.info(online ? t('site.sending') : t('site.queued'));
    if (online) await sendQueued(store, nowIso);
    notifyQueueChange();
  };

  return (
    <Flex vertical gap={12} style={{ maxWidth: PHONE_WIDTH }} data-testid="site-inspection" data-status={data.status}>
      <Link to={SITE_INSPECTION_PATH}>{t('site.back')}</Link>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {data.shopName}
      </Typography.Title>
      <Typography.Text type="secondary">{`${data.planName} · ${data.batchId}`}</Typography.Text>
      {submission && <QueueState submission={submission} />}
      {data.items.map((item, index) => (
        <SiteItem
          key={item.itemId}
          item={item}
          index={index}
          mark={marks[item.itemId] ?? (item.result ? { result: item.result, remark: item.remark ?? '' } : EMPTY_MARK)}
          photos={photos.filter((photo) => photo.itemId === item.itemId)}
          serverPictures={item.media.filter((media) => media.kind === 'image' && !photos.some((photo) => photo.mediaId === media.mediaId)).length}
          editable={editable}
          highlighted={problem === item.itemId}
          onMark={(mark) => setMark(item.itemId, mark)}
          onPhoto={(file) => void addPhoto(item.itemId, file)}
          onRemovePhoto={(clientKey) => void removePhoto(clientKey)}
        />
      ))}
      {editable && (
        <Button type="primary" size="large" block onClick={() => void submit().catch(() => undefined)} data-testid="site-inspection-submit">
          {t('todo.submit')}
        </Button>
      )}
    </Flex>
  );
}

/**
 * On-site inspection (/myTodo/siteInspection): the to-do and checklist on a phone-sized column in
 * the store, photos straight from the phone's camera. Works offline (docs/decisions/inspection.md):
 * a service worker keeps the app shell for a reload, IndexedDB the checklist, marks, remarks and
 * photos, and a submission is queued there and sent once the connection returns, under
 * idempotency keys the server honours (a resend answers the first result).
 */
export function SiteInspectionPage() {
  const [params] = useSearchParams();
  const assignmentId = params.get('assignmentId') ?? '';
  const store = useStore();
  const online = useOnline();
  const ready = useOfflineReady();
  const queue = useQueue(store);
  useSender(store, online, queue);
  return (
    <Flex vertical gap={12} style={{ maxWidth: PHONE_WIDTH }}>
      <ConnectionBanner online={online} ready={ready} />
      {assignmentId && store ? (
        <SiteChecklist assignmentId={assignmentId} store={store} queue={queue} online={online} />
      ) : (
        <SiteList store={store} queue={queue} online={online} />
      )}
    </Flex>
  );
}
