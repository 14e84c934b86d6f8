import {
  EMPLOYEE_NO_MAX_CHARS,
  emailSchema,
  Limits,
  optionalText,
  passwordSchema,
  personNameSchema,
  phoneSchema,
  SIGNUP_TYPES,
  type SignupType,
  type TreeNode,
  type UserRow,
} from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Drawer, Form, Input, Radio, Select, Space, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesFieldRule, schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { orgOptionsOf, useShopPickerList } from '../../org/hooks/useOrgAdminData.ts';
import { addUser, updateUser } from '../api.ts';
import { useRoleOptions } from '../hooks/useRoles.ts';

export interface UserFormValues {
  loginName: string;
  password: string;
  confirmPassword: string;
  employeeNo: string;
  surname: string;
  givenName: string;
  mobile: string;
  signupType: SignupType;
  roleId: number | undefined;
  orgId: string | undefined;
  shopIds: string[];
}

const employeeNoSchema = optionalText(EMPLOYEE_NO_MAX_CHARS);

function valuesOf(user: UserRow | null): UserFormValues {
  return {
    loginName: user?.loginName ?? '',
    password: '',
    confirmPassword: '',
    employeeNo: user?.employeeNo ?? '',
    surname: user?.surname ?? '',
    givenName: user?.givenName ?? '',
    mobile: user?.mobile ?? '',
    signupType: user?.signupType ?? 'email',
    roleId: user?.roleId,
    orgId: user?.orgId ?? undefined,
    shopIds: user?.shops.map((shop) => shop.shopId) ?? [],
  };
}

/**
 * Add or edit a user (spec section 3): employee number, surname and name (under 15 characters),
 * mobile, the e-mail login name, role, organisation permission, stores and sign-up type; a new
 * user gets a password typed twice. An account shared with another customer keeps its personal
 * details: only its access here can change.
 */
export function UserFormDrawer({
  open,
  user,
  orgTree,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: UserRow | null;
  orgTree: readonly TreeNode[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const roles = useRoleOptions();
  const picker = useShopPickerList();
  const orgOptions = useMemo(() => orgOptionsOf(orgTree), [orgTree]);
  const signupType = Form.useWatch('signupType', form);
  const shared = user?.sharedAccount === true;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(user));
  }, [open, user, form]);

  const save = useMutation({
    mutationFn: async (values: UserFormValues) => {
      const person = {
        surname: values.surname.trim(),
        givenName: values.givenName.trim(),
        employeeNo: values.employeeNo.trim() || undefined,
        mobile: values.mobile.trim(),
        signupType: values.signupType,
      };
      const access = { roleId: values.roleId ?? -1, orgId: values.orgId ?? null, shopIds: values.shopIds };
      if (user) return updateUser({ userId: user.userId, ...person, ...access });
      return addUser({ loginName: values.loginName.trim(), password: values.password, confirmPassword: values.confirmPassword, ...person, ...access });
    },
    onSuccess: (result) => {
      const existing = result !== null && typeof result === 'object' && result.existingAccount;
      void message.success(existing ? t('users:form.addedExisting') : user ? t('users:form.saved') : t('users:form.added'));
      onSaved();
    },
  });

  return (
    <Drawer
      open={open}
      size={Math.max(Limits.drawerWidth, 460)}
      title={user ? t('users:form.editTitle', { name: user.name }) : t('users:form.addTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="user-form-submit">
            {t('common:save')}
          </Button>
        </Space>
      }
    >
      <Form<UserFormValues> form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => save.mutate(values)} data-testid="user-form">
        {shared && <Alert type="info" showIcon title={t('messages:errors.sharedAccount')} style={{ marginBottom: 16 }} />}
        <Divider titlePlacement="start" plain>
          {t('users:form.account')}
        </Divider>
        <Form.Item
          name="loginName"
          label={t('users:fields.loginName')}
          rules={[schemaFieldRule(emailSchema)]}
          validateFirst
          extra={!user ? t('users:form.loginHint') : undefined}
        >
          <Input disabled={user !== null} autoComplete="off" data-testid="user-form-login" />
        </Form.Item>
        {!user && (
          <>
            <Form.Item
              name="password"
              label={t('users:fields.password')}
              rules={[schemaFieldRule(passwordSchema)]}
              validateFirst
              extra={t('users:form.passwordHint')}
            >
              <Input.Password autoComplete="new-password" data-testid="user-form-password" />
            </Form.Item>
            <Form.Item name="confirmPassword" label={t('users:fields.confirmPassword')} dependencies={['password']} rules={[matchesFieldRule('password')]}>
              <Input.Password autoComplete="new-password" data-testid="user-form-confirm" />
            </Form.Item>
          </>
        )}
        <Form.Item name="signupType" label={t('users:fields.signupType')}>
          <Radio.Group
            disabled={shared}
            options={SIGNUP_TYPES.map((value) => ({ value, label: t(`users:signupType.${value}`) }))}
            data-testid="user-form-signup"
          />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          {t('users:form.person')}
        </Divider>
        <Form.Item name="employeeNo" label={t('users:fields.employeeNo')} rules={[schemaFieldRule(employeeNoSchema, { optional: true })]}>
          <Input disabled={shared} data-testid="user-form-employee" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="surname" label={t('users:fields.surname')} rules={[schemaFieldRule(personNameSchema)]} validateFirst style={{ flex: 1 }}>
            <Input disabled={shared} data-testid="user-form-surname" />
          </Form.Item>
          <Form.Item
            name="givenName"
            label={t('users:fields.givenName')}
            rules={[schemaFieldRule(personNameSchema)]}
            validateFirst
            style={{ flex: 1, marginInlineStart: 8 }}
          >
            <Input disabled={shared} data-testid="user-form-given-name" />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="mobile"
          label={t('users:fields.mobile')}
          rules={[schemaFieldRule(phoneSchema, { optional: signupType !== 'mobile' })]}
          validateFirst
          dependencies={['signupType']}
        >
          <Input disabled={shared} autoComplete="off" data-testid="user-form-mobile" />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          {t('users:form.access')}
        </Divider>
        <Form.Item
          name="roleId"
          label={t('users:fields.role')}
          rules={[{ required: true, message: t('messages:validation.required') }]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={roles.isPending}
            options={roles.options.map((role) => ({
              value: role.roleId,
              label: role.name,
              // The server refuses a role with rights the caller lacks; so does the form.
              disabled: !role.grantable && role.roleId !== user?.roleId,
            }))}
            data-testid="user-form-role"
          />
        </Form.Item>
        <Form.Item name="orgId" label={t('users:fields.organisation')} extra={t('users:form.scopeHint')}>
          <TreeSelect
            allowClear
            treeData={orgOptions}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('users:form.wholeCustomer')}
            data-testid="user-form-org"
          />
        </Form.Item>
        <Form.Item name="shopIds" label={t('users:fields.stores')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={picker.isPending}
            options={(picker.data?.shops ?? []).map((shop) => ({ value: shop.shopId, label: `${shop.number} ${shop.name}` }))}
            data-testid="user-form-stores"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
