import '@fastify/multipart';
import {
  AUDIENCE_TYPES,
  type AudienceAddRequest,
  type AudienceConditions,
  type AudienceDetail,
  type AudienceRow,
  type AudienceStrategy,
  type AudienceType,
  type AudienceUpdateRequest,
  type ChannelRow,
  CROWD_LIMITS,
  channelFieldsSchema,
  type channelUpdateRequestSchema,
  isRawMac,
  type Locale,
  translateMessage,
  WIFI_ID_PATTERN,
} from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { accessOf, type DataScope } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { addDays, daysBetween, todayIn } from '../../platform/time/local-time.ts';
import { type AudienceJobPayload, CROWD_EVALUATE_JOB, CROWD_GENERATE_JOB, crowdConcurrencyKey } from './crowd.jobs.ts';
import { type AudienceRecord, crowdRepo, nameKey } from './crowd.repo.ts';
import { conditionsOf } from './generation.ts';

type AudienceListRow = Awaited<ReturnType<ReturnType<typeof crowdRepo>['audiences']>>[number];
type ChannelUpdate = z.infer<typeof channelUpdateRequestSchema>;

export const personName = (row: { surname: string | null; given_name: string | null; login_name: string | null }) =>
  row.surname || row.given_name ? `${row.surname ?? ''}${row.given_name ? ` ${row.given_name}` : ''}`.trim() : (row.login_name ?? '');

/** Where a combined audience's or an evaluation's stored JSON is read. */
interface StoredEvaluation {
  estimatedSize: number | null;
  overlaps: { audienceId: string; shared: number }[];
  assessedAt: string;
}

/**
 * Audiences and channels (issue 17 section 1). An audience is visible to a caller who sees every
 * one of its stores (a combined audience's stores are its sources'); anything else answers not
 * found, like another customer's. Generation and evaluation are jobs (crowd.jobs.ts).
 */
