import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { type ImportRefusal, type ImportRowError, importRefusalSchema, Limits } from '@storelens/contracts';
import { Alert, App, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../lib/http.ts';
import { saveBlob } from '../lib/saveFile.ts';

type Phase = 'choose' | 'uploading' | 'checking' | 'done' | 'refused';

export interface ImportModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  /** Prefix of data-testid values and of the downloaded file names ('shop-import' ...). */
  testId: string;
  downloadTemplate(): Promise<Blob>;
  upload(file: File, onProgress: (fraction: number) => void): Promise<{ imported: number }>;
  downloadErrorReport(errorReportId: string): Promise<Blob>;
  onImported(count: number): void;
}

/** What a failed upload tells the user: the server's message, and the rows when it refused the content. */
export function describeImportFailure(error: unknown, fallback: string): { message: string; refusal: ImportRefusal | null } {
  if (!isHttpError(error)) return { message: fallback, refusal: null };
  const parsed = importRefusalSchema.safeParse(error.data);
  return { message: error.message || fallback, refusal: parsed.success ? parsed.data : null };
}

/**
 * Batch import from Excel (spec sections 5 and 7): the template to download, one .xlsx to upload
 * with its progress, then either the count imported or, since imports are all or nothing, the
 * row-level errors and the full error report to download.
 */
export function ImportModal({ open, title, onClose, testId, downloadTemplate, upload, downloadErrorReport, onImported }: ImportModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('choose');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<{ message: string; refusal: ImportRefusal | null } | null>(null);
  const [imported, setImported] = useState(0);
  const [downloading, setDownloading] = useState<'template' | 'report' | null>(null);

  const reset = () => {
    setFile(null);
    setPhase('choose');
    setProgress(0);
    setFailure(null);
  };
  const close = () => {
    if (phase === 'uploading' || phase === 'checking') return;
    reset();
    onClose();
  };

  const download = async (kind: 'template' | 'report', load: () => Promise<Blob>, fileName: string) => {
    setDownloading(kind);
    try {
      saveBlob(await load(), fileName);
    } catch {
      // The HTTP client has already shown why.
    } finally {
      setDownloading(null);
    }
  };

  const start = async () => {
    if (!file) return;
    setFailure(null);
    setPhase('uploading');
    setProgress(0);
    try {
      const result = await upload(file, (fraction) => {
        setProgress(Math.round(fraction * 100));
        if (fraction >= 1) setPhase('checking');
      });
      setImported(result.imported);
      setPhase('done');
      void message.success(t('common:import.imported', { n: result.imported }));
      onImported(result.imported);
    } catch (error) {
      setFailure(describeImportFailure(error, t('common:import.failed')));
      setPhase('refused');
    }
  };

  const busy = phase === 'uploading' || phase === 'checking';
  const rowErrors: ImportRowError[] = failure?.refusal?.errors ?? [];

  return (
    <Modal
      open={open}
      title={title}
      width={Math.max(Limits.modalWidth, 720)}
      mask={{ closable: false }}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close} disabled={busy} data-testid={`${testId}-close`}>
            {t('common:close')}
          </Button>
          {phase !== 'done' && (
            <Button type="primary" onClick={() => void start()} disabled={!file || busy} loading={busy} data-testid={`${testId}-submit`}>
              {t('common:import.start')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid={testId}>
        <Typography.Paragraph type="secondary">{t('common:import.hint')}</Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          loading={downloading === 'template'}
          onClick={() => void download('template', downloadTemplate, `${testId}-template.xlsx`)}
          data-testid={`${testId}-template`}
          style={{ marginBottom: 12 }}
        >
          {t('common:import.template')}
        </Button>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          maxCount={1}
          disabled={busy}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done', size: file.size }] : []}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setPhase('choose');
            setFailure(null);
            return false;
          }}
          onRemove={() => {
            reset();
            return true;
          }}
          data-testid={`${testId}-file`}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('common:import.choose')}</p>
          <p className="ant-upload-hint">{t('common:import.rules')}</p>
        </Upload.Dragger>

        {(phase === 'uploading' || phase === 'checking' || phase === 'done') && (
          <div style={{ marginTop: 16 }} data-testid={`${testId}-progress`}>
            <Progress
              percent={phase === 'checking' ? 99 : phase === 'uploading' ? Math.min(progress, 98) : 100}
              status={phase === 'done' ? 'success' : 'active'}
            />
            <Typography.Text type="secondary">
              {phase === 'uploading' && t('common:import.uploading')}
              {phase === 'checking' && t('common:import.checking')}
            </Typography.Text>
          </div>
        )}

        {phase === 'done' && <Alert type="success" showIcon title={t('common:import.imported', { n: imported })} data-testid={`${testId}-success`} />}

        {phase === 'refused' && failure && (
          <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }} data-testid={`${testId}-errors`}>
            <Alert type="error" showIcon title={failure.message} data-testid={`${testId}-error-message`} />
            {failure.refusal && (
              <>
                <Table<ImportRowError>
                  size="small"
                  rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
                  dataSource={rowErrors}
                  pagination={rowErrors.length > 8 ? { pageSize: 8, size: 'small' } : false}
                  columns={[
                    { title: t('common:import.row'), dataIndex: 'row', width: 70 },
                    { title: t('common:import.column'), dataIndex: 'column', width: 200 },
                    { title: t('common:import.message'), dataIndex: 'message' },
                  ]}
                  data-testid={`${testId}-error-table`}
                />
                <Space>
                  <Typography.Text type="secondary">{t('common:import.errorCount', { n: failure.refusal.errorCount })}</Typography.Text>
                  <Button
                    icon={<DownloadOutlined />}
                    loading={downloading === 'report'}
                    onClick={() => {
                      const id = failure.refusal?.errorReportId;
                      if (id) void download('report', () => downloadErrorReport(id), `${testId}-errors.xlsx`);
                    }}
                    data-testid={`${testId}-error-report`}
                  >
                    {t('common:import.errorReport')}
                  </Button>
                </Space>
              </>
            )}
          </Space>
        )}
      </div>
    </Modal>
  );
}
