import {
  type CustomerInfo,
  type CustomerSummary,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeFromHeader,
  NO_CUSTOMER,
  type NoticeCount,
  type PermissionMap,
  type TreeNode,
} from '@storelens/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { firstSelectableShopKey } from '../trees.ts';

export interface Holiday {
  date: string;
  name: string;
  country: string;
  type: string;
}

export interface SignInResult {
  uid: string;
  token: string;
  username: string;
  cids: CustomerSummary[];
}

export interface CustomerSelection {
  rid: number;
  roleName: string;
  cusInfo: CustomerInfo;
  /** The caller sees the whole customer: customer-wide settings are theirs to change. */
  wholeCustomer: boolean;
}

const RECORDED_PATHS_KEPT = 20;

interface CustomerBoundState {
  permissionMap: Partial<PermissionMap> | null;
  /** When the map was fetched, so the guard refreshes it now and then rather than on every click. */
  permissionLoadedAt: number | null;
  shopTree: TreeNode[] | null;
  cameraTree: TreeNode[] | null;
  orgTree: TreeNode[] | null;
  /** Selected shop keys per path: each page remembers its own selection. */
  shopSelectionByPath: Record<string, string[]>;
  noticeCount: NoticeCount;
  holidays: Record<string, Holiday[]>;
}

export interface SessionState extends CustomerBoundState {
  uid: string | null;
  token: string | null;
  username: string | null;
  /** The tab's customer code, sent as X-Customer-Code; null when none is selected. */
  cid: string | null;
  rid: number | null;
  roleName: string | null;
  cusInfo: CustomerInfo | null;
  /** Null until the server has confirmed the customer selection. */
  wholeCustomer: boolean | null;
  customers: CustomerSummary[];
  locale: Locale;
  menuCollapsed: boolean;
  /** Most recent last. */
  recordedPaths: string[];

  signIn(result: SignInResult): void;
  setCustomers(customers: CustomerSummary[]): void;
  applyCustomerSelection(selection: CustomerSelection): void;
  /** Makes `cid` the tab's customer before the server has confirmed it (customer switched elsewhere). */
  switchCustomer(cid: string): void;
  /** Drops the tab's customer but keeps the user signed in (back to the picker). */
  clearCustomer(): void;
  logout(): void;
  setUsername(username: string): void;
  setLocale(locale: Locale): void;
  setPermissionMap(map: Partial<PermissionMap>): void;
  setMenuCollapsed(collapsed: boolean): void;
  setShopTree(tree: TreeNode[]): void;
  setCameraTree(tree: TreeNode[]): void;
  setOrgTree(tree: TreeNode[]): void;
  setShopSelection(path: string, keys: string[]): void;
  setNoticeCount(count: NoticeCount): void;
  setHolidays(holidays: Record<string, Holiday[]>): void;
  recordPath(path: string): void;
  /** Gives `path` the default shop selection (the first selectable shop) when it has none yet. */
  applyDefaultShopSelection(path: string): void;
}

const EMPTY_NOTICES: NoticeCount = { alert: 0, plan: 0, rectification: 0 };

const customerBoundReset = (): CustomerBoundState => ({
  permissionMap: null,
  permissionLoadedAt: null,
  shopTree: null,
  cameraTree: null,
  orgTree: null,
  shopSelectionByPath: {},
  noticeCount: EMPTY_NOTICES,
  holidays: {},
});

const signedOut = () => ({
  uid: null,
  token: null,
  username: null,
  cid: null,
  rid: null,
  roleName: null,
  cusInfo: null,
  wholeCustomer: null,
  customers: [],
  recordedPaths: [],
  ...customerBoundReset(),
});

function initialLocale(): Locale {
  if (typeof navigator === 'undefined') return DEFAULT_LOCALE;
  return localeFromHeader(navigator.languages?.join(',') ?? navigator.language);
}

export const SESSION_STORAGE_KEY = 'storelens.session';

/**
 * The side menu's collapse is a preference of the browser, not of the session: it survives a
 * reload, signing out and another user at the same desk, so it has its own key.
 */
export const MENU_COLLAPSED_STORAGE_KEY = 'storelens.menuCollapsed';

export function readMenuCollapsed(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(MENU_COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false; // Storage blocked: the menu starts open.
  }
}

export function writeMenuCollapsed(collapsed: boolean, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(MENU_COLLAPSED_STORAGE_KEY, String(collapsed));
  } catch {
    // A full or blocked storage only costs remembering the choice.
  }
}

/** What survives a reload (spec: token, uid, username, customer code and locale). */
type PersistedSession = Pick<SessionState, 'token' | 'uid' | 'username' | 'cid' | 'locale'>;

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      ...signedOut(),
      locale: initialLocale(),
      menuCollapsed: readMenuCollapsed(),

      signIn: (result) => set({ ...signedOut(), uid: result.uid, token: result.token, username: result.username, customers: result.cids }),
      setCustomers: (customers) => set({ customers }),
      applyCustomerSelection: ({ rid, roleName, cusInfo, wholeCustomer }) => {
        const changed = get().cid !== cusInfo.cid;
        set({ ...(changed ? customerBoundReset() : {}), cid: cusInfo.cid, rid, roleName, cusInfo, wholeCustomer });
      },
      switchCustomer: (cid) => set({ ...customerBoundReset(), cid, rid: null, roleName: null, cusInfo: null, wholeCustomer: null }),
      clearCustomer: () => set({ ...customerBoundReset(), cid: null, rid: null, roleName: null, cusInfo: null, wholeCustomer: null }),
      logout: () => set(signedOut()),
      setUsername: (username) => set({ username }),
      setLocale: (locale) => set({ locale }),
      setPermissionMap: (permissionMap) => set({ permissionMap, permissionLoadedAt: Date.now() }),
      setMenuCollapsed: (menuCollapsed) => {
        writeMenuCollapsed(menuCollapsed);
        set({ menuCollapsed });
      },
      setShopTree: (shopTree) => set({ shopTree }),
      setCameraTree: (cameraTree) => set({ cameraTree }),
      setOrgTree: (orgTree) => set({ orgTree }),
      setShopSelection: (path, keys) => set({ shopSelectionByPath: { ...get().shopSelectionByPath, [path]: keys } }),
      setNoticeCount: (noticeCount) => set({ noticeCount }),
      setHolidays: (holidays) => set({ holidays }),
      recordPath: (path) => {
        const paths = get().recordedPaths.filter((recorded) => recorded !== path);
        set({ recordedPaths: [...paths, path].slice(-RECORDED_PATHS_KEPT) });
      },
      applyDefaultShopSelection: (path) => {
        const { shopSelectionByPath, shopTree } = get();
        if (shopSelectionByPath[path] || !shopTree) return;
        const first = firstSelectableShopKey(shopTree);
        if (first) set({ shopSelectionByPath: { ...shopSelectionByPath, [path]: [first] } });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedSession => ({
        token: state.token,
        uid: state.uid,
        username: state.username,
        cid: state.cid,
        locale: state.locale,
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<PersistedSession>;
        return {
          ...current,
          token: saved.token ?? null,
          uid: saved.uid ?? null,
          username: saved.username ?? null,
          cid: saved.cid && saved.cid !== NO_CUSTOMER ? saved.cid : null,
          locale: isLocale(saved.locale) ? saved.locale : current.locale,
        };
      },
    },
  ),
);

export const selectIsSignedIn = (state: SessionState): boolean => Boolean(state.token && state.uid);
