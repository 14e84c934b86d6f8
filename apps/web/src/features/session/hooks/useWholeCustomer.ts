import { useSessionStore } from '../state/sessionStore.ts';

/**
 * Whether the user sees the whole customer: settings that apply to every store (retention, flow
 * configuration, the sales template, device alerts) are theirs to change. The server refuses the
 * others; pages show those settings read only with a note instead of a save that would fail.
 */
export function useWholeCustomer(): boolean {
  return useSessionStore((state) => state.wholeCustomer === true);
}
