import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../http/errors.ts';
import { createParseSlots } from './parse-slots.ts';

/** A parse that runs until the test ends it. */
function heldParse(log: string[], name: string) {
  let finish = () => {};
  let fail = (_error: Error) => {};
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    parse: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

async function busyKey(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  return error instanceof AppError ? `${error.status} ${error.messageKey}` : String(error);
}

describe('parse slots', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs as many parses as it has slots; the next wait and start in their order as slots free', async () => {
    const slots = createParseSlots({ concurrent: 2, maxWaiting: 3, waitMs: 1000 });
    const log: string[] = [];
    const parses = ['a', 'b', 'c', 'd'].map((name) => heldParse(log, name));
    const results = parses.map((parse) => slots.run(parse.parse));
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a', 'start b']);
    expect(slots.load()).toEqual({ running: 2, waiting: 2 });

    parses[1]?.fail(new Error('b broke'));
    await expect(results[1]).rejects.toThrow('b broke');
    // A failed parse frees its slot like a finished one.
    expect(log).toEqual(['start a', 'start b', 'start c']);
    parses[0]?.finish();
    await expect(results[0]).resolves.toBe('a');
    expect(log.at(-1)).toBe('start d');
    parses[2]?.finish();
    parses[3]?.finish();
    await expect(Promise.all([results[2], results[3]])).resolves.toEqual(['c', 'd']);
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('answers busy (429) once the wait runs out, and at once when the queue is full', async () => {
    const slots = createParseSlots({ concurrent: 1, maxWaiting: 1, waitMs: 1000 });
    const log: string[] = [];
    const first = heldParse(log, 'first');
    const running = slots.run(first.parse);
    const waiting = slots.run(heldParse(log, 'waiting').parse);
    expect(await busyKey(slots.run(heldParse(log, 'third').parse))).toBe('429 errors.importBusy');

    await vi.advanceTimersByTimeAsync(999);
    expect(slots.load()).toEqual({ running: 1, waiting: 1 });
    const outcome = busyKey(waiting);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('429 errors.importBusy');
    expect(slots.load()).toEqual({ running: 1, waiting: 0 });

    first.finish();
    await running;
    expect(log).toEqual(['start first']);
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });
});
