import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { POS_AUDIT_STATES, POS_LIMITS, POS_STATUSES, type PosAuditState, type PosStatus, type PosUploadRow } from '@storelens/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Modal, Progress, Select, Space, Table, type TableColumnsType, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../shared/analytics/format.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { auditPosUploads, downloadPosErrorReport, downloadSalesTemplate, fetchPosErrorRows, fetchPosList, reuploadPosFile, uploadPosFiles } from '../api.ts';
import { formatFileSize } from '../salesFormat.ts';

/**
 * A completed upload a later file replaced, fully or in part (issue 11): a tag, which upload replaced
 * which share of its store-days, and what it still provides.
 */
function SupersededNote({ superseded }: { superseded: NonNullable<PosUploadRow['superseded']> }) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const { remaining } = superseded;
  return (
    <Space orientation="vertical" size={0} data-testid="pos-superseded" data-full={superseded.full}>
      <Tag color={superseded.full ? 'default' : 'gold'}>{t(superseded.full ? 'sales:upload.superseded' : 'sales:upload.partlySuperseded')}</Tag>
      {superseded.by.map((by) => (
        <Typography.Text key={by.uploadId} type="secondary" style={{ fontSize: 12 }}>
          {t('sales:upload.supersededBy', { file: by.fileName, time: formatDateTime(by.uploadedAt, locale), n: by.storeDays })}
        </Typography.Text>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {superseded.full
          ? t('sales:upload.providesNone', { total: superseded.storeDays })
          : t('sales:upload.stillProvides', {
              n: remaining.storeDays,
              total: superseded.storeDays,
              shops: remaining.shops,
              from: remaining.firstDate ?? '',
              to: remaining.lastDate ?? '',
            })}
      </Typography.Text>
    </Space>
  );
}

/** The list is asked again this often while an import is queued or running (its progress bar). */
const POLL_MS = 2000;
const STATUS_COLOURS: Record<PosStatus, string> = { waiting: 'default', uploading: 'processing', completed: 'success', failed: 'error' };

const isRunning = (row: PosUploadRow) => row.status === 'waiting' || row.status === 'uploading';

/** What a refused upload tells the user: the server's words, and the file they are about. */
function refusalText(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  const data = error.data as { fileName?: unknown } | null | undefined;
  const fileName = data && typeof data.fileName === 'string' ? data.fileName : null;
  const text = error.message || fallback;
  return fileName ? `${fileName}: ${text}` : text;
}

/**
 * POS data upload (/settings/settingSales/performanceData, spec sections 3-5): up to 10 .xlsx files
 * at a time, each imported by the server as a job; the list shows each upload's state with a
 * progress bar while it is queued or importing (polled every 2 s), the rows with errors and their
 * report, re-upload of a failed file and the audit.
 */
export function PerformanceDataPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const [chosen, setChosen] = useState<File[]>([]);
  const [sending, setSending] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [status, setStatus] = useState<PosStatus | undefined>();
  const [auditState, setAuditState] = useState<PosAuditState | undefined>();
  const [errorsOf, setErrorsOf] = useState<PosUploadRow | null>(null);
  const paging = usePaging(JSON.stringify({ status, auditState }));

  const request = { page: paging.page, pageSize: paging.pageSize, status, auditState };
  const list = useQuery({
    queryKey: ['sales', 'posList', cid, request],
    queryFn: () => fetchPosList(request),
    enabled: cid !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some(isRunning) ? POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['sales', 'posList'] });

  const tooMany = chosen.length > POS_LIMITS.maxFiles;
  const tooLarge = chosen.filter((file) => file.size > POS_LIMITS.maxBytes);

  const send = async () => {
    setRefusal(null);
    setSending(0);
    try {
      const answer = await uploadPosFiles(chosen, setSending);
      message.success(t('sales:upload.queued', { count: answer.uploads.length }));
      setChosen([]);
    } catch (error) {
      setRefusal(refusalText(error, t('sales:upload.failed')));
    } finally {
      setSending(null);
      void refresh();
    }
  };

  const reupload = async (row: PosUploadRow, file: File) => {
    setRefusal(null);
    try {
      await reuploadPosFile(row.uploadId, file);
      message.success(t('sales:upload.queued', { count: 1 }));
    } catch (error) {
      setRefusal(refusalText(error, t('sales:upload.failed')));
    } finally {
      void refresh();
    }
  };

  const audit = async (row: PosUploadRow) => {
    try {
      await auditPosUploads([row.uploadId]);
      message.success(t('sales:upload.auditedDone'));
    } catch {
      // The HTTP client has shown why.
    } finally {
      void refresh();
    }
  };

  const saveTemplate = async () => {
    try {
      saveBlob(await downloadSalesTemplate(), 'sales-template.xlsx');
    } catch {
      // The HTTP client has shown why.
    }
  };

  const columns: TableColumnsType<PosUploadRow> = [
    { key: 'fileName', title: t('sales:upload.fileName'), dataIndex: 'fileName', ellipsis: true },
    { key: 'size', title: t('sales:upload.size'), align: 'right', render: (_, row) => formatFileSize(row.size) },
    { key: 'uploader', title: t('sales:upload.uploader'), render: (_, row) => row.uploaderName ?? t('sales:upload.system') },
    { key: 'uploadedAt', title: t('sales:upload.uploadedAt'), render: (_, row) => formatDateTime(row.uploadedAt, locale) },
    {
      key: 'status',
      title: t('sales:upload.status'),
      width: 200,
      render: (_, row) => (
        <Space orientation="vertical" size={2} style={{ width: '100%' }} data-testid={`pos-status-${row.uploadId}`} data-status={row.status}>
          <Tag color={STATUS_COLOURS[row.status]}>{t(`sales:upload.statuses.${row.status}`)}</Tag>
          {row.superseded && <SupersededNote superseded={row.superseded} />}
          {isRunning(row) && <Progress percent={row.progress} size="small" data-testid={`pos-progress-${row.uploadId}`} />}
          {row.status === 'failed' && row.failure && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`pos-failure-${row.uploadId}`}>
              {row.failure}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'rows',
      title: t('sales:upload.rows'),
      align: 'right',
      render: (_, row) => (row.status === 'completed' ? row.importedRows : (row.rows ?? '--')),
    },
    {
      key: 'errorRows',
      title: t('sales:upload.errorRows'),
      align: 'right',
      render: (_, row) =>
        row.errorRows > 0 ? (
          <Button type="link" size="small" danger onClick={() => setErrorsOf(row)} data-testid={`pos-errors-${row.uploadId}`}>
            {row.errorRows}
          </Button>
        ) : (
          row.errorRows
        ),
    },
    {
      key: 'audit',
      title: t('sales:upload.auditState'),
      render: (_, row) => <Tag color={row.auditState === 'audited' ? 'green' : 'default'}>{t(`sales:upload.auditStates.${row.auditState}`)}</Tag>,
    },
    {
      key: 'actions',
      title: t('sales:upload.actions'),
      render: (_, row) => (
        <Space size={0}>
          {row.status === 'failed' && (
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void reupload(row, file);
                return false;
              }}
            >
              <CanButton permission="pos_upload" type="link" size="small" data-testid={`pos-reupload-${row.uploadId}`}>
                {t('sales:upload.reupload')}
              </CanButton>
            </Upload>
          )}
          {row.status === 'completed' && row.auditState === 'unreviewed' && (
            <CanButton permission="pos_upload" type="link" size="small" onClick={() => void audit(row)} data-testid={`pos-audit-${row.uploadId}`}>
              {t('sales:upload.audit')}
            </CanButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="pos-upload-page">
      <Card
        size="small"
        title={t('sales:upload.title')}
        extra={
          <Button icon={<DownloadOutlined />} onClick={() => void saveTemplate()} data-testid="pos-template-download">
            {t('sales:upload.downloadTemplate')}
          </Button>
        }
      >
        <Alert
          type="info"
          showIcon
          data-testid="pos-caps"
          title={t('sales:upload.capsTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              <li>{t('sales:upload.capFiles', { max: POS_LIMITS.maxFiles })}</li>
              <li>{t('sales:upload.capSize', { mb: POS_LIMITS.maxBytes / 1024 / 1024 })}</li>
              <li>{t('sales:upload.capRows', { max: formatNumber(POS_LIMITS.maxRows, locale) })}</li>
              <li>{t('sales:upload.capSheet')}</li>
              <li>{t('sales:upload.capFormat', { decimals: POS_LIMITS.quantityDecimals })}</li>
              <li>{t('sales:upload.capReplace')}</li>
            </ul>
          }
        />
        <div style={{ marginTop: 12 }} data-testid="pos-dropzone">
          <Upload.Dragger
            accept=".xlsx"
            multiple
            fileList={chosen.map((file, index) => ({ uid: `${index}-${file.name}`, name: file.name, size: file.size, status: 'done' as const }))}
            beforeUpload={(file) => {
              setChosen((current) => [...current, file]);
              return false;
            }}
            onRemove={(removed) => setChosen((current) => current.filter((file, index) => `${index}-${file.name}` !== removed.uid))}
            disabled={sending !== null}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('sales:upload.dropHint')}</p>
          </Upload.Dragger>
        </div>
        {tooMany && <Alert type="error" showIcon style={{ marginTop: 8 }} title={t('messages:pos.tooManyFiles', { max: POS_LIMITS.maxFiles })} />}
        {tooLarge.map((file) => (
          <Alert key={file.name} type="error" showIcon style={{ marginTop: 8 }} title={`${file.name}: ${t('sales:upload.tooLarge')}`} />
        ))}
        {refusal && (
          <Alert type="error" showIcon closable style={{ marginTop: 8 }} title={refusal} data-testid="pos-refusal" onClose={() => setRefusal(null)} />
        )}
        {sending !== null && <Progress percent={Math.round(sending * 100)} style={{ marginTop: 8 }} data-testid="pos-send-progress" />}
        <Space style={{ marginTop: 12 }}>
          <CanButton
            permission="pos_upload"
            type="primary"
            icon={<UploadOutlined />}
            disabled={chosen.length === 0 || tooMany || tooLarge.length > 0}
            loading={sending !== null}
            onClick={() => void send()}
            data-testid="pos-upload-submit"
          >
            {chosen.length === 0 ? t('sales:upload.submitEmpty') : t('sales:upload.submit', { count: chosen.length })}
          </CanButton>
        </Space>
      </Card>
      <Card
        size="small"
        title={t('sales:upload.listTitle')}
        extra={
          <Space>
            <Select<PosStatus>
              allowClear
              placeholder={t('sales:upload.status')}
              aria-label={t('sales:upload.status')}
              style={{ width: 140 }}
              value={status}
              onChange={setStatus}
              options={POS_STATUSES.map((value) => ({ value, label: t(`sales:upload.statuses.${value}`) }))}
            />
            <Select<PosAuditState>
              allowClear
              placeholder={t('sales:upload.auditState')}
              aria-label={t('sales:upload.auditState')}
              style={{ width: 140 }}
              value={auditState}
              onChange={setAuditState}
              options={POS_AUDIT_STATES.map((value) => ({ value, label: t(`sales:upload.auditStates.${value}`) }))}
            />
          </Space>
        }
      >
        <Table<PosUploadRow>
          rowKey="uploadId"
          size="small"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? 0, onChange: paging.onChange }}
          scroll={{ x: 'max-content' }}
          data-testid="pos-list"
        />
      </Card>
      {errorsOf && <ErrorRowsModal upload={errorsOf} onClose={() => setErrorsOf(null)} />}
    </Space>
  );
}

/** The rows of a failed file with what is wrong in each, and the whole report as .xlsx. */
function ErrorRowsModal({ upload, onClose }: { upload: PosUploadRow; onClose(): void }) {
  const { t } = useTranslation();
  const cid = useSessionStore((state) => state.cid);
  const paging = usePaging(upload.uploadId);
  const rows = useQuery({
    queryKey: ['sales', 'posErrors', cid, upload.uploadId, paging.page, paging.pageSize],
    queryFn: () => fetchPosErrorRows(upload.uploadId, paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  const saveReport = async () => {
    try {
      saveBlob(await downloadPosErrorReport(upload.uploadId), `${upload.fileName.replace(/\.xlsx$/i, '')}-errors.xlsx`);
    } catch {
      // The HTTP client has shown why.
    }
  };
  return (
    <Modal
      open
      width={760}
      title={t('sales:upload.errorsTitle', { file: upload.fileName, count: upload.errorRows })}
      onCancel={onClose}
      footer={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void saveReport()} data-testid="pos-error-report">
            {t('sales:upload.downloadErrorReport')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('sales:upload.close')}
          </Button>
        </Space>
      }
    >
      <Table
        rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
        size="small"
        columns={[
          { key: 'row', title: t('sales:upload.errorRow'), dataIndex: 'row', width: 80 },
          { key: 'column', title: t('sales:upload.errorColumn'), dataIndex: 'column', width: 160 },
          { key: 'message', title: t('sales:upload.errorMessage'), dataIndex: 'message' },
        ]}
        dataSource={rows.data?.list ?? []}
        loading={rows.isLoading}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: rows.data?.total ?? 0, onChange: paging.onChange, showSizeChanger: false }}
        data-testid="pos-error-rows"
      />
    </Modal>
  );
}
