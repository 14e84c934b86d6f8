/** The one clock of the server, so tests can move time (code expiry, session expiry) without sleeping. */
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

export function nowIso(): string {
  return now().toISOString();
}

export function isoIn(ms: number): string {
  return new Date(now().getTime() + ms).toISOString();
}

export function advanceClock(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}

/** Puts the clock at an instant (tests pinned to a fixed 'now'). */
export function setClock(iso: string): void {
  offsetMs = Date.parse(iso) - Date.now();
}

/**
 * Runs a step as if at `instant` (the services read the one clock), then puts the clock back: how
 * seeds and benches write history through the same services as live data.
 */
export async function asOf<T>(instant: number, step: () => Promise<T>): Promise<T> {
  const shift = instant - now().getTime();
  advanceClock(shift);
  try {
    return await step();
  } finally {
    advanceClock(-shift);
  }
}
