import type { FeedbackPort } from './http.ts';

type FeedbackUiModule = typeof import('../ui/feedbackUi.tsx');

let loading: Promise<FeedbackUiModule> | null = null;
let loaded: FeedbackUiModule | null = null;

/**
 * antd is loaded on first use only: public pages (the /login budget) must not import it, yet an
 * error there still deserves a proper modal. The app shell imports the same module statically,
 * so inside the shell this resolves at once.
 */
export function loadFeedbackUi(): Promise<FeedbackUiModule> {
  loading ??= import('../ui/feedbackUi.tsx').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

export const lazyFeedback: FeedbackPort = {
  async showErrorModal(title, content) {
    try {
      const ui = await loadFeedbackUi();
      await ui.showErrorModal(title, content);
    } catch {
      // The UI chunk itself failed to load (offline, new deployment): the user must still be told.
      window.alert(`${title}\n${content}`);
    }
  },
  warn(text) {
    loadFeedbackUi().then(
      (ui) => ui.showMessage('warning', text),
      () => window.alert(text),
    );
  },
  notice(text) {
    loadFeedbackUi().then(
      (ui) => ui.showMessage('info', text),
      () => window.alert(text),
    );
  },
};

/** After a navigation every open modal closes (spec section 4); nothing to do while antd is not loaded. */
export function closeOpenModals(): void {
  loaded?.destroyAllModals();
}
