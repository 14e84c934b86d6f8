import { type AudienceConditions, audienceConditionsSchema, type MessageKey, type MessageParams, messageRef } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { addDays, daysBetween } from '../../platform/time/local-time.ts';
import { CustomTally, combine, FrequencyTally, presencesOf } from './audience-sets.ts';
import { type AudienceRecord, crowdRepo } from './crowd.repo.ts';

/** An audience that cannot be made as it stands (a source not generated): its failure, as a message reference. */
export class AudienceFailure extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'AudienceFailure';
  }
  get ref(): string {
    return messageRef(this.key, this.params);
  }
}

export interface ComputedAudience {
  members: string[];
  /** Identifiers seen under the conditions, randomised sightings included. */
  macQuantity: number;
  randomized: number;
}

/** Days read per query: one store-day, so progress moves steadily and memory holds one day's rows at a time. */
const CHUNK_DAYS = 1;

export const conditionsOf = (record: Pick<AudienceRecord, 'conditions'>): AudienceConditions => audienceConditionsSchema.parse(JSON.parse(record.conditions));

/**
 * Computes an audience's members from the stored data (the generation job and the evaluation use
 * it alike): custom and intelligent read the sightings store by store, a week at a time, reporting
 * progress after each read; combined reads its sources' members; uploaded matches its identifiers.
 */
export async function computeAudience(
  db: DB,
  customerId: string,
  audience: AudienceRecord,
  shopIds: readonly string[],
  progress: (percent: number) => Promise<void> = async () => undefined,
): Promise<ComputedAudience> {
  const repo = crowdRepo(tenantScope(db, customerId));
  const conditions = conditionsOf(audience);
  const presences = presencesOf(audience.type);

  if (audience.strategy === 'combined') {
    const all = await repo.audiences();
    const sourceIds = conditions.sourceIds;
    const lists: string[][] = [];
    for (const sourceId of sourceIds) {
      const source = all.find((row) => row.id === sourceId);
      if (!source) throw new AudienceFailure('errors.notFound');
      if (source.status !== 'generated') throw new AudienceFailure('crowd.sourceNotGenerated', { name: source.name });
      lists.push(await repo.members(sourceId));
      await progress(Math.round((80 * lists.length) / sourceIds.length));
    }
    const members = combine(conditions.operation ?? 'union', lists);
    return { members, macQuantity: members.length, randomized: 0 };
  }

  if (audience.strategy === 'uploaded') {
    const members = [...new Set(await repo.uploadedIds(audience.id))].sort();
    await progress(40);
    const seen = await repo.seenAmong(shopIds, presences, members);
    await progress(80);
    return { members, macQuantity: seen.size, randomized: 0 };
  }

  const startDate = audience.start_date ?? '';
  const endDate = audience.end_date ?? '';
  const tally = audience.strategy === 'intelligent' ? new FrequencyTally() : new CustomTally(conditions);
  const chunks: { shopId: string; from: string; to: string }[] = [];
  for (const shopId of shopIds) {
    for (let from = startDate; from <= endDate; from = addDays(from, CHUNK_DAYS)) {
      const to = addDays(from, CHUNK_DAYS - 1);
      chunks.push({ shopId, from, to: to < endDate ? to : endDate });
    }
  }
  let done = 0;
  let reported = -1;
  for (const chunk of chunks) {
    tally.add(await repo.sightings(chunk.shopId, chunk.from, chunk.to, presences));
    done += 1;
    const percent = Math.round((85 * done) / chunks.length);
    if (percent !== reported) {
      reported = percent;
      await progress(percent);
    }
  }
  const randomized = daysBetween(startDate, endDate) >= 0 ? await repo.randomizedCount(shopIds, startDate, endDate, presences) : 0;
  return { members: tally.members(), macQuantity: tally.seen + randomized, randomized };
}
