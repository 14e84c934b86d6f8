import { Table, type TableColumnType } from 'antd';

export interface ShopTableProps<Row> {
  columns: TableColumnType<Row>[];
  rows: readonly Row[];
  loading: boolean;
  /** Grouped headers (an indicator over its two ranges) read better with cell borders. */
  bordered?: boolean;
  testId: string;
}

/** The store list under a store analysis chart: a row a shop, 50 a page, scrolling sideways when wide. */
export function ShopTable<Row extends { shopId: string }>({ columns, rows, loading, bordered = false, testId }: ShopTableProps<Row>) {
  return (
    <Table<Row>
      rowKey="shopId"
      size="small"
      bordered={bordered}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
    />
  );
}
