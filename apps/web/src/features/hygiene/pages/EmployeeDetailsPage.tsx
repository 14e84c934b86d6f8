import type { CertificateRow, HygieneRecordRow } from '@storelens/contracts';
import { Card, Descriptions, Empty, Flex, Skeleton, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Thumb } from '../components/ImageField.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { useEmployee } from '../hooks/useHygiene.ts';

/** /hygieneLog/employeeDetails (hidden): one person with every health certificate and the trainings they attended. */
export function EmployeeDetailsPage() {
  const { t } = useTranslation('hygiene');
  const [params] = useSearchParams();
  const employee = useEmployee(params.get('employeeId') ?? '');
  if (employee.isLoading) return <Skeleton active />;
  const data = employee.data;
  if (!data) return <Empty />;
  const certificateColumns: TableColumnsType<CertificateRow> = [
    { key: 'number', title: t('columns.number'), dataIndex: 'number' },
    { key: 'issuer', title: t('columns.issuer'), dataIndex: 'issuer' },
    { key: 'issuedOn', title: t('columns.issuedOn'), dataIndex: 'issuedOn', width: 110 },
    { key: 'expiresOn', title: t('columns.expiresOn'), dataIndex: 'expiresOn', width: 110 },
    { key: 'status', title: t('columns.status'), width: 110, render: (_, row) => <StatusTag status={row.status} /> },
    { key: 'picture', title: t('columns.picture'), width: 80, render: (_, row) => <Thumb mediaId={row.imageId} /> },
  ];
  const trainingColumns: TableColumnsType<HygieneRecordRow> = [
    { key: 'date', title: t('columns.date'), dataIndex: 'localDate', width: 110 },
    { key: 'topic', title: t('columns.topic'), dataIndex: 'topic' },
    { key: 'trainer', title: t('columns.trainer'), dataIndex: 'trainer' },
  ];
  return (
    <Flex vertical gap={16} data-testid="hygiene-employee-details">
      <Card size="small">
        <Descriptions
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 'name', label: t('columns.employee'), children: data.name },
            { key: 'position', label: t('columns.position'), children: data.position || '–' },
            { key: 'store', label: t('columns.store'), children: data.shopName },
            { key: 'status', label: t('columns.status'), children: <StatusTag status={data.certificateStatus} /> },
          ]}
        />
      </Card>
      <Card size="small" title={t('tabs.certificates')}>
        <Table<CertificateRow>
          rowKey="certificateId"
          size="small"
          columns={certificateColumns}
          dataSource={data.certificates}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <Card size="small" title={t('details.trainings')}>
        <Table<HygieneRecordRow>
          rowKey="recordId"
          size="small"
          columns={trainingColumns}
          dataSource={data.trainings}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </Flex>
  );
}
