import { type AudienceConditions, type AudienceType, type CombineOperation, CROWD_LIMITS } from '@storelens/contracts';
import type { SightingFact } from './crowd.repo.ts';

/**
 * The audience strategies as pure functions over sightings (issue 17), so tests compare them with
 * hand-computed sets. docs/decisions/crowd.md states each rule.
 */

export const presencesOf = (type: AudienceType): ('inStore' | 'passerby')[] => (type === 'inStore' ? ['inStore'] : ['inStore', 'passerby']);

/** Whether a sighting is a visit under the custom conditions: its dwell and its (store-local) starting hour. */
export function qualifies(fact: SightingFact, conditions: AudienceConditions): boolean {
  if (conditions.minDwellMinutes !== undefined && fact.dwell_s < conditions.minDwellMinutes * 60) return false;
  if (conditions.maxDwellMinutes !== undefined && fact.dwell_s > conditions.maxDwellMinutes * 60) return false;
  if (conditions.fromHour !== undefined && fact.hour < conditions.fromHour) return false;
  if (conditions.toHour !== undefined && fact.hour >= conditions.toHour) return false;
  return true;
}

/** Running tally of the custom strategy: qualifying visits per identifier over every store and date read. */
export class CustomTally {
  private readonly visits = new Map<string, number>();
  constructor(private readonly conditions: AudienceConditions) {}

  add(facts: readonly SightingFact[]): void {
    for (const fact of facts) if (qualifies(fact, this.conditions)) this.visits.set(fact.wifi_id, (this.visits.get(fact.wifi_id) ?? 0) + 1);
  }

  /** Identifiers with a qualifying visit (the MAC quantity's identified part). */
  get seen(): number {
    return this.visits.size;
  }

  /** Members: at least minVisits qualifying visits, and at most maxVisits when given. */
  members(): string[] {
    const { minVisits, maxVisits } = this.conditions;
    return [...this.visits]
      .filter(([, count]) => count >= minVisits && (maxVisits === undefined || count <= maxVisits))
      .map(([id]) => id)
      .sort();
  }
}

/** Running tally of the intelligent strategy: the distinct days each identifier was seen in any of the stores. */
export class FrequencyTally {
  private readonly days = new Map<string, Set<string>>();

  add(facts: readonly SightingFact[]): void {
    for (const fact of facts) {
      let dates = this.days.get(fact.wifi_id);
      if (!dates) {
        dates = new Set();
        this.days.set(fact.wifi_id, dates);
      }
      dates.add(fact.local_date);
    }
  }

  get seen(): number {
    return this.days.size;
  }

  /**
   * The store's most frequent visitors: rank identifiers by visit days, take the visit days of the
   * one at the top intelligentShare (rounded up) as the bar, and keep everyone at or above it (ties
   * stay together) who came on at least intelligentMinDays days.
   */
  members(): string[] {
    const ranked = [...this.days].map(([id, dates]) => ({ id, days: dates.size })).sort((a, b) => b.days - a.days || a.id.localeCompare(b.id));
    if (ranked.length === 0) return [];
    const position = Math.max(1, Math.ceil(ranked.length * CROWD_LIMITS.intelligentShare));
    const bar = Math.max(CROWD_LIMITS.intelligentMinDays, ranked[position - 1]?.days ?? Number.POSITIVE_INFINITY);
    return ranked
      .filter((entry) => entry.days >= bar)
      .map((entry) => entry.id)
      .sort();
  }
}

/** Union, intersection or difference (the first source less every other) of the sources' members. */
export function combine(operation: CombineOperation, sources: readonly (readonly string[])[]): string[] {
  const [first = [], ...rest] = sources;
  let result: Set<string>;
  if (operation === 'union') {
    result = new Set(sources.flat());
  } else if (operation === 'intersection') {
    result = new Set(first);
    for (const source of rest) {
      const other = new Set(source);
      for (const id of result) if (!other.has(id)) result.delete(id);
    }
  } else {
    result = new Set(first);
    for (const source of rest) for (const id of source) result.delete(id);
  }
  return [...result].sort();
}

/** How many identifiers two sorted lists share. */
export function sharedCount(a: readonly string[], b: ReadonlySet<string>): number {
  let shared = 0;
  for (const id of a) if (b.has(id)) shared += 1;
  return shared;
}
