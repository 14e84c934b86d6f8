import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { rotateBoxToken } from '../api.ts';
import { DeviceTokenModal } from '../components/DeviceTokenModal.tsx';
import { deviceKeys, useCid } from './useDevices.ts';

/**
 * Issuing a device token: after registering a box, or rotating (with a confirmation, since the
 * box's old token stops working at once). The modal shows the token once.
 */
export function useBoxToken(): { show(token: string, boxName: string): void; rotate(box: { boxId: string; name: string }): Promise<void>; modal: ReactNode } {
  const { t } = useTranslation();
  const cid = useCid();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<{ token: string; boxName: string } | null>(null);

  const rotate = async (box: { boxId: string; name: string }) => {
    const result = await requestConfirmation({
      title: t('devices:token.rotateTitle', { name: box.name }),
      body: t('devices:token.rotateBody'),
      danger: true,
      onConfirm: () => rotateBoxToken(box.boxId),
    });
    if (!result) return;
    setShown({ token: result.token, boxName: box.name });
    await queryClient.invalidateQueries({ queryKey: deviceKeys.all(cid) });
  };

  return {
    show: (token, boxName) => setShown({ token, boxName }),
    rotate,
    modal: <DeviceTokenModal token={shown?.token ?? null} boxName={shown?.boxName ?? ''} onClose={() => setShown(null)} />,
  };
}
