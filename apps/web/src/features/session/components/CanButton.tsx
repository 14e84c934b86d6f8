import type { PermissionKey } from '@storelens/contracts';
import { Button, type ButtonProps } from 'antd';
import { useCan } from '../hooks/useCan.ts';

/**
 * A button that follows the permission map (spec section 6, the usual rule): hidden when the key
 * is 2, disabled when it is 1. The server checks the same key, so this is only about what people see.
 */
export function CanButton({ permission, disabled, ...props }: ButtonProps & { permission: PermissionKey }) {
  const state = useCan(permission);
  if (state === 'hidden') return null;
  // `undefined` rather than `false`, so a disabled Form around the button still disables it.
  return <Button {...props} disabled={disabled || state === 'disabled' || undefined} />;
}
