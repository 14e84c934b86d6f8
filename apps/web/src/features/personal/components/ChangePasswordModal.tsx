import { passwordSchema, requiredText } from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchesFieldRule, schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { type ChangeOwnPasswordRequest, changeOwnPassword } from '../api.ts';

const OLD_PASSWORD_MAX_CHARS = 128;

/** Changing one's own password: the current one, then the new one typed twice (spec section 5). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangeOwnPasswordRequest>();

  const change = useMutation({
    mutationFn: changeOwnPassword,
    onSuccess: () => {
      void message.success(t('personal:password.changed'));
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={t('personal:password.title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      maskClosable={false}
      destroyOnHidden
    >
      <Form<ChangeOwnPasswordRequest>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        preserve={false}
        onFinish={(values) => change.mutate(values)}
        data-testid="personal-password-form"
      >
        <Form.Item name="oldPassword" label={t('personal:password.old')} rules={[schemaFieldRule(requiredText(OLD_PASSWORD_MAX_CHARS))]}>
          <Input.Password data-testid="personal-password-old" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('personal:password.new')} rules={[schemaFieldRule(passwordSchema)]} extra={t('personal:password.rule')}>
          <Input.Password data-testid="personal-password-new" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('personal:password.confirm')} dependencies={['password']} rules={[matchesFieldRule('password')]}>
          <Input.Password data-testid="personal-password-confirm" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
