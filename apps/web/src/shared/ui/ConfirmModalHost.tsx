import { Limits } from '@storelens/contracts';
import { Modal } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfirmModalController, confirmModal } from '../lib/confirmModal.ts';
import { CONFIRM_MODAL_Z_INDEX } from './feedbackUi.tsx';

/** Renders the global confirmation modal (spec section 4); mounted once by the app shell. */
export function ConfirmModalHost({ controller = confirmModal }: { controller?: ConfirmModalController }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  return (
    <Modal
      open={state.open}
      title={state.content?.title}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={state.busy}
      width={Limits.modalWidth}
      maskClosable={false}
      // Confirmations are asked from drawers and dialogs too: they must show above them.
      zIndex={CONFIRM_MODAL_Z_INDEX}
      // A failing confirm handler keeps the modal open; the failure was reported where it happened.
      onOk={() => void controller.confirm().catch(() => undefined)}
      onCancel={() => void controller.cancel()}
      okButtonProps={{ danger: state.content?.danger === true, 'data-testid': 'confirm-modal-ok' }}
      cancelButtonProps={{ 'data-testid': 'confirm-modal-cancel' }}
    >
      <div data-testid="confirm-modal-body">{state.content?.body}</div>
    </Modal>
  );
}
