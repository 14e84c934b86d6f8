import { Limits } from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { copyRole } from '../api.ts';
import { ROLE_NAME_SCHEMA } from '../roleName.ts';

/** Copies a role (system or custom) under a new name; the copy is a custom role, editable. */
export function CopyRoleModal({
  source,
  onClose,
  onCopied,
}: {
  source: { roleId: number; name: string } | null;
  onClose(): void;
  onCopied(roleId: number): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (source) form.setFieldsValue({ name: t('users:roles.copyName', { name: source.name }) });
  }, [source, form, t]);

  const copy = useMutation({
    mutationFn: (name: string) => copyRole(source?.roleId ?? -1, name),
    onSuccess: (result) => {
      void message.success(t('users:roles.copied'));
      onCopied(result.roleId);
    },
  });

  return (
    <Modal
      open={source !== null}
      title={source ? t('users:roles.copyTitle', { name: source.name }) : ''}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={copy.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'role-copy-submit' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => copy.mutate(values.name.trim())}>
        <Form.Item name="name" label={t('users:roles.name')} rules={[schemaFieldRule(ROLE_NAME_SCHEMA)]} validateFirst>
          <Input data-testid="role-copy-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
