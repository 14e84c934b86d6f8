import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from './ids.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('newId', () => {
  it('sorts in the order the ids were made, within one millisecond too', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T10:00:00.000Z') });
    const sameMillisecond = Array.from({ length: 500 }, () => newId());
    vi.setSystemTime(Date.parse('2026-11-29T10:00:00.001Z'));
    const next = newId();
    const made = [...sameMillisecond, next];
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
    expect(made.every((id) => /^[0-9a-z]{12}[0-9A-Za-z]{5}$/.test(id))).toBe(true);
  });
});