export function createCrowdService(deps: { db: DB; queue: Pick<JobQueue, 'enqueue'> }) {
  const { db, queue } = deps;
  const repoOf = (customerId: string) => crowdRepo(tenantScope(db, customerId));

  async function context(actor: CustomerActor) {
    const repo = repoOf(actor.customerId);
    const [scope, audiences, shops, sources, names] = await Promise.all([
      accessOf(db, actor).scope(),
      repo.audiences(),
      repo.audienceShops(),
      repo.sources(),
      repo.shopZones(),
    ]);
    const shopsOf = new Map<string, string[]>();
    for (const row of shops) shopsOf.set(row.audience_id, [...(shopsOf.get(row.audience_id) ?? []), row.shop_id]);
    const sourcesOf = new Map<string, string[]>();
    for (const row of sources) sourcesOf.set(row.audience_id, [...(sourcesOf.get(row.audience_id) ?? []), row.source_id]);
    const shopName = new Map(names.map((shop) => [shop.id, shop.name]));
    const visible = (audience: { id: string }) => {
      const own = shopsOf.get(audience.id) ?? [];
      return own.length > 0 ? own.every((shopId) => scope.canSeeShop(shopId)) : !scope.limited;
    };
    return { repo, scope, audiences, shopsOf, sourcesOf, shopName, visible };
  }
  type Context = Awaited<ReturnType<typeof context>>;

  function present(ctx: Context, row: AudienceListRow, locale: Locale): AudienceRow {
    const byId = new Map(ctx.audiences.map((audience) => [audience.id, audience]));
    const evaluation = row.evaluation ? (JSON.parse(row.evaluation) as StoredEvaluation) : null;
    return {
      audienceId: row.id,
      name: row.name,
      type: row.type,
      strategy: row.strategy,
      status: row.status,
      progress: row.progress,
      failure: row.failure ? translateMessage(locale, row.failure) : null,
      size: row.size,
      macQuantity: row.mac_quantity,
      randomizedCount: row.randomized_count,
      shops: (ctx.shopsOf.get(row.id) ?? []).map((shopId) => ({ shopId, name: ctx.shopName.get(shopId) ?? '' })),
      startDate: row.start_date,
      endDate: row.end_date,
      conditions: conditionsOf(row),
      sources: (ctx.sourcesOf.get(row.id) ?? []).flatMap((id) => {
        const source = byId.get(id);
        return source && ctx.visible(source) ? [{ audienceId: id, name: source.name }] : [];
      }),
      evaluation: {
        status: row.evaluation_status,
        estimatedSize: evaluation?.estimatedSize ?? null,
        // Only audiences the caller may see are named.
        overlaps: (evaluation?.overlaps ?? []).flatMap((overlap) => {
          const other = byId.get(overlap.audienceId);
          return other && ctx.visible(other) ? [{ audienceId: other.id, name: other.name, size: other.size, shared: overlap.shared }] : [];
        }),
        assessedAt: evaluation?.assessedAt ?? null,
      },
      editable: row.strategy !== 'intelligent',
      creatorName: personName(row),
      createdAt: row.created_at,
      generatedAt: row.generated_at,
    };
  }

  async function requireAudience(actor: CustomerActor, audienceId: string) {
    const ctx = await context(actor);
    const row = ctx.audiences.find((audience) => audience.id === audienceId);
    if (!row || !ctx.visible(row)) throw notFound();
    return { ctx, row };
  }

  /** The stores, dates and sources an audience's conditions stand for, checked against the caller's access. */
  async function resolveConditions(actor: CustomerActor, ctx: Context, strategy: AudienceStrategy, conditions: AudienceConditions, audienceId?: string) {
    let shopIds: string[] = [];
    let startDate: string | null = null;
    let endDate: string | null = null;
    let sourceIds: string[] = [];
    if (strategy === 'combined') {
      if (!conditions.operation || conditions.sourceIds.length < 2) throw badRequest('crowd.sourcesRequired');
      sourceIds = [...new Set(conditions.sourceIds)];
      if (sourceIds.length < 2) throw badRequest('crowd.sourcesRequired');
      for (const sourceId of sourceIds) {
        const source = ctx.audiences.find((audience) => audience.id === sourceId);
        if (!source || !ctx.visible(source) || sourceId === audienceId) throw notFound();
      }
      shopIds = [...new Set(sourceIds.flatMap((id) => ctx.shopsOf.get(id) ?? []))];
      return { shopIds, startDate, endDate, sourceIds, conditions: { ...conditions, sourceIds, shopIds: [] } };
    }
    if (conditions.shopIds.length === 0) throw badRequest('crowd.storesRequired');
    shopIds = await accessOf(db, actor).shopIds(conditions.shopIds);
    if (strategy === 'custom') {
      if (!conditions.startDate || !conditions.endDate) throw badRequest('crowd.rangeRequired');
      if (conditions.startDate > conditions.endDate) throw badRequest('traffic.rangeOrder');
      if (daysBetween(conditions.startDate, conditions.endDate) + 1 > CROWD_LIMITS.maxRangeDays)
        throw badRequest('crowd.rangeTooLong', { days: CROWD_LIMITS.maxRangeDays });
      if (conditions.maxVisits !== undefined && conditions.maxVisits < conditions.minVisits) throw badRequest('crowd.visitsOrder');
      if (conditions.minDwellMinutes !== undefined && conditions.maxDwellMinutes !== undefined && conditions.maxDwellMinutes <= conditions.minDwellMinutes)
        throw badRequest('crowd.dwellOrder');
      if (conditions.fromHour !== undefined && conditions.toHour !== undefined && conditions.toHour <= conditions.fromHour)
        throw badRequest('crowd.hoursOrder');
      startDate = conditions.startDate;
      endDate = conditions.endDate;
    } else if (strategy === 'intelligent') {
      // The system's own choice: the last intelligentDays complete days of the first store's clock.
      const zone = (await ctx.repo.shopZones()).find((shop) => shop.id === shopIds[0])?.time_zone ?? 'UTC';
      endDate = addDays(todayIn(zone, now()), -1);
      startDate = addDays(endDate, -(CROWD_LIMITS.intelligentDays - 1));
    }
    const kept: AudienceConditions =
      strategy === 'custom'
        ? { ...conditions, shopIds, sourceIds: [], operation: undefined }
        : { shopIds, minVisits: 1, sourceIds: [], ...(startDate && endDate ? { startDate, endDate } : {}) };
    return { shopIds, startDate, endDate, sourceIds, conditions: kept };
  }

  async function enqueue(name: string, customerId: string, payload: AudienceJobPayload): Promise<void> {
    await queue.enqueue(name, payload, {
      customerId,
      concurrencyKey: crowdConcurrencyKey(customerId),
      uniqueKey: `${name}:${payload.audienceId}:${payload.version}:${name === CROWD_EVALUATE_JOB ? newId() : ''}`,
    });
  }

  async function uniquely<T>(write: () => Promise<T>, key: 'errors.crowdNameExists' | 'errors.nameOverlap'): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw refused(key);
      throw error;
    }
  }

  async function createAudience(
    actor: CustomerActor,
    input: { name: string; type: AudienceType; strategy: AudienceStrategy; conditions: AudienceConditions },
    uploaded: readonly string[] = [],
  ): Promise<{ audienceId: string }> {
    const ctx = await context(actor);
    const key = nameKey(input.name);
    if (await ctx.repo.audienceByName(key)) throw refused('errors.crowdNameExists');
    const resolved = await resolveConditions(actor, ctx, input.strategy, input.conditions);
    const id = newId();
    const at = nowIso();
    const record: AudienceRecord = {
      id,
      name: input.name,
      name_key: key,
      type: input.type,
      strategy: input.strategy,
      conditions: JSON.stringify(resolved.conditions),
      start_date: resolved.startDate,
      end_date: resolved.endDate,
      status: 'generating',
      progress: 0,
      failure: null,
      size: 0,
      mac_quantity: 0,
      randomized_count: 0,
      version: 1,
      evaluation_status: 'notAssessed',
      evaluation: null,
      created_by: actor.userId,
      created_at: at,
      updated_at: at,
      generated_at: null,
    };
    await uniquely(
      () =>
        db.transaction().execute(async (trx) => {
          const repo = crowdRepo(tenantScope(trx, actor.customerId));
          await repo.insertAudience(record);
          await repo.setAudienceShops(id, resolved.shopIds);
          await repo.setSources(id, resolved.sourceIds);
          if (uploaded.length > 0) await repo.insertUploadedIds(id, uploaded);
        }),
      'errors.crowdNameExists',
    );
    await enqueue(CROWD_GENERATE_JOB, actor.customerId, { audienceId: id, version: 1 });
    return { audienceId: id };
  }

  /** Sets an audience generating again under a new version, and queues the job. */
  async function regenerate(actor: CustomerActor, row: AudienceRecord, patch: Partial<AudienceRecord> = {}): Promise<void> {
    const version = row.version + 1;
    await repoOf(actor.customerId).updateAudience(row.id, { ...patch, status: 'generating', progress: 0, failure: null, version, updated_at: nowIso() });
    await enqueue(CROWD_GENERATE_JOB, actor.customerId, { audienceId: row.id, version });
  }

  async function detailOf(actor: CustomerActor, audienceId: string, locale: Locale): Promise<AudienceRow> {
    const { ctx, row } = await requireAudience(actor, audienceId);
    return present(ctx, row, locale);
  }

  return {
    async list(
      actor: CustomerActor,
      input: { page: number; pageSize: number; keyword?: string | undefined; status?: string | undefined; strategy?: string | undefined },
      locale: Locale,
    ) {
      const ctx = await context(actor);
      const keyword = input.keyword?.trim().toLocaleLowerCase('en-US') ?? '';
      const rows = ctx.audiences.filter(
        (row) =>
          ctx.visible(row) &&
          (keyword === '' || row.name.toLocaleLowerCase('en-US').includes(keyword)) &&
          (!input.status || row.status === input.status) &&
          (!input.strategy || row.strategy === input.strategy),
      );
      const start = (input.page - 1) * input.pageSize;
      return {
        total: rows.length,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.slice(start, start + input.pageSize).map((row) => present(ctx, row, locale)),
      };
    },

    async detail(actor: CustomerActor, audienceId: string, locale: Locale): Promise<AudienceDetail> {
      const { ctx, row } = await requireAudience(actor, audienceId);
      const exports = await ctx.repo.exportsOf(row.id);
      return {
        ...present(ctx, row, locale),
        exports: exports.map((entry) => ({ channelName: entry.channel_name, rows: entry.rows, exportedBy: personName(entry), exportedAt: entry.exported_at })),
      };
    },

    add: (actor: CustomerActor, input: AudienceAddRequest) => createAudience(actor, input),

    async update(actor: CustomerActor, input: AudienceUpdateRequest, locale: Locale): Promise<AudienceRow> {
      const { ctx, row } = await requireAudience(actor, input.audienceId);
      // Spec section 4: the system chose an intelligent audience's people; nobody edits that choice.
      if (row.strategy === 'intelligent') throw refused('crowd.intelligentLocked');
      const key = nameKey(input.name);
      const taken = await ctx.repo.audienceByName(key);
      if (taken && taken.id !== row.id) throw refused('errors.crowdNameExists');
      const resolved =
        row.strategy === 'uploaded'
          ? await resolveConditions(actor, ctx, 'uploaded', { ...conditionsOf(row), shopIds: input.conditions.shopIds })
          : await resolveConditions(actor, ctx, row.strategy, input.conditions, row.id);
      await uniquely(
        () =>
          db.transaction().execute(async (trx) => {
            const repo = crowdRepo(tenantScope(trx, actor.customerId));
            await repo.updateAudience(row.id, {
              name: input.name,
              name_key: key,
              type: input.type,
              conditions: JSON.stringify(resolved.conditions),
              start_date: resolved.startDate,
              end_date: resolved.endDate,
              evaluation_status: 'notAssessed',
              evaluation: null,
            });
            await repo.setAudienceShops(row.id, resolved.shopIds);
            await repo.setSources(row.id, resolved.sourceIds);
          }),
        'errors.crowdNameExists',
      );
      await regenerate(actor, { ...row, version: row.version });
      return detailOf(actor, row.id, locale);
    },

    async remove(actor: CustomerActor, audienceId: string): Promise<{ audienceId: string }> {
      const { ctx, row } = await requireAudience(actor, audienceId);
      const users = await ctx.repo.usersOf(row.id);
      const promotions = await ctx.repo.promotionsOf(row.id);
      const user = users[0] ?? promotions[0];
      if (user) throw refused('crowd.inUse', { name: user.name });
      await db.transaction().execute(async (trx) => crowdRepo(tenantScope(trx, actor.customerId)).deleteAudience(row.id));
      return { audienceId: row.id };
    },

    async generate(actor: CustomerActor, audienceId: string, locale: Locale): Promise<AudienceRow> {
      const { row } = await requireAudience(actor, audienceId);
      await regenerate(actor, row);
      return detailOf(actor, row.id, locale);
    },

    async evaluate(actor: CustomerActor, audienceId: string, locale: Locale): Promise<AudienceRow> {
      const { row } = await requireAudience(actor, audienceId);
      await repoOf(actor.customerId).updateAudience(row.id, { evaluation_status: 'assessing' });
      await enqueue(CROWD_EVALUATE_JOB, actor.customerId, { audienceId: row.id, version: row.version });
      return detailOf(actor, row.id, locale);
    },

    /** The identifiers of a generated audience for a channel, one a line; the export is logged. */
    async exportFile(actor: CustomerActor, input: { audienceId: string; channelId: string }, locale: Locale): Promise<DownloadFile> {
      const { ctx, row } = await requireAudience(actor, input.audienceId);
      const channel = await ctx.repo.channel(input.channelId);
      if (!channel) throw notFound();
      if (row.status === 'generating') throw refused('crowd.busy');
      if (row.status !== 'generated') throw refused('crowd.notGenerated');
      const members = await ctx.repo.members(row.id);
      const lines = channel.format === 'csv' ? [translateMessage(locale, 'crowd.exportHeader'), ...members] : members;
      await ctx.repo.insertExport({
        id: newId(),
        audience_id: row.id,
        channel_id: channel.id,
        channel_name: channel.name,
        rows: members.length,
        exported_by: actor.userId,
        exported_at: nowIso(),
      });
      const safeName = `${row.name}-${channel.name}`.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80);
      return {
        fileName: `${safeName}.${channel.format}`,
        contentType: channel.format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
        content: Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
      };
    },

    /**
     * customerKvSetting/submitMac: an uploaded audience from a text file of pseudonymised
     * identifiers, one a line (a header 'wifi_id' and blank lines are skipped). Every line is checked;
     * any bad line refuses the whole file with the lines named (a raw MAC address has its own message).
     */
    async submitMac(actor: CustomerActor, request: FastifyRequest, locale: Locale) {
      const { fields, content } = await receiveUpload(request);
      const name = channelFieldsSchema.shape.name.safeParse(fields.name ?? '');
      if (!name.success) throw badRequest('validation.required');
      const type = (AUDIENCE_TYPES as readonly string[]).includes(fields.type ?? '') ? (fields.type as AudienceType) : 'inStore';
      const shopIds = (fields.shopIds ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      const { identifiers, duplicates } = parseIdentifiers(content, locale);
      const created = await createAudience(
        actor,
        { name: name.data, type, strategy: 'uploaded', conditions: { shopIds, minVisits: 1, sourceIds: [] } },
        identifiers,
      );
      return { audienceId: created.audienceId, identifiers: identifiers.length, duplicates };
    },

    // ------------------------------------------------------------ channels

    async channels(actor: CustomerActor): Promise<ChannelRow[]> {
      const repo = repoOf(actor.customerId);
      const [rows, counts] = await Promise.all([repo.channels(), repo.exportCounts()]);
      const exports = new Map(counts.map((row) => [row.channel_id, Number(row.n)]));
      return rows.map((row) => ({
        channelId: row.id,
        name: row.name,
        format: row.format,
        description: row.description,
        exports: exports.get(row.id) ?? 0,
        createdAt: row.created_at,
      }));
    },
    async addChannel(actor: CustomerActor, input: z.infer<typeof channelFieldsSchema>) {
      const repo = repoOf(actor.customerId);
      const key = nameKey(input.name);
      if (await repo.channelByName(key)) throw refused('errors.nameOverlap');
      const id = newId();
      const at = nowIso();
      await uniquely(
        () =>
          repo.insertChannel({
            id,
            name: input.name,
            name_key: key,
            format: input.format,
            description: input.description,
            created_by: actor.userId,
            created_at: at,
            updated_at: at,
          }),
        'errors.nameOverlap',
      );
      return { channelId: id };
    },
    async updateChannel(actor: CustomerActor, input: ChannelUpdate) {
      const repo = repoOf(actor.customerId);
      if (!(await repo.channel(input.channelId))) throw notFound();
      const key = nameKey(input.name);
      const taken = await repo.channelByName(key);
      if (taken && taken.id !== input.channelId) throw refused('errors.nameOverlap');
      await uniquely(
        () =>
          repo.updateChannel(input.channelId, { name: input.name, name_key: key, format: input.format, description: input.description, updated_at: nowIso() }),
        'errors.nameOverlap',
      );
      return { channelId: input.channelId };
    },
    async deleteChannel(actor: CustomerActor, channelId: string) {
      const repo = repoOf(actor.customerId);
      if (!(await repo.channel(channelId))) throw notFound();
      await repo.deleteChannel(channelId);
      return { channelId };
    },

    /** For promotions: an audience the caller sees, with its stores and members. */
    async audienceFor(actor: CustomerActor, audienceId: string) {
      const { ctx, row } = await requireAudience(actor, audienceId);
      return { row, shopIds: ctx.shopsOf.get(row.id) ?? [], zoneOf: new Map((await ctx.repo.shopZones()).map((shop) => [shop.id, shop.time_zone])) };
    },
    /** The audiences a caller sees, by id (promotions are visible with their audience). */
    async visibleAudiences(actor: CustomerActor): Promise<Map<string, AudienceListRow>> {
      const ctx = await context(actor);
      return new Map(ctx.audiences.filter((row) => ctx.visible(row)).map((row) => [row.id, row]));
    },
    scopeOf: (actor: CustomerActor): Promise<DataScope> => accessOf(db, actor).scope(),
  };
}
export type CrowdService = ReturnType<typeof createCrowdService>;

