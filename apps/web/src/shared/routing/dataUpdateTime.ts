import { create } from 'zustand';

/**
 * 'Data Update Time' in the breadcrumb (spec section 2): the route says whether to show it
 * (meta.showDataUpdateTime); the page that knows the time sets it here.
 */
export const useDataUpdateTime = create<{ value: string | null; set(value: string | null): void }>()((set) => ({
  value: null,
  set: (value) => set({ value }),
}));
