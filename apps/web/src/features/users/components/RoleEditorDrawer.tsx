import { Limits, Perm, type PermissionKey, type PermValue, RoleId } from '@storelens/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, Radio, Skeleton, Space, Tag, Tooltip, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { addRole, fetchRoleDetail, type Privileges, updateRole } from '../api.ts';
import { useRoleName, userAdminKeys } from '../hooks/useRoles.ts';
import { completePrivileges, countByValue, groupValue, PERM_VALUES, PRIVILEGE_GROUPS, type PrivilegeGroupId, setGroup } from '../privileges.ts';
import { ROLE_NAME_SCHEMA } from '../roleName.ts';

export type RoleEditorTarget = { mode: 'create' } | { mode: 'edit' | 'view'; roleId: number };

const VALUE_COLORS: Record<PermValue, string> = { 0: 'green', 1: 'gold', 2: 'default' };

function PermChoice({ value, onChange, readOnly, testId }: { value: PermValue | null; onChange(value: PermValue): void; readOnly: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      size="small"
      optionType="button"
      value={value}
      disabled={readOnly}
      onChange={(event) => onChange(event.target.value as PermValue)}
      options={PERM_VALUES.map((option) => ({ value: option, label: t(`users:roles.values.${option}`) }))}
      data-testid={testId}
    />
  );
}

/**
 * A role's privileges as the tree of spec section 6's keys (navigation, menu flags, features),
 * each 0 shown, 1 disabled or 2 hidden; a group's choice sets all of its keys. System roles are
 * read-only (the server refuses changes too).
 */
export function RoleEditorDrawer({ target, onClose, onSaved }: { target: RoleEditorTarget | null; onClose(): void; onSaved(roleId: number): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const roleName = useRoleName();
  const rid = useSessionStore((state) => state.rid);
  const showKeys = rid === RoleId.innerOperation || rid === RoleId.innerData;
  const [form] = Form.useForm<{ name: string }>();
  const [privileges, setPrivileges] = useState<Privileges>(() => completePrivileges({}));
  const roleId = target && target.mode !== 'create' ? target.roleId : null;
  const detail = useQuery({
    queryKey: userAdminKeys.role(cid, roleId ?? -1, locale),
    queryFn: () => fetchRoleDetail(roleId ?? -1),
    enabled: roleId !== null,
  });
  const readOnly = target?.mode === 'view' || detail.data?.isSystem === true;

  useEffect(() => {
    if (!target) return;
    if (target.mode === 'create') {
      form.setFieldsValue({ name: '' });
      setPrivileges(completePrivileges({}));
    } else if (detail.data) {
      form.setFieldsValue({ name: roleName(detail.data.roleId, detail.data.name) });
      setPrivileges(completePrivileges(detail.data.privileges));
    }
  }, [target, detail.data, form, roleName]);

  const save = useMutation({
    mutationFn: async ({ name }: { name: string }) => {
      if (!target || target.mode === 'view') return null;
      if (target.mode === 'create') return addRole(name.trim(), privileges);
      return updateRole(target.roleId, { name: name.trim(), privileges });
    },
    onSuccess: (result) => {
      if (!result) return;
      void message.success(t('users:roles.saved'));
      onSaved(result.roleId);
    },
  });

  const setKey = (key: PermissionKey, value: PermValue) => setPrivileges((current) => ({ ...current, [key]: value }));
  const treeData: TreeDataNode[] = PRIVILEGE_GROUPS.map((group) => {
    const counts = countByValue(privileges, group.keys);
    return {
      key: group.id,
      selectable: false,
      title: (
        <Space className="sl-privilege-group" wrap>
          <Typography.Text strong>{t(`users:roles.groups.${group.id}`)}</Typography.Text>
          <PermChoice
            value={groupValue(privileges, group.id as PrivilegeGroupId)}
            onChange={(value) => setPrivileges((current) => setGroup(current, group.id as PrivilegeGroupId, value))}
            readOnly={readOnly}
            testId={`role-group-${group.id}`}
          />
          <Typography.Text type="secondary">{PERM_VALUES.map((value) => `${t(`users:roles.values.${value}`)} ${counts[value]}`).join(' · ')}</Typography.Text>
        </Space>
      ),
      children: group.keys.map((key) => ({
        key,
        selectable: false,
        isLeaf: true,
        title: (
          <Space className="sl-privilege-key" wrap data-testid={`role-key-${key}`}>
            {/* People know the features by name; the internal key helps only our operators (who read server
                logs and support requests), so it is shown to them alone, on hover. */}
            <Tooltip title={showKeys ? key : undefined}>
              <span style={{ display: 'inline-block', minWidth: 220 }} data-testid={`role-key-label-${key}`}>
                {t(`users:permissions.${key}`)}
              </span>
            </Tooltip>
            <PermChoice value={privileges[key] ?? Perm.hidden} onChange={(value) => setKey(key, value)} readOnly={readOnly} testId={`role-value-${key}`} />
          </Space>
        ),
      })),
    };
  });

  const title =
    target?.mode === 'create'
      ? t('users:roles.createTitle')
      : detail.data
        ? t(readOnly ? 'users:roles.viewTitle' : 'users:roles.editTitle', { name: roleName(detail.data.roleId, detail.data.name) })
        : '';

  return (
    <Drawer
      open={target !== null}
      size={Math.max(Limits.drawerWidth, 720)}
      title={title}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{readOnly ? t('common:close') : t('common:cancel')}</Button>
          {!readOnly && (
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="role-form-submit">
              {t('common:save')}
            </Button>
          )}
        </Space>
      }
    >
      {roleId !== null && detail.isPending && <Skeleton active />}
      {(target?.mode === 'create' || detail.data) && (
        <div data-testid="role-editor">
          {detail.data?.isSystem && <Alert type="info" showIcon title={t('users:roles.systemReadOnly')} style={{ marginBottom: 16 }} />}
          <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => save.mutate(values)}>
            <Form.Item name="name" label={t('users:roles.name')} rules={[schemaFieldRule(ROLE_NAME_SCHEMA)]} validateFirst>
              <Input disabled={readOnly} data-testid="role-form-name" />
            </Form.Item>
          </Form>
          <Space style={{ marginBottom: 8 }} wrap>
            <Typography.Text>{t('users:roles.privileges')}</Typography.Text>
            {PERM_VALUES.map((value) => (
              <Tag key={value} color={VALUE_COLORS[value]} data-testid={`role-value-legend-${value}`}>
                {t(`users:roles.values.${value}`)}: {t(`users:roles.valueHelp.${value}`)}
              </Tag>
            ))}
          </Space>
          <Tree blockNode defaultExpandAll selectable={false} treeData={treeData} data-testid="role-privilege-tree" />
        </div>
      )}
    </Drawer>
  );
}
