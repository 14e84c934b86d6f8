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
