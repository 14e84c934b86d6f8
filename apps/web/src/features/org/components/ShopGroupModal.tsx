import { Limits, requiredText, shopGroupAddRequestSchema } from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { useRoleOptions } from '../../users/hooks/useRoles.ts';
import { addShopGroup, type ShopGroupRow, updateShopGroup } from '../api.ts';
import { useShopPickerList } from '../hooks/useOrgAdminData.ts';

interface GroupFormValues {
  name: string;
  shopIds: string[];
  roleIds: number[];
  score: number | null;
}

const nameSchema = requiredText(Limits.nameMaxChars);

/** Add or edit a store group: name, stores, the roles that may use it (none: every role), score 0-100. */
export function ShopGroupModal({ open, group, onClose, onSaved }: { open: boolean; group: ShopGroupRow | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  const picker = useShopPickerList();
  const roles = useRoleOptions();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      group ? { name: group.name, shopIds: group.shopIds, roleIds: group.roleIds, score: group.score } : { name: '', shopIds: [], roleIds: [], score: null },
    );
  }, [open, group, form]);

  const save = useMutation({
    mutationFn: (values: GroupFormValues) => {
      const body = { name: values.name.trim(), shopIds: values.shopIds, roleIds: values.roleIds, score: values.score ?? null };
      return group ? updateShopGroup({ groupId: group.groupId, ...body }) : addShopGroup(body);
    },
    onSuccess: () => {
      void message.success(t('org:groups.saved'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={group ? t('org:groups.editTitle', { name: group.name }) : t('org:groups.addTitle')}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'group-form-submit' }}
      destroyOnHidden
    >
      <Form<GroupFormValues> form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => save.mutate(values)} data-testid="group-form">
        <Form.Item name="name" label={t('org:groups.name')} rules={[schemaFieldRule(nameSchema)]} validateFirst>
          <Input data-testid="group-form-name" />
        </Form.Item>
        <Form.Item name="shopIds" label={t('org:groups.stores')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={picker.isPending}
            options={(picker.data?.shops ?? []).map((shop) => ({ value: shop.shopId, label: `${shop.number} ${shop.name}` }))}
            data-testid="group-form-shops"
          />
        </Form.Item>
        <Form.Item name="roleIds" label={t('org:groups.permissions')} extra={t('org:groups.permissionsHint')}>
          <Select
            mode="multiple"
            allowClear
            loading={roles.isPending}
            options={roles.options.map((role) => ({ value: role.roleId, label: role.name }))}
            data-testid="group-form-roles"
          />
        </Form.Item>
        <Form.Item name="score" label={t('org:groups.score')} rules={[schemaFieldRule(shopGroupAddRequestSchema.shape.score.unwrap(), { optional: true })]}>
          <InputNumber min={0} max={100} style={{ width: '100%' }} data-testid="group-form-score" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
