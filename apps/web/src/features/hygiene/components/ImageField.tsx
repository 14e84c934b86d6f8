import { CameraOutlined, DeleteOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Image, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadHygieneImage } from '../api.ts';
import { useMediaUrl } from '../hooks/useMediaUrl.ts';

/**
 * One picture as a form field (its value is the server's media id): on a phone the button opens the
 * camera or the gallery; the picture is sent at once, checked and resized by the server, and a
 * refused one shows the server's reason (a text file called photo.jpg is no picture).
 */
export function ImageField({ value, onChange, testId }: { value?: string; onChange?: (mediaId: string | undefined) => void; testId: string }) {
  const { t } = useTranslation('hygiene');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { url } = useMediaUrl(value);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const uploaded = await uploadHygieneImage(file);
      onChange?.(uploaded.mediaId);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('image.failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        // Not the hidden attribute: antd's form styles show a file input anyway (a bare 'Choose File' on the phone).
        style={{ display: 'none' }}
        data-testid={`${testId}-input`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Space wrap>
        {value && url && <Image src={url} width={96} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('image.alt')} />}
        <Button icon={busy ? <LoadingOutlined /> : <CameraOutlined />} disabled={busy} onClick={() => input.current?.click()}>
          {value ? t('image.replace') : t('image.choose')}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} aria-label={t('image.remove')} onClick={() => onChange?.(undefined)}>
            {t('image.remove')}
          </Button>
        )}
      </Space>
      {error && <Alert type="error" showIcon title={error} data-testid={`${testId}-refused`} />}
    </Space>
  );
}

/** A small picture of a certificate or record; a click enlarges it. */
export function Thumb({ mediaId }: { mediaId: string | null }) {
  const { t } = useTranslation('hygiene');
  const { url } = useMediaUrl(mediaId);
  if (!mediaId) return null;
  return url ? <Image src={url} width={48} height={36} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('image.alt')} /> : <LoadingOutlined />;
}
