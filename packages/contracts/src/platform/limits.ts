/** Business constants and limits (spec section 9). */
export const Limits = {
  httpTimeoutMs: 30_000,
  treeSearchDebounceMs: 500,
  doubleClickWindowMs: 250,
  contextMenuMinWidth: 150,
  reportRangeMaxDays: 90,
  patrolRangeMaxDays: 365,
  posFileMaxBytes: 40 * 1024 * 1024,
  floorPlanImageMaxBytes: 1024 * 1024,
  inspectionImagesMax: 9,
  alarmIntervalMinMinutes: 5,
  timeToStoreMaxMinutes: 90,
  staffNameMaxChars: 14,
  passwordMinChars: 8,
  passwordMaxChars: 16,
  videoRetentionDays: 30,
  alarmMediaRetentionDays: 365,
  deepVisitDefaultMinutes: 5,
  menuWidth: 200,
  menuCollapsedWidth: 80,
  modalWidth: 520,
  drawerWidth: 380,
  /** Text fields without a spec limit: names and titles, free text. */
  nameMaxChars: 64,
  textMaxChars: 500,
  verificationCodeTtlMinutes: 10,
  verificationCodeMaxAttempts: 5,
  verificationCodeResendSeconds: 60,
  loginFailuresBeforeCaptcha: 3,
} as const;

/**
 * Throttles of the public authentication operations (issue 10): counted per account (whatever name
 * was typed: e-mail, login name or mobile), per client address and per recovery target; past a limit
 * the answer is 429 'Too many requests' with Retry-After.
 */
export const AUTH_THROTTLE = {
  /** An account's failed sign-ins are remembered this long (a success clears them); the captcha rule counts them. */
  accountFailureWindowMinutes: 24 * 60,
  /** Failed sign-ins from one address in a window. */
  addressFailures: 20,
  addressWindowMinutes: 15,
  /** Recovery requests (account check, code sends, code checks, resets) from one address in a window. */
  recoveryRequestsPerAddress: 30,
  recoveryAddressWindowMinutes: 15,
  /** Codes sent to one phone number or e-mail address in a window (besides the 60 s between two sends). */
  codesPerTarget: 5,
  codesPerTargetWindowMinutes: 60,
} as const;

/**
 * What an uploaded zip package (an .xlsx) may unpack to, checked from its central directory before
 * any parser runs and again while its parts inflate (server platform/files/upload-guard.ts). Past
 * any cap the file is refused as 'Incorrect file content'.
 */
export interface PackageCaps {
  /** Parts (files) in the package. */
  maxParts: number;
  /** Unpacked bytes of any one part (a worksheet, the shared strings). */
  maxPartBytes: number;
  /** Unpacked bytes of all parts together. */
  maxUnpackedBytes: number;
  /** Unpacked : packed bytes of a part over 1 MiB; real sheets stay under about 30 : 1, zip bombs reach 1000 : 1. */
  maxCompressionRatio: number;
}

/** Passwords need a digit, a letter and one of these special characters (spec section 5). */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};:,.?/~|<>';
