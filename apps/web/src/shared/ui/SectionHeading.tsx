import { Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The heading of a part of a page. Each page has one h1 (its name, in the breadcrumb), so a part's
 * heading is an h2 for assistive technology (axe: heading levels increase by one) while it looks
 * like the small title it has always been.
 */
export function SectionHeading({ children, style, testId }: { children: ReactNode; style?: CSSProperties; testId?: string }) {
  return (
    <Typography.Title level={2} style={{ fontSize: 16, lineHeight: 1.5, ...style }} data-testid={testId}>
      {children}
    </Typography.Title>
  );
}
