import type { PermissionKey } from '@storelens/contracts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CanButton } from '../../session/components/CanButton.tsx';

/** A table row's link-styled button to another page (edit, details), shown by the permission map. */
export function RowLink({
  permission,
  to,
  testId,
  danger,
  children,
}: {
  permission: PermissionKey;
  to: string;
  testId?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <CanButton permission={permission} type="link" size="small" danger={danger} onClick={() => void navigate(to)} data-testid={testId}>
      {children}
    </CanButton>
  );
}
