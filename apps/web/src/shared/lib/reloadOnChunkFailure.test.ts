import { describe, expect, it, type Mock, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, type ReloadEnvironment, reloadOnChunkFailure } from './reloadOnChunkFailure.ts';

function environment(now: number, stored?: string): ReloadEnvironment & { values: Map<string, string>; reload: Mock<() => void> } {
  const values = new Map<string, string>(stored ? [[CHUNK_RELOAD_KEY, stored]] : []);
  return {
    values,
    storage: { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) },
    reload: vi.fn<() => void>(),
    now: () => now,
  };
}

describe('reloadOnChunkFailure', () => {
  it('passes a loaded module through without reloading', async () => {
    const env = environment(1_000);
    await expect(reloadOnChunkFailure(async () => 'module', env)()).resolves.toBe('module');
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads once when a part fails to load and remembers when', async () => {
    const env = environment(50_000);
    void reloadOnChunkFailure(() => Promise.reject(new Error('chunk gone')), env)();
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(env.values.get(CHUNK_RELOAD_KEY)).toBe('50000');
  });

  it('does not reload again within the window: the error surfaces instead of a loop', async () => {
    const env = environment(50_000, String(50_000 - CHUNK_RELOAD_WINDOW_MS + 1));
    await expect(reloadOnChunkFailure(() => Promise.reject(new Error('chunk gone')), env)()).rejects.toThrow('chunk gone');
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads again once the window has passed', async () => {
    const env = environment(100_000, String(100_000 - CHUNK_RELOAD_WINDOW_MS - 1));
    void reloadOnChunkFailure(() => Promise.reject(new Error('chunk gone')), env)();
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
  });
});
