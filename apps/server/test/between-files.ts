import { afterAll, beforeAll, vi } from 'vitest';
import { resetClock } from '../src/platform/time/clock.ts';

/**
 * The server's test files share their worker's modules (isolate: false in vitest.config.ts: the
 * server's module graph is imported once per worker instead of once per file, which was most of
 * the tier's time). What a file may leave behind in a shared module is put back here: the clock
 * (a file that moved it without an app, whose createTestApp would have reset it) and fake timers.
 */
beforeAll(() => {
  resetClock();
});
afterAll(() => {
  vi.useRealTimers();
  resetClock();
});
