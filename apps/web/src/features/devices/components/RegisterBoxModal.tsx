import { Limits, macSchema, requiredText, type TreeNode } from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { registerBox } from '../api.ts';

interface RegisterValues {
  shopId: string;
  mac: string;
  name: string;
  deploymentArea: string;
}

type ShopOption = { value: string; title: string; selectable: boolean; disabled?: boolean; children?: ShopOption[] };

/** Shops are selectable, organisations only group them; closed shops take no new box. */
function shopOptions(nodes: readonly TreeNode[]): ShopOption[] {
  return nodes.map((node) => {
    const children = node.sublist.length ? shopOptions(node.sublist) : undefined;
    const isShop = node.orgType === 1 && node.shopId !== undefined;
    return {
      value: isShop ? (node.shopId as string) : node.key,
      title: node.name,
      selectable: isShop && node.prmType >= 0 && !node.isClosed,
      disabled: isShop && (node.prmType < 0 || node.isClosed === true),
      ...(children ? { children } : {}),
    };
  });
}

const nameSchema = requiredText(Limits.nameMaxChars);
const areaSchema = requiredText(Limits.nameMaxChars);

/** Registers a box in a shop; the answer's device token is handed to the caller to show once. */
export function RegisterBoxModal({
  open,
  shopTree,
  defaultShopId,
  onClose,
  onRegistered,
}: {
  open: boolean;
  shopTree: readonly TreeNode[];
  defaultShopId: string | null;
  onClose(): void;
  onRegistered(result: { boxId: string; token: string; name: string }): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const options = useMemo(() => shopOptions(shopTree), [shopTree]);
  useEffect(() => {
    if (open) form.setFieldsValue({ shopId: defaultShopId ?? undefined, mac: '', name: '', deploymentArea: '' });
  }, [open, defaultShopId, form]);

  const register = useMutation({
    mutationFn: (values: RegisterValues) =>
      registerBox({ shopId: values.shopId, mac: values.mac.trim(), name: values.name.trim(), deploymentArea: values.deploymentArea.trim() || null }),
    onSuccess: (result, values) => onRegistered({ ...result, name: values.name.trim() }),
  });

  return (
    <Modal
      open={open}
      title={t('devices:register.title')}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      okText={t('devices:register.submit')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={register.isPending}
      okButtonProps={{ 'data-testid': 'register-box-submit' }}
      destroyOnHidden
    >
      <Form<RegisterValues> form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => register.mutate(values)}>
        <Form.Item
          name="shopId"
          label={t('devices:fields.shop')}
          rules={[{ required: true, message: t('messages:validation.required') }]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <TreeSelect treeData={options} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} data-testid="register-box-shop" />
        </Form.Item>
        <Form.Item name="mac" label={t('devices:fields.mac')} rules={[schemaFieldRule(macSchema)]} validateFirst extra={t('devices:register.macHint')}>
          <Input placeholder="AA:BB:CC:DD:EE:FF" data-testid="register-box-mac" />
        </Form.Item>
        <Form.Item name="name" label={t('devices:fields.name')} rules={[schemaFieldRule(nameSchema)]} validateFirst>
          <Input data-testid="register-box-name" />
        </Form.Item>
        <Form.Item name="deploymentArea" label={t('devices:fields.deploymentArea')} rules={[schemaFieldRule(areaSchema, { optional: true })]}>
          <Input data-testid="register-box-area" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
