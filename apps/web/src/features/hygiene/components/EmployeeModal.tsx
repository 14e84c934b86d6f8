import { HYGIENE_LIMITS } from '@storelens/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { createEmployee, updateEmployee } from '../api.ts';
import { useHygieneRefresh } from '../hooks/useHygiene.ts';
import { StoreSelect } from './StoreFilter.tsx';

interface Values {
  shopId: string;
  name: string;
  position: string;
}

/** Adds an employee to a store, or renames one (their store stays). */
export function EmployeeModal({
  open,
  employee,
  onClose,
}: {
  open: boolean;
  employee?: { employeeId: string; name: string; position: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('hygiene');
  const { message } = App.useApp();
  const refresh = useHygieneRefresh();
  const [form] = Form.useForm<Values>();
  const save = async () => {
    const values = await form.validateFields();
    if (employee) await updateEmployee({ employeeId: employee.employeeId, name: values.name, position: values.position ?? '' });
    else await createEmployee({ shopId: values.shopId, name: values.name, position: values.position ?? '' });
    void message.success(t('form.saved'));
    await refresh();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={employee ? t('staff.edit') : t('staff.add')}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'hygiene-employee-save' }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={employee ? { name: employee.name, position: employee.position } : {}}>
        {!employee && (
          <Form.Item name="shopId" label={t('columns.store')} rules={[{ required: true, message: t('form.required') }]}>
            <StoreSelect testId="hygiene-employee-store" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('columns.employee')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
          <Input maxLength={HYGIENE_LIMITS.nameMaxChars} data-testid="hygiene-employee-name" />
        </Form.Item>
        <Form.Item name="position" label={t('columns.position')}>
          <Input maxLength={HYGIENE_LIMITS.positionMaxChars} data-testid="hygiene-employee-position" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
