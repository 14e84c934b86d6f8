import { type CertificateRow, HYGIENE_LIMITS } from '@storelens/contracts';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { createCertificate, updateCertificate } from '../api.ts';
import { useEmployees, useHygieneRefresh } from '../hooks/useHygiene.ts';
import { ImageField } from './ImageField.tsx';
import { StoreSelect } from './StoreFilter.tsx';

interface Values {
  shopId?: string;
  employeeId?: string;
  number: string;
  issuer: string;
  issuedOn: Dayjs;
  expiresOn: Dayjs;
  imageId: string;
}

const DATE = 'YYYY-MM-DD';

/** Adds a health certificate to an employee of a store (with its picture), or corrects one. */
export function CertificateModal({ open, certificate, onClose }: { open: boolean; certificate?: CertificateRow; onClose: () => void }) {
  const { t } = useTranslation('hygiene');
  const { message } = App.useApp();
  const refresh = useHygieneRefresh();
  const [form] = Form.useForm<Values>();
  const shopId = Form.useWatch('shopId', form);
  const staff = useEmployees({ shopIds: shopId ? [shopId] : [], page: 1, pageSize: 100 });
  const save = async () => {
    const values = await form.validateFields();
    const fields = {
      number: values.number,
      issuer: values.issuer,
      issuedOn: values.issuedOn.format(DATE),
      expiresOn: values.expiresOn.format(DATE),
      imageId: values.imageId,
    };
    if (certificate) await updateCertificate({ certificateId: certificate.certificateId, ...fields });
    else await createCertificate({ employeeId: values.employeeId ?? '', ...fields });
    void message.success(t('form.saved'));
    await refresh();
    onClose();
  };
  const required = [{ required: true, message: t('form.required') }];
  return (
    <Modal
      open={open}
      title={certificate ? t('certificates.edit') : t('certificates.add')}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'hygiene-certificate-save' }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          certificate
            ? {
                number: certificate.number,
                issuer: certificate.issuer,
                issuedOn: dayjs(certificate.issuedOn),
                expiresOn: dayjs(certificate.expiresOn),
                imageId: certificate.imageId ?? undefined,
              }
            : {}
        }
      >
        {!certificate && (
          <>
            <Form.Item name="shopId" label={t('columns.store')} rules={required}>
              <StoreSelect testId="hygiene-certificate-store" onChange={() => form.setFieldValue('employeeId', undefined)} />
            </Form.Item>
            <Form.Item name="employeeId" label={t('columns.employee')} rules={required}>
              <Select
                showSearch
                optionFilterProp="label"
                disabled={!shopId}
                options={(staff.data?.list ?? []).map((employee) => ({ value: employee.employeeId, label: `${employee.name} ${employee.position}`.trim() }))}
                data-testid="hygiene-certificate-employee"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="number" label={t('columns.number')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
          <Input maxLength={HYGIENE_LIMITS.certificateNumberMaxChars} data-testid="hygiene-certificate-number" />
        </Form.Item>
        <Form.Item name="issuer" label={t('columns.issuer')} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
          <Input maxLength={HYGIENE_LIMITS.issuerMaxChars} data-testid="hygiene-certificate-issuer" />
        </Form.Item>
        <Form.Item name="issuedOn" label={t('columns.issuedOn')} rules={required}>
          <DatePicker style={{ width: '100%' }} inputReadOnly data-testid="hygiene-certificate-issued" />
        </Form.Item>
        <Form.Item
          name="expiresOn"
          label={t('columns.expiresOn')}
          dependencies={['issuedOn']}
          rules={[
            ...required,
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | undefined) => {
                const issued = getFieldValue('issuedOn') as Dayjs | undefined;
                return !value || !issued || !value.isBefore(issued, 'day') ? Promise.resolve() : Promise.reject(new Error(t('form.expiryBeforeIssue')));
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} inputReadOnly data-testid="hygiene-certificate-expires" />
        </Form.Item>
        <Form.Item name="imageId" label={t('columns.picture')} rules={required}>
          <ImageField testId="hygiene-certificate-image" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
