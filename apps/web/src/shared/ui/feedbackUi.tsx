import { Limits } from '@storelens/contracts';
import { ConfigProvider, Modal, message } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { appTheme } from './theme.ts';

/**
 * antd's static modal and message functions, used by the HTTP client outside React. `holderRender`
 * gives them the app's theme and antd locale (the OK button's text), which static calls would
 * otherwise lack.
 */
let antdLocale: AntdLocale | undefined;

/** Layers of the shell's overlays: drawers and dialogs (antd's 1000) < confirmation < error. */
export const CONFIRM_MODAL_Z_INDEX = 1050;
export const ERROR_MODAL_Z_INDEX = 1100;

function applyHolder(): void {
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider theme={appTheme} locale={antdLocale}>
        {children}
      </ConfigProvider>
    ),
  });
}
applyHolder();

export function setFeedbackLocale(locale: AntdLocale): void {
  antdLocale = locale;
  applyHolder();
}

export function showErrorModal(title: string, content: string): Promise<void> {
  return new Promise((resolve) => {
    Modal.error({
      title,
      content: <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{content}</div>,
      width: Limits.modalWidth,
      maskClosable: false,
      className: 'sl-error-modal',
      // Above the confirmation modal, which is above drawers and dialogs: a refusal is always seen.
      zIndex: ERROR_MODAL_Z_INDEX,
      okButtonProps: { 'data-testid': 'error-modal-ok' },
      afterClose: resolve,
    });
  });
}

export function showMessage(kind: 'warning' | 'info' | 'success', text: string): void {
  void message[kind](text);
}

export function destroyAllModals(): void {
  Modal.destroyAll();
}
