import { Card, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface StatCardProps {
  title: string;
  /** Already formatted in the reader's language ('--' when there is no value). */
  value: string;
  footer?: ReactNode;
  loading?: boolean;
  testId: string;
}

/** One headline figure of a traffic page, with what it compares to underneath. */
export function StatCard({ title, value, footer, loading = false, testId }: StatCardProps) {
  return (
    <Card size="small" data-testid={`${testId}-card`}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {loading ? (
        <Skeleton active paragraph={false} title={{ width: '60%' }} />
      ) : (
        <div className="sl-stat-value" data-testid={testId}>
          {value}
        </div>
      )}
      {footer && <div className="sl-stat-footer">{footer}</div>}
    </Card>
  );
}
