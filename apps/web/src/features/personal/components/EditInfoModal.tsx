import { emailSchema, LOCALES, type Locale, personNameSchema, phoneSchema, type UserInfo } from '@storelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../shared/i18n/i18n.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { type UpdateSelfInfoRequest, updateSelfInfo } from '../api.ts';
import { userInfoQueryKey } from '../hooks/useUserInfo.ts';

interface EditInfoValues {
  surname: string;
  givenName: string;
  mobile: string;
  email: string;
  locale: Locale;
}

/** The sign-in identifier (mobile or e-mail, by sign-up type) is not editable here. */
export function EditInfoModal({ info, open, onClose }: { info: UserInfo; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const setLocale = useSessionStore((state) => state.setLocale);
  const [form] = Form.useForm<EditInfoValues>();

  const save = useMutation({
    mutationFn: (request: UpdateSelfInfoRequest) => updateSelfInfo(request),
    onSuccess: async (_result, request) => {
      void message.success(t('personal:saved'));
      if (request.locale) setLocale(request.locale);
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey(info.uid, useSessionStore.getState().cid) });
      onClose();
    },
  });

  const submit = (values: EditInfoValues) => {
    save.mutate({
      surname: values.surname.trim(),
      givenName: values.givenName.trim(),
      locale: values.locale,
      ...(info.signupType === 'mobile' ? {} : { mobile: values.mobile.trim() }),
      ...(info.signupType === 'email' ? {} : { email: values.email.trim() }),
    });
  };

  return (
    <Modal
      open={open}
      title={t('personal:edit.title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit' }}
    >
      <Form<EditInfoValues>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={submit}
        preserve={false}
        initialValues={{ surname: info.surname, givenName: info.givenName, mobile: info.mobile ?? '', email: info.email, locale: info.locale }}
        data-testid="personal-edit-form"
      >
        <Form.Item name="surname" label={t('personal:fields.surname')} rules={[schemaFieldRule(personNameSchema)]} validateFirst>
          <Input data-testid="personal-edit-surname" autoComplete="family-name" />
        </Form.Item>
        <Form.Item name="givenName" label={t('personal:fields.givenName')} rules={[schemaFieldRule(personNameSchema)]} validateFirst>
          <Input data-testid="personal-edit-given-name" autoComplete="given-name" />
        </Form.Item>
        <Form.Item name="mobile" label={t('personal:fields.mobile')} rules={[schemaFieldRule(phoneSchema, { optional: true })]} validateFirst>
          <Input data-testid="personal-edit-mobile" autoComplete="tel" disabled={info.signupType === 'mobile'} />
        </Form.Item>
        <Form.Item name="email" label={t('personal:fields.email')} rules={[schemaFieldRule(emailSchema)]} validateFirst>
          <Input data-testid="personal-edit-email" autoComplete="email" disabled={info.signupType === 'email'} />
        </Form.Item>
        <Form.Item name="locale" label={t('personal:fields.locale')}>
          <Select data-testid="personal-edit-locale" options={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
