import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * Cells of the list tables (issue 11: every column whole at 1440 px). A column that held one short
 * value next to another one's long one is merged into a stacked cell: the main value, and under it
 * the secondary one in grey, so the table needs fewer columns.
 */
export function StackedCell({ primary, secondary }: { primary: ReactNode; secondary?: ReactNode }) {
  return (
    <div className="sl-cell-stack">
      <div className="sl-cell-primary">{primary}</div>
      {secondary !== undefined && secondary !== null && secondary !== '' && (
        <Typography.Text type="secondary" className="sl-cell-secondary">
          {secondary}
        </Typography.Text>
      )}
    </div>
  );
}

/** Text that is long by nature (e-mail addresses, role and organisation names): one line, the whole text on hover. */
export function EllipsisText({ text, testId }: { text: string; testId?: string }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }} data-testid={testId}>
      {text}
    </Typography.Text>
  );
}
