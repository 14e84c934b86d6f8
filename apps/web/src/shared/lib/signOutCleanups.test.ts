import { describe, expect, it } from 'vitest';
import { onSignOut, runSignOutCleanups } from './signOutCleanups.ts';

describe('sign-out cleanups', () => {
  it('runs each registered cleanup once for the user, and one that fails does not stop the others', async () => {
    const seen: string[] = [];
    const failing = async () => {
      throw new Error('storage unavailable');
    };
    const recording = async (userId: string) => {
      seen.push(userId);
    };
    onSignOut(failing);
    onSignOut(recording);
    onSignOut(recording);
    await runSignOutCleanups('u-1');
    expect(seen).toEqual(['u-1']);
    await runSignOutCleanups(null);
    expect(seen).toEqual(['u-1']);
  });
});
