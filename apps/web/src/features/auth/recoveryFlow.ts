/**
 * The password-recovery flow spans three pages (account, code, new password). Its state lives in
 * sessionStorage so a reload mid-way keeps it, and it never outlives the tab.
 */
export interface RecoveryFlow {
  account: string;
  channel: 'mobile' | 'email';
  /** Epoch ms after which a new code may be requested. */
  resendAt: number;
  expiresInMinutes: number;
  /** Set once the code has been checked. */
  code?: string;
}

const RECOVERY_KEY = 'storelens.recovery';

export function readRecoveryFlow(): RecoveryFlow | null {
  try {
    const text = sessionStorage.getItem(RECOVERY_KEY);
    return text ? (JSON.parse(text) as RecoveryFlow) : null;
  } catch {
    return null;
  }
}

export function writeRecoveryFlow(flow: RecoveryFlow): void {
  sessionStorage.setItem(RECOVERY_KEY, JSON.stringify(flow));
}

export function clearRecoveryFlow(): void {
  sessionStorage.removeItem(RECOVERY_KEY);
}
