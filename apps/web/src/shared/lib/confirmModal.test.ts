import { describe, expect, it } from 'vitest';
import { createConfirmModal, requestConfirmation } from './confirmModal.ts';

describe('global confirmation modal', () => {
  it('shows the title of its content', () => {
    const modal = createConfirmModal();
    modal.open({ title: 'Close the store?' });
    expect(modal.getState()).toMatchObject({ open: true, content: { title: 'Close the store?' } });
  });

  it('OK runs the confirm handler, passes its result to the waiting callback, then closes', async () => {
    const modal = createConfirmModal();
    const order: string[] = [];
    modal.open(
      {
        title: 'Confirm',
        onConfirm: async () => {
          order.push('confirm handler');
          expect(modal.getState().open).toBe(true);
          return 42;
        },
      },
      (result) => {
        order.push(`callback ${result}`);
        expect(modal.getState().open).toBe(true);
      },
    );
    await modal.confirm();
    expect(order).toEqual(['confirm handler', 'callback 42']);
    expect(modal.getState().open).toBe(false);
  });

  it('Cancel runs the cancel handler then closes, and never calls the waiting callback', async () => {
    const modal = createConfirmModal();
    const order: string[] = [];
    modal.open(
      {
        title: 'Confirm',
        onConfirm: () => order.push('confirm'),
        onCancel: () => {
          order.push('cancel handler');
          expect(modal.getState().open).toBe(true);
        },
      },
      () => order.push('callback'),
    );
    await modal.cancel();
    expect(order).toEqual(['cancel handler']);
    expect(modal.getState().open).toBe(false);
  });

  it('a failing confirm handler keeps the modal open and skips the callback', async () => {
    const modal = createConfirmModal();
    let called = false;
    modal.open(
      {
        title: 'Confirm',
        onConfirm: () => {
          throw new Error('Save failed');
        },
      },
      () => {
        called = true;
      },
    );
    await expect(modal.confirm()).rejects.toThrow('Save failed');
    expect(called).toBe(false);
    expect(modal.getState()).toMatchObject({ open: true, busy: false });
  });

  it('dismiss (navigation) closes without running any handler', () => {
    const modal = createConfirmModal();
    let ran = false;
    modal.open({
      title: 'Confirm',
      onCancel: () => {
        ran = true;
      },
    });
    modal.dismiss();
    expect(ran).toBe(false);
    expect(modal.getState().open).toBe(false);
  });

  it('notifies subscribers of every change', async () => {
    const modal = createConfirmModal();
    const seen: boolean[] = [];
    modal.subscribe((state) => seen.push(state.open));
    modal.open({ title: 'Confirm', onConfirm: () => 'ok' });
    await modal.confirm();
    expect(seen).toEqual([true, true, false]);
  });

  it('requestConfirmation resolves with the result on OK and undefined on cancel', async () => {
    const modal = createConfirmModal();
    const accepted = requestConfirmation({ title: 'A', onConfirm: () => 'done' }, modal);
    await modal.confirm();
    await expect(accepted).resolves.toBe('done');
    const declined = requestConfirmation({ title: 'B', onConfirm: () => 'done' }, modal);
    await modal.cancel();
    await expect(declined).resolves.toBeUndefined();
  });
});
