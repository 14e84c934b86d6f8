import { AUDIENCE_TYPES } from '@storelens/contracts';
import { Alert, Button, Form, Input, Modal, Radio, Select, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../shared/lib/http.ts';
import { shopOptionsOf } from '../../../shared/lib/shopOptions.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { uploadIdentifiers } from '../api.ts';

interface RowError {
  row: number;
  message: string;
}

/** An uploaded audience: a text file of pseudonymised identifiers, one a line; the server checks each line. */
export function UploadAudienceModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('crowd');
  const [form] = Form.useForm<{ name: string; type: string; shopIds: string[] }>();
  const tree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopOptionsOf(tree), [tree]);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; rows: RowError[] } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (values: { name: string; type: string; shopIds: string[] }) => {
    if (!file) return;
    setSaving(true);
    setRefusal(null);
    try {
      await uploadIdentifiers(file, values);
      onSaved();
    } catch (error) {
      const data = isHttpError(error) ? (error.data as { errors?: RowError[] } | null) : null;
      setRefusal({ message: isHttpError(error) ? error.message : t('saveFailed'), rows: data?.errors ?? [] });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('upload.title')}
      okText={t('upload.submit')}
      okButtonProps={{ disabled: !file }}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onClose}
      maskClosable={false}
    >
      <Typography.Paragraph type="secondary">{t('upload.help')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ type: 'inStore', shopIds: [] }} onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, message: t('messages:validation.required') }]}>
          <Input maxLength={64} data-testid="upload-name" />
        </Form.Item>
        <Form.Item name="type" label={t('form.type')}>
          <Radio.Group options={AUDIENCE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
        <Form.Item name="shopIds" label={t('form.stores')}>
          <Select mode="multiple" options={shops} optionFilterProp="label" />
        </Form.Item>
        <Upload
          accept=".txt,.csv"
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button data-testid="upload-file">{t('upload.choose')}</Button>
        </Upload>
      </Form>
      {refusal && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          title={refusal.message}
          description={refusal.rows.slice(0, 10).map((row) => <div key={row.row}>{t('upload.row', { row: row.row, message: row.message })}</div>)}
          data-testid="upload-refusal"
        />
      )}
    </Modal>
  );
}
