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
