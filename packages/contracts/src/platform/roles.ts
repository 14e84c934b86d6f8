/** Role identifiers (spec section 6). A rid of 0 is the super-level role of the route guard. */
export const RoleId = {
  superLevel: 0,
  superManager: 2060,
  manager: 2061,
  observer: 2062,
  storeManage: 2063,
  branchManage: 2064,
  innerData: 2067,
  innerOperation: 2068,
  shopAssistant: 2069,
} as const;

export const SYSTEM_ROLE_IDS = [2060, 2061, 2062, 2063, 2064, 2067, 2068, 2069] as const;
export type SystemRoleId = (typeof SYSTEM_ROLE_IDS)[number];

export function isSystemRoleId(rid: number): rid is SystemRoleId {
  return (SYSTEM_ROLE_IDS as readonly number[]).includes(rid);
}

export function isSuperManager(rid: number): boolean {
  return rid === RoleId.superManager;
}

/** Custom roles get ids from here up, per customer. */
export const FIRST_CUSTOM_ROLE_ID = 10_000;

/**
 * Names of the system roles in the four languages. Stored role rows keep the English name; people
 * see the name in their language (custom roles keep the name their creator gave them).
 */
export const SYSTEM_ROLE_LABELS: Record<SystemRoleId, Record<'zh' | 'en' | 'kr' | 'jp', string>> = {
  2060: { en: 'Super manager', zh: '超级管理员', kr: '최고 관리자', jp: 'スーパー管理者' },
  2061: { en: 'Manager', zh: '管理员', kr: '관리자', jp: '管理者' },
  2062: { en: 'Observer', zh: '观察员', kr: '관찰자', jp: 'オブザーバー' },
  2063: { en: 'Store manager', zh: '店长', kr: '매장 관리자', jp: '店長' },
  2064: { en: 'Branch manager', zh: '区域经理', kr: '지점 관리자', jp: 'エリアマネージャー' },
  2067: { en: 'Inner data', zh: '内部数据', kr: '내부 데이터', jp: '社内データ' },
  2068: { en: 'Inner operation', zh: '内部运营', kr: '내부 운영', jp: '社内運用' },
  2069: { en: 'Shop assistant', zh: '店员', kr: '매장 직원', jp: '店舗スタッフ' },
};

export function roleDisplayName(locale: 'zh' | 'en' | 'kr' | 'jp', rid: number, storedName: string): string {
  return isSystemRoleId(rid) ? SYSTEM_ROLE_LABELS[rid][locale] : storedName;
}
