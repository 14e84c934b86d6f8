import { Card, Table, type TableColumnsType } from 'antd';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';

/** A titled card holding one read's table (the detail pages' phases, stores, log), ten rows a page. */
export function SectionTable<Row extends object>(props: {
  title: string;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  read: { data?: Row[] | undefined; isFetching: boolean };
  testId?: string;
}) {
  return (
    <Card size="small">
      <SectionHeading>{props.title}</SectionHeading>
      <Table<Row>
        rowKey={props.rowKey}
        size="small"
        columns={props.columns}
        dataSource={props.read.data ?? []}
        loading={props.read.isFetching}
        pagination={{ pageSize: 10 }}
        data-testid={props.testId}
      />
    </Card>
  );
}
