import { Limits, passwordSchema, type UserRow } from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchesFieldRule, schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { setUserPassword } from '../api.ts';

/** Sets a user's password (spec section 5's rule: 8-16 characters, a letter, a digit, a special character); their sessions end. */
export function SetPasswordModal({ user, onClose }: { user: UserRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const save = useMutation({
    mutationFn: (values: { password: string; confirmPassword: string }) => setUserPassword({ userId: user?.userId ?? '', ...values }),
    onSuccess: () => {
      void message.success(t('users:password.saved'));
      onClose();
    },
  });

  return (
    <Modal
      open={user !== null}
      title={user ? t('users:password.title', { name: user.name }) : ''}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'user-password-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('users:password.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => save.mutate(values)} preserve={false}>
        <Form.Item name="password" label={t('users:fields.password')} rules={[schemaFieldRule(passwordSchema)]} validateFirst>
          <Input.Password autoComplete="new-password" data-testid="user-password-new" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('users:fields.confirmPassword')} dependencies={['password']} rules={[matchesFieldRule('password')]}>
          <Input.Password autoComplete="new-password" data-testid="user-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
