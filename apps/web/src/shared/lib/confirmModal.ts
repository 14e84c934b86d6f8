import type { ReactNode } from 'react';

/**
 * The global confirmation modal (spec section 4). The content brings its title, body and handlers:
 * OK runs the content's confirm handler, passes its result to the waiting callback, then closes;
 * Cancel runs the cancel handler, then closes. A confirm handler that throws keeps the modal open
 * (the user can correct and retry) and the error propagates to whoever pressed OK.
 */
export interface ConfirmContent<Result> {
  title: string;
  body?: ReactNode;
  /** An irreversible action (closing a store, deleting): OK is drawn in antd's danger style. */
  danger?: boolean;
  onConfirm?: () => Result | Promise<Result>;
  onCancel?: () => void | Promise<void>;
}

export interface ConfirmModalState {
  open: boolean;
  busy: boolean;
  content: ConfirmContent<unknown> | null;
}

type Listener = (state: ConfirmModalState) => void;

const CLOSED: ConfirmModalState = { open: false, busy: false, content: null };

export function createConfirmModal() {
  let state: ConfirmModalState = CLOSED;
  let waiting: ((result: unknown) => void) | null = null;
  const listeners = new Set<Listener>();

  function setState(next: ConfirmModalState): void {
    state = next;
    for (const listener of listeners) listener(state);
  }

  function close(): void {
    waiting = null;
    setState(CLOSED);
  }

  return {
    getState: (): ConfirmModalState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Opens the modal; a later `open` replaces the content (the earlier callback is dropped). */
    open<Result>(content: ConfirmContent<Result>, onResult?: (result: Result) => void): void {
      waiting = onResult ? (result) => onResult(result as Result) : null;
      setState({ open: true, busy: false, content: content as ConfirmContent<unknown> });
    },
    async confirm(): Promise<void> {
      const { content } = state;
      if (!state.open || !content || state.busy) return;
      const callback = waiting;
      setState({ ...state, busy: true });
      let result: unknown;
      try {
        result = await content.onConfirm?.();
      } catch (error) {
        setState({ ...state, busy: false });
        throw error;
      }
      callback?.(result);
      close();
    },
    async cancel(): Promise<void> {
      const { content } = state;
      if (!state.open || !content) return;
      await content.onCancel?.();
      close();
    },
    /** Closes without running handlers: a navigation closes every open modal. */
    dismiss(): void {
      if (state.open) close();
    },
  };
}

export type ConfirmModalController = ReturnType<typeof createConfirmModal>;

/** The app's one confirmation modal, rendered by the shell's ConfirmModalHost. */
export const confirmModal = createConfirmModal();

/** Opens the modal and resolves with the confirm handler's result, or undefined on cancel. */
export function requestConfirmation<Result>(content: ConfirmContent<Result>, controller: ConfirmModalController = confirmModal): Promise<Result | undefined> {
  return new Promise((resolve) => {
    controller.open<Result>(
      {
        ...content,
        onCancel: async () => {
          await content.onCancel?.();
          resolve(undefined);
        },
      },
      resolve,
    );
  });
}
