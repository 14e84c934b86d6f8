import { Limits, requiredText } from '@storelens/contracts';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';

const nameSchema = requiredText(Limits.nameMaxChars);

/** Asks for an organisation's name (add a child, rename); the server's refusals come as its error modal. */
export function OrgNameModal({
  open,
  title,
  initialName,
  saving,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initialName: string;
  saving: boolean;
  onSubmit(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initialName });
  }, [open, initialName, form]);

  return (
    <Modal
      open={open}
      title={title}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'org-name-submit' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => onSubmit(values.name.trim())}>
        <Form.Item name="name" label={t('org:tree.name')} rules={[schemaFieldRule(nameSchema)]} validateFirst>
          <Input autoFocus data-testid="org-name-input" onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
