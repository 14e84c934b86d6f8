/**
 * What a feature keeps of a user in the browser beyond the tab's memory (the on-site inspection's
 * offline copies) is forgotten at sign-out: the feature registers how, once, from the app's
 * composition root (app/routes.ts), and signing out runs every registered cleanup. A cleanup that
 * fails does not keep anyone signed in.
 */
export type SignOutCleanup = (userId: string) => Promise<void>;

const cleanups: SignOutCleanup[] = [];

export function onSignOut(cleanup: SignOutCleanup): void {
  if (!cleanups.includes(cleanup)) cleanups.push(cleanup);
}

export async function runSignOutCleanups(userId: string | null): Promise<void> {
  if (!userId) return;
  await Promise.all(cleanups.map((cleanup) => cleanup(userId).catch(() => undefined)));
}
