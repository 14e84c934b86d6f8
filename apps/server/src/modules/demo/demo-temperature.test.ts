import { describe, expect, it } from 'vitest';
import { type BreachOutcome, evaluateReading, NORMAL } from '../temperature/breach.ts';
import { DRIFTING_FRIDGE, demoCelsius, demoReadings } from './demo-temperature.ts';

const DAY = Date.parse('2026-06-01T00:00:00.000Z');

/** A day of one sensor's readings every minute through the breach rules (limits 0..5, delay 30). */
function alertsOfDay(name: string): BreachOutcome[] {
  const sensor = { sensorId: `demo-${name}`, name, kind: 'fridge' as const };
  let state = NORMAL;
  const outcomes: BreachOutcome[] = [];
  for (const reading of demoReadings([sensor], DAY - 60_000, DAY + 86_400_000 - 60_000)) {
    const step = evaluateReading(state, reading, { low: 0, high: 5 }, 30);
    // The engine gives a raised alert its id; so does this harness.
    state = step.outcomes.some((outcome) => outcome.kind === 'raise') ? { ...step.state, openAlertId: 'alert' } : step.state;
    outcomes.push(...step.outcomes);
  }
  return outcomes;
}

describe('the demo sensors', () => {
  it('defrost a fridge every six hours above its limit, but shorter than the delay: no alert', () => {
    const fridge = { sensorId: 'demo-dairy', name: 'Dairy fridge', kind: 'fridge' as const };
    expect(demoCelsius(fridge, DAY + 10 * 60_000)).toBeGreaterThan(5);
    expect(demoCelsius(fridge, DAY + 60 * 60_000)).toBeLessThan(5);
    expect(alertsOfDay('Dairy fridge')).toEqual([]);
  });

  it('drift one fridge warm every day: one alert, raised after the delay and closed when it is repaired', () => {
    const outcomes = alertsOfDay(DRIFTING_FRIDGE);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['raise', 'close']);
    const [raise, close] = outcomes;
    expect(raise?.kind === 'raise' && Date.parse(raise.at) - Date.parse(raise.since)).toBe(30 * 60_000);
    expect(close?.at).toBe('2026-06-01T07:00:00.000Z');
    expect(close?.kind === 'close' && close.peak).toBeGreaterThan(12);
  });
});
