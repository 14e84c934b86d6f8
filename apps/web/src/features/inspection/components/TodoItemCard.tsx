import { CameraOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { INSPECTION_RESULT_LIMITS, type ItemResult, type ResultMedia, type TodoDetail } from '@storelens/contracts';
import { Button, Card, Flex, Image, Input, Radio, Skeleton, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlobUrl } from '../../../shared/hooks/useBlobUrl.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { deleteResultMedia, fetchReferenceImage, fetchResultMedia, uploadResultImage } from '../api.ts';
import type { ItemMark } from '../todoChecks.ts';

type Item = TodoDetail['items'][number];

function Thumb({ media, timeZone, onDelete }: { media: ResultMedia; timeZone: string; onDelete?: (() => void) | undefined }) {
  const { t } = useTranslation('inspectionPlans');
  const locale = useSessionStore((state) => state.locale);
  const { url } = useBlobUrl(media.mediaId, () => fetchResultMedia(media.mediaId));
  const caption =
    media.kind === 'screenshot' ? t('todo.screenshotAt', { time: formatDateTime(media.capturedAt, locale, { timeZone, seconds: true }) }) : t('todo.image');
  return (
    <figure style={{ margin: 0, width: 120 }} data-testid={`todo-media-${media.mediaId}`} data-kind={media.kind}>
      {url ? (
        <Image src={url} width={120} height={90} alt={caption} style={{ objectFit: 'cover', borderRadius: 4 }} />
      ) : (
        <Skeleton.Image style={{ width: 120, height: 90 }} />
      )}
      <figcaption>
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {caption}
          </Typography.Text>
          {onDelete && <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('todo.removeMedia', { caption })} onClick={onDelete} />}
        </Flex>
      </figcaption>
    </figure>
  );
}

/**
 * One item of the checklist: what to check (name, category, description, reference image), its
 * result, remark and pictures (screenshots from the player, uploaded images up to 9), or, once
 * submitted, what was recorded.
 */
export function TodoItemCard({
  assignmentId,
  item,
  index,
  timeZone,
  mark,
  editable,
  highlighted,
  onMark,
  onScreenshot,
  onMediaChanged,
  method = 'remote',
}: {
  /** On site: no video, photos straight from the phone's camera. */
  method?: 'remote' | 'onsite';
  assignmentId: string;
  item: Item;
  index: number;
  timeZone: string;
  mark: ItemMark;
  editable: boolean;
  highlighted: boolean;
  onMark: (mark: ItemMark) => void;
  onScreenshot: () => void;
  onMediaChanged: () => void;
}) {
  const { t } = useTranslation('inspectionPlans');
  const reference = useBlobUrl(item.hasReferenceImage ? `${assignmentId}:${item.itemId}` : null, () => fetchReferenceImage(assignmentId, item.itemId));
  const [uploadError, setUploadError] = useState<string | null>(null);
  const images = item.media.filter((media) => media.kind === 'image');
  const results: ItemResult[] = ['pass', 'fail', 'invalid'];

  return (
    <Card
      size="small"
      id={`todo-item-${item.itemId}`}
      data-testid={`todo-item-${index}`}
      style={highlighted ? { borderColor: '#ff4d4f' } : undefined}
      title={`${index + 1}. ${item.name}`}
      extra={<Tag>{item.categoryName}</Tag>}
    >
      <Flex gap={12} wrap>
        {reference.url && <Image src={reference.url} width={96} alt={t('todo.reference', { name: item.name })} />}
        {item.description && <Typography.Paragraph style={{ flex: 1, minWidth: 160 }}>{item.description}</Typography.Paragraph>}
      </Flex>
      {editable ? (
        <Flex vertical gap={8}>
          <Radio.Group
            value={mark.result}
            onChange={(event) => onMark({ ...mark, result: event.target.value as ItemResult })}
            optionType="button"
            buttonStyle="solid"
            aria-label={t('todo.resultOf', { name: item.name })}
            data-testid={`todo-result-${index}`}
            options={results.map((value) => ({ value, label: t(`todo.result.${value}`) }))}
          />
          <Input.TextArea
            rows={2}
            maxLength={INSPECTION_RESULT_LIMITS.remarkMaxChars}
            placeholder={mark.result === 'fail' ? t('todo.remarkRequired') : t('todo.remark')}
            aria-label={t('todo.remarkOf', { name: item.name })}
            value={mark.remark}
            onChange={(event) => onMark({ ...mark, remark: event.target.value })}
            data-testid={`todo-remark-${index}`}
          />
          <Flex gap={8} wrap>
            {method === 'remote' && (
              <Button icon={<CameraOutlined />} onClick={onScreenshot} data-testid={`todo-screenshot-${index}`}>
                {t('todo.screenshot')}
              </Button>
            )}
            <Upload
              accept="image/jpeg,image/png,image/webp"
              {...(method === 'onsite' ? { capture: 'environment' as const } : {})}
              showUploadList={false}
              disabled={images.length >= INSPECTION_RESULT_LIMITS.imagesPerItem}
              customRequest={({ file, onSuccess, onError }) => {
                setUploadError(null);
                uploadResultImage(assignmentId, item.itemId, file as File).then(
                  (uploaded) => {
                    onSuccess?.(uploaded);
                    onMediaChanged();
                  },
                  (error: unknown) => {
                    setUploadError(error instanceof Error ? error.message : String(error));
                    onError?.(error instanceof Error ? error : new Error(String(error)));
                  },
                );
              }}
            >
              <Button
                icon={method === 'onsite' ? <CameraOutlined /> : <UploadOutlined />}
                disabled={images.length >= INSPECTION_RESULT_LIMITS.imagesPerItem}
                data-testid={`todo-upload-${index}`}
              >
                {t(method === 'onsite' ? 'todo.takePhoto' : 'todo.addImage', { count: images.length, max: INSPECTION_RESULT_LIMITS.imagesPerItem })}
              </Button>
            </Upload>
          </Flex>
          {uploadError && (
            <Typography.Text type="danger" role="alert">
              {uploadError}
            </Typography.Text>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={4} data-testid={`todo-recorded-${index}`}>
          <div>
            <Tag color={item.result === 'pass' ? 'success' : item.result === 'fail' ? 'error' : 'default'}>
              {item.result ? t(`todo.result.${item.result}`) : '—'}
            </Tag>
            {item.rectificationId && <Tag color="warning">{t('todo.rectificationRaised')}</Tag>}
          </div>
          {item.remark && <Typography.Text>{item.remark}</Typography.Text>}
        </Flex>
      )}
      {item.media.length > 0 && (
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          {item.media.map((media) => (
            <Thumb
              key={media.mediaId}
              media={media}
              timeZone={timeZone}
              onDelete={editable ? () => void deleteResultMedia(media.mediaId).then(onMediaChanged) : undefined}
            />
          ))}
        </Flex>
      )}
    </Card>
  );
}