/** The multipart parts of submitMac: the fields and the one file. */
async function receiveUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest('crowd.noFile');
  const fields: Record<string, string> = {};
  let content: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || content) throw badRequest('crowd.noFile');
      content = await part.toBuffer();
      if (part.file.truncated) throw refused('errors.fileTooLarge');
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refused('errors.fileTooLarge');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('crowd.noFile');
    throw error;
  }
  if (!content) throw badRequest('crowd.noFile');
  return { fields, content };
}

/** The identifiers of an uploaded file, checked line by line; any bad line refuses the file with every bad line counted. */
export function parseIdentifiers(content: Buffer, locale: Locale): { identifiers: string[]; duplicates: number } {
  const lines = content
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const identifiers = new Set<string>();
  const errors: { row: number; message: string }[] = [];
  let errorCount = 0;
  let duplicates = 0;
  lines.forEach((line, index) => {
    const value = line.trim().replace(/^"|"$/g, '').toLowerCase();
    if (value === '' || (index === 0 && value === 'wifi_id')) return;
    let problem: 'crowd.rowRawMac' | 'crowd.rowFormat' | null = null;
    if (isRawMac(value)) problem = 'crowd.rowRawMac';
    else if (!WIFI_ID_PATTERN.test(value)) problem = 'crowd.rowFormat';
    if (problem) {
      errorCount += 1;
      if (errors.length < CROWD_LIMITS.uploadErrorsShown) errors.push({ row: index + 1, message: translateMessage(locale, problem) });
      return;
    }
    if (identifiers.has(value)) duplicates += 1;
    else identifiers.add(value);
  });
  if (errorCount > 0) throw refused('crowd.uploadRows', { count: errorCount }, { errorCount, errors });
  if (identifiers.size === 0) throw badRequest('crowd.uploadEmpty');
  if (identifiers.size > CROWD_LIMITS.uploadMaxRows) throw badRequest('crowd.uploadTooManyRows', { n: CROWD_LIMITS.uploadMaxRows });
  return { identifiers: [...identifiers].sort(), duplicates };
}
