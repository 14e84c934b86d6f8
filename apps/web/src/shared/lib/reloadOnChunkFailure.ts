/**
 * A page part that fails to load (usually: a new deployment removed the old chunk) reloads the
 * page once (spec section 2). The time of that reload is kept in sessionStorage so a chunk that
 * keeps failing shows the error page instead of reloading forever.
 */
export const CHUNK_RELOAD_KEY = 'storelens.chunkReloadAt';
export const CHUNK_RELOAD_WINDOW_MS = 30_000;

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  now(): number;
}

const browserEnvironment = (): ReloadEnvironment => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

export function reloadOnChunkFailure<T>(load: () => Promise<T>, environment?: ReloadEnvironment): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      const env = environment ?? browserEnvironment();
      const lastReload = Number(env.storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
      if (!lastReload || env.now() - lastReload > CHUNK_RELOAD_WINDOW_MS) {
        env.storage.setItem(CHUNK_RELOAD_KEY, String(env.now()));
        env.reload();
        // The page is going away; settling would only flash an error page first.
        return new Promise<T>(() => undefined);
      }
      throw error;
    }
  };
}
