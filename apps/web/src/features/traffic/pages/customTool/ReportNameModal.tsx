import { Limits, reportSaveRequestSchema } from '@storelens/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldRule } from '../../../../shared/ui/antdFormRules.ts';

export interface ReportNameModalProps {
  open: boolean;
  title: string;
  initialName: string;
  /** Saves under the name; a refusal (a name already taken) keeps the dialog open. */
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}

/** Asks for a report's name: saving a new report, saving as a copy, renaming one. */
export function ReportNameModal({ open, title, initialName, onSubmit, onClose }: ReportNameModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      await onSubmit(name.trim());
    } catch {
      // The HTTP client has shown why (e.g. 'A report with this name already exists'); the name can be changed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'report-name-submit' }}
      destroyOnHidden
    >
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        initialValues={{ name: initialName }}
        onFinish={(values) => void submit(values)}
        data-testid="report-name-form"
      >
        <Form.Item name="name" label={t('traffic:customTool.analysis.name')} rules={[schemaFieldRule(reportSaveRequestSchema.shape.name)]} validateFirst>
          <Input maxLength={Limits.nameMaxChars} autoFocus data-testid="report-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
