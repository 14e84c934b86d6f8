import { PlusOutlined } from '@ant-design/icons';
import { RECTIFICATION_LIMITS } from '@storelens/contracts';
import { Alert, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadRectificationImage } from '../api.ts';

export interface UploadedImages {
  /** Ids of the pictures the server kept, in the order they were chosen. */
  mediaIds: string[];
  /** Still sending one. */
  busy: boolean;
}

/**
 * Up to 9 pictures for an answer or a new item: each is sent as soon as it is chosen (progress
 * shown), checked and resized by the server; a refused one shows the server's reason (a text file
 * called photo.jpg is no picture) and takes no place among the ids.
 */
export function ImageUploader({ onChange, testId }: { onChange: (images: UploadedImages) => void; testId: string }) {
  const { t } = useTranslation('rectification');
  const [files, setFiles] = useState<UploadFile<{ mediaId: string }>[]>([]);

  const report = (next: UploadFile<{ mediaId: string }>[]) => {
    setFiles(next);
    onChange({
      mediaIds: next.flatMap((file) => (file.status === 'done' && file.response ? [file.response.mediaId] : [])),
      busy: next.some((file) => file.status === 'uploading'),
    });
  };
  const refused = files.filter((file) => file.status === 'error');

  return (
    <div data-testid={testId}>
      <Upload<{ mediaId: string }>
        listType="picture-card"
        accept="image/jpeg,image/png,image/webp"
        multiple
        maxCount={RECTIFICATION_LIMITS.imagesMax}
        fileList={files}
        onChange={({ fileList }) => report(fileList)}
        customRequest={({ file, onSuccess, onError, onProgress }) => {
          uploadRectificationImage(file as File, (fraction) => onProgress?.({ percent: Math.round(fraction * 100) })).then(
            (uploaded) => onSuccess?.(uploaded),
            (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
          );
        }}
      >
        {files.length >= RECTIFICATION_LIMITS.imagesMax ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label={t('images.add')}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('images.add')}</div>
          </button>
        )}
      </Upload>
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid={`${testId}-refused`}
          title={refused.map((file) => `${file.name}: ${file.error instanceof Error ? file.error.message : t('images.failed')}`).join('\n')}
        />
      )}
    </div>
  );
}
