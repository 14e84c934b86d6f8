import '@fastify/multipart';
import { CROWD_LIMITS, type PromotionEffect, type PromotionRow, type promotionAddRequestSchema, type promotionUpdateRequestSchema } from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { z } from 'zod';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadStream } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import { crowdRepo } from './crowd.repo.ts';
import type { CrowdService } from './crowd.service.ts';

type PromotionInput = z.infer<typeof promotionAddRequestSchema>;
type PromotionUpdate = z.infer<typeof promotionUpdateRequestSchema>;
type PromotionRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof crowdRepo>['promotion']>>>;
type MaterialRecord = Awaited<ReturnType<ReturnType<typeof crowdRepo>['materials']>>[number];

/** Days before a promotion whose visits say how often each person came (the matching's strata). */
export const BASELINE_DAYS = 28;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_INPUT_PIXELS = 50_000_000;
const MATERIAL_MAX_SIDE = 1600;

export const materialKey = (customerId: string, promotionId: string, materialId: string) => `crowd/materials/${customerId}/${promotionId}/${materialId}.jpg`;

/** A material as an image: JPEG, PNG or WebP by its content, kept as an upright JPEG without metadata. */
export async function prepareMaterial(content: Buffer): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  try {
    const format = (await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
    if (!format || !ACCEPTED_FORMATS.has(format)) return null;
    const { data, info } = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MATERIAL_MAX_SIDE, height: MATERIAL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** Frequency strata of the matching: how many days a person came in the baseline. */
const STRATA = [
  { label: '1', min: 1, max: 1 },
  { label: '2-3', min: 2, max: 3 },
  { label: '4+', min: 4, max: Number.POSITIVE_INFINITY },
] as const;

/**
 * The measured effect (beyond the spec; docs/decisions/crowd.md). People are pseudonymised
 * identifiers seen in the audience's stores (in-store sightings). The audience group is its members
 * who came at least once in the baseline (the 28 days before the start); the control group is the
 * same stores' other visitors of the baseline. Both are cut into strata by baseline visit days, and
 * the control's return rates are re-weighted to the audience's strata mix, so a difference is not
 * just the audience being regulars. Return = seen on at least one day of the window.
 */
export function measureEffect(input: {
  members: ReadonlySet<string>;
  visits: readonly { wifi_id: string; local_date: string }[];
  baseline: { startDate: string; endDate: string };
  during: { startDate: string; endDate: string };
  after: { startDate: string; endDate: string };
}): Pick<PromotionEffect, 'audience' | 'control' | 'duringLiftPoints' | 'afterLiftPoints' | 'strata'> {
  const baselineDays = new Map<string, Set<string>>();
  const cameDuring = new Set<string>();
  const cameAfter = new Set<string>();
  const within = (date: string, range: { startDate: string; endDate: string }) => date >= range.startDate && date <= range.endDate;
  for (const visit of input.visits) {
    if (within(visit.local_date, input.baseline)) {
      const days = baselineDays.get(visit.wifi_id) ?? new Set<string>();
      days.add(visit.local_date);
      baselineDays.set(visit.wifi_id, days);
    }
    if (within(visit.local_date, input.during)) cameDuring.add(visit.wifi_id);
    if (input.after.startDate <= input.after.endDate && within(visit.local_date, input.after)) cameAfter.add(visit.wifi_id);
  }
  const stratumOf = (days: number) => STRATA.findIndex((stratum) => days >= stratum.min && days <= stratum.max);
  const groups = STRATA.map(() => ({ audience: [] as string[], control: [] as string[] }));
  for (const [id, days] of baselineDays) {
    const index = stratumOf(days.size);
    const group = groups[index];
    if (!group) continue;
    if (input.members.has(id)) group.audience.push(id);
    else group.control.push(id);
  }
  const count = (ids: readonly string[], set: ReadonlySet<string>) => ids.filter((id) => set.has(id)).length;
  const audienceIds = groups.flatMap((group) => group.audience);
  const controlIds = groups.flatMap((group) => group.control);
  const rate = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);
  const audienceDuring = count(audienceIds, cameDuring);
  const audienceAfter = count(audienceIds, cameAfter);
  // The control's rates re-weighted to the audience's strata mix (strata without controls are left out of both).
  let weight = 0;
  let controlDuringRate = 0;
  let controlAfterRate = 0;
  let weightedAudienceDuring = 0;
  let weightedAudienceAfter = 0;
  for (const group of groups) {
    if (group.audience.length === 0 || group.control.length === 0) continue;
    const share = group.audience.length;
    weight += share;
    controlDuringRate += share * (count(group.control, cameDuring) / group.control.length);
    controlAfterRate += share * (count(group.control, cameAfter) / group.control.length);
    weightedAudienceDuring += count(group.audience, cameDuring);
    weightedAudienceAfter += count(group.audience, cameAfter);
  }
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  const hasAfter = input.after.startDate <= input.after.endDate;
  const controlDuring = weight > 0 ? (100 * controlDuringRate) / weight : null;
  const controlAfter = weight > 0 && hasAfter ? (100 * controlAfterRate) / weight : null;
  const matchedDuring = weight > 0 ? (100 * weightedAudienceDuring) / weight : null;
  const matchedAfter = weight > 0 && hasAfter ? (100 * weightedAudienceAfter) / weight : null;
  return {
    audience: {
      people: audienceIds.length,
      during: audienceDuring,
      after: audienceAfter,
      duringRate: round(rate(audienceDuring, audienceIds.length)),
      afterRate: hasAfter ? round(rate(audienceAfter, audienceIds.length)) : null,
    },
    control: {
      people: controlIds.length,
      during: count(controlIds, cameDuring),
      after: count(controlIds, cameAfter),
      duringRate: round(controlDuring),
      afterRate: round(controlAfter),
    },
    duringLiftPoints: matchedDuring !== null && controlDuring !== null ? round(matchedDuring - controlDuring) : null,
    afterLiftPoints: matchedAfter !== null && controlAfter !== null ? round(matchedAfter - controlAfter) : null,
    strata: STRATA.map((stratum, index) => ({
      label: stratum.label,
      audience: groups[index]?.audience.length ?? 0,
      control: groups[index]?.control.length ?? 0,
    })),
  };
}

/** Promotions (issue 17): name, audience, schedule, materials, landing page, and the measured effect. */
export function createPromotionsService(deps: { db: DB; storage: ObjectStorage; crowd: CrowdService }) {
  const { db, storage, crowd } = deps;
  const repoOf = (customerId: string) => crowdRepo(tenantScope(db, customerId));

  function present(row: PromotionRecord, audienceName: string, materials: readonly MaterialRecord[], today: string): PromotionRow {
    return {
      promotionId: row.id,
      name: row.name,
      audienceId: row.audience_id,
      audienceName,
      startDate: row.start_date,
      endDate: row.end_date,
      phase: today < row.start_date ? 'scheduled' : today > row.end_date ? 'ended' : 'running',
      landingUrl: row.landing_url,
      description: row.description,
      materials: materials
        .filter((material) => material.promotion_id === row.id)
        .map((material) => ({ materialId: material.id, fileName: material.file_name, width: material.width, height: material.height, bytes: material.bytes })),
      createdAt: row.created_at,
    };
  }

  async function requirePromotion(actor: CustomerActor, promotionId: string) {
    const repo = repoOf(actor.customerId);
    const row = await repo.promotion(promotionId);
    if (!row) throw notFound();
    const audience = (await crowd.visibleAudiences(actor)).get(row.audience_id);
    if (!audience) throw notFound();
    return { repo, row, audience };
  }

  async function rowOf(actor: CustomerActor, promotionId: string): Promise<PromotionRow> {
    const { repo, row, audience } = await requirePromotion(actor, promotionId);
    const { shopIds, zoneOf } = await crowd.audienceFor(actor, audience.id);
    return present(row, audience.name, await repo.materials(), todayIn(zoneOf.get(shopIds[0] ?? '') ?? 'UTC', now()));
  }

  async function effect(actor: CustomerActor, promotionId: string): Promise<PromotionEffect> {
    const { repo, row, audience } = await requirePromotion(actor, promotionId);
    const { shopIds, zoneOf } = await crowd.audienceFor(actor, audience.id);
    const today = todayIn(zoneOf.get(shopIds[0] ?? '') ?? 'UTC', now());
    const baseline = { startDate: addDays(row.start_date, -BASELINE_DAYS), endDate: addDays(row.start_date, -1) };
    const duringEnd = row.end_date < today ? row.end_date : today;
    const during = { startDate: row.start_date, endDate: duringEnd };
    const afterEnd = addDays(row.end_date, CROWD_LIMITS.effectAfterDays);
    const after = { startDate: addDays(row.end_date, 1), endDate: afterEnd < today ? afterEnd : today };
    const measurable = audience.status === 'generated' && today >= row.start_date;
    const acquisitionOverlaps = audience.end_date !== null && audience.end_date >= row.start_date;
    const empty = { people: 0, during: 0, after: 0, duringRate: null, afterRate: null };
    if (!measurable) {
      return {
        promotionId: row.id,
        baseline,
        during,
        after,
        measurable,
        acquisitionOverlaps,
        audience: empty,
        control: empty,
        duringLiftPoints: null,
        afterLiftPoints: null,
        strata: [],
      };
    }
    const lastDate = after.startDate <= after.endDate ? after.endDate : during.endDate;
    const visits = await repo.visitsIn(shopIds, baseline.startDate, lastDate);
    const members = new Set(await repo.members(audience.id));
    return { promotionId: row.id, baseline, during, after, measurable, acquisitionOverlaps, ...measureEffect({ members, visits, baseline, during, after }) };
  }

  return {
    async list(actor: CustomerActor, input: { page: number; pageSize: number; keyword?: string | undefined }) {
      const repo = repoOf(actor.customerId);
      const [rows, audiences, materials] = await Promise.all([repo.promotions(), crowd.visibleAudiences(actor), repo.materials()]);
      const keyword = input.keyword?.trim().toLocaleLowerCase('en-US') ?? '';
      const visible = rows.filter((row) => audiences.has(row.audience_id) && (keyword === '' || row.name.toLocaleLowerCase('en-US').includes(keyword)));
      const today = todayIn('UTC', now());
      const start = (input.page - 1) * input.pageSize;
      return {
        total: visible.length,
        page: input.page,
        pageSize: input.pageSize,
        list: visible.slice(start, start + input.pageSize).map((row) => present(row, audiences.get(row.audience_id)?.name ?? '', materials, today)),
      };
    },

    async add(actor: CustomerActor, input: PromotionInput): Promise<{ promotionId: string }> {
      await crowd.audienceFor(actor, input.audienceId);
      const id = newId();
      const at = nowIso();
      await repoOf(actor.customerId).insertPromotion({
        id,
        name: input.name,
        audience_id: input.audienceId,
        start_date: input.startDate,
        end_date: input.endDate,
        landing_url: input.landingUrl,
        description: input.description,
        created_by: actor.userId,
        created_at: at,
        updated_at: at,
      });
      return { promotionId: id };
    },

    async update(actor: CustomerActor, input: PromotionUpdate): Promise<PromotionRow> {
      const { repo, row } = await requirePromotion(actor, input.promotionId);
      await crowd.audienceFor(actor, input.audienceId);
      await repo.updatePromotion(row.id, {
        name: input.name,
        audience_id: input.audienceId,
        start_date: input.startDate,
        end_date: input.endDate,
        landing_url: input.landingUrl,
        description: input.description,
        updated_at: nowIso(),
      });
      return rowOf(actor, row.id);
    },

    async remove(actor: CustomerActor, promotionId: string): Promise<{ promotionId: string }> {
      const { repo, row } = await requirePromotion(actor, promotionId);
      const keys = (await repo.materials()).filter((material) => material.promotion_id === row.id).map((material) => material.location);
      await db.transaction().execute(async (trx) => crowdRepo(tenantScope(trx, actor.customerId)).deletePromotion(row.id));
      if (keys.length > 0) await storage.delete(keys);
      return { promotionId: row.id };
    },

    async detail(actor: CustomerActor, promotionId: string) {
      const base = await rowOf(actor, promotionId);
      return { ...base, effect: await effect(actor, promotionId) };
    },

    effect,

    async uploadMaterial(actor: CustomerActor, request: FastifyRequest): Promise<PromotionRow> {
      if (!request.isMultipart()) throw badRequest('crowd.noFile');
      const fields: Record<string, string> = {};
      let content: Buffer | null = null;
      let fileName = 'material';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || content) throw badRequest('crowd.noFile');
          content = await part.toBuffer();
          fileName = part.filename.slice(0, 120) || fileName;
          if (part.file.truncated) throw refused('errors.fileTooLarge');
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refused('errors.fileTooLarge');
        throw error;
      }
      if (!content) throw badRequest('crowd.noFile');
      const { repo, row } = await requirePromotion(actor, fields.promotionId ?? '');
      const existing = (await repo.materials()).filter((material) => material.promotion_id === row.id);
      if (existing.length >= CROWD_LIMITS.materialsMax) throw refused('crowd.materialsMax', { n: CROWD_LIMITS.materialsMax });
      const prepared = await prepareMaterial(content);
      if (!prepared) throw refused('crowd.materialInvalid');
      const id = newId();
      const location = materialKey(actor.customerId, row.id, id);
      await storage.putBuffer(location, prepared.jpeg);
      await repo.insertMaterial({
        id,
        promotion_id: row.id,
        file_name: fileName,
        location,
        width: prepared.width,
        height: prepared.height,
        bytes: prepared.jpeg.length,
        created_at: nowIso(),
      });
      return rowOf(actor, row.id);
    },

    async material(actor: CustomerActor, promotionId: string, materialId: string): Promise<DownloadStream> {
      const { repo, row } = await requirePromotion(actor, promotionId);
      const material = await repo.material(row.id, materialId);
      if (!material) throw notFound();
      const size = await storage.size(material.location);
      if (size === null) throw notFound();
      return {
        fileName: `${material.id}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        cacheControl: 'private, max-age=86400',
        open: (range) => storage.read(material.location, range),
      };
    },

    async deleteMaterial(actor: CustomerActor, promotionId: string, materialId: string): Promise<PromotionRow> {
      const { repo, row } = await requirePromotion(actor, promotionId);
      const material = await repo.material(row.id, materialId);
      if (!material) throw notFound();
      await repo.deleteMaterial(material.id);
      await storage.delete([material.location]);
      return rowOf(actor, row.id);
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
