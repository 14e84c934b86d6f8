import { offlineStore } from './store.ts';

/** The service worker's cache of the reads a reload needs (inspection-sw.js names it inspection-data-<version>). */
const READ_CACHE_PREFIX = 'inspection-data-';

/**
 * At sign-out: the on-site inspection's offline copies of server data go (the worker's cached
 * reads and the kept checklists), so a shared phone shows nothing of this user to the next one.
 * What the user did and has not sent yet (marks, photos, queued submissions) stays in their own
 * database and is sent when they sign in again: losing an inspection done in a basement is worse.
 */
export async function forgetOfflineReads(userId: string): Promise<void> {
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(READ_CACHE_PREFIX)).map((name) => caches.delete(name)));
  }
  if (typeof indexedDB !== 'undefined') await offlineStore(userId).forgetReads();
}
