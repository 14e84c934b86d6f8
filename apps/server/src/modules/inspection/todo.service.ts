import {
  INSPECTION_LIMITS,
  INSPECTION_RESULT_LIMITS,
  inspectionClientKeySchema,
  type OperationInput,
  type Page,
  type ResultMedia,
  type TodoDetail,
  type TodoDoneRow,
  type TodoRow,
  type todoOperations,
} from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadStream } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import type { EvidencePicture, EvidenceScreenshot, InspectionFailure, RectificationService } from '../rectification/rectification.service.ts';
import { jpegSize } from '../rectification/rectification-image.ts';
import type { VideoService } from '../video/video.service.ts';
import { analysisRepo } from './analysis.repo.ts';
import { ItemImageRefused, prepareItemImage } from './item-image.ts';
import { personName } from './plan-input.ts';
import { planTotalsRepo } from './plan-totals.repo.ts';
import { type ResultMediaStored, type TodoAssignment, todoRepo } from './todo.repo.ts';

type TodoListInput = OperationInput<typeof todoOperations.todoList> & { page: number; pageSize: number };
type ScreenshotInput = OperationInput<typeof todoOperations.todoScreenshot>;
type SubmitInput = OperationInput<typeof todoOperations.todoSubmit>;
type SubmitResult = { assignmentId: string; passed: number; failed: number; invalid: number; rectificationIds: string[] };

const IMAGE_MB = INSPECTION_LIMITS.imageMaxBytes / 1024 / 1024;

/** Keys are made here only, from ids the server generated (platform/storage assertKey). */
export const resultMediaKey = (customerId: string, assignmentId: string, mediaId: string) => `inspection/results/${customerId}/${assignmentId}/${mediaId}.jpg`;

/** The key a failed item raises its rectification under: one per assignment item, however often it is raised. */
export const assignmentItemKey = (assignmentId: string, itemId: string) => `${assignmentId}:${itemId}`;

const presentMedia = (row: ResultMediaStored): ResultMedia => ({
  mediaId: row.id,
  itemId: row.item_id,
  kind: row.kind,
  width: row.width,
  height: row.height,
  sha256: row.sha256,
  cameraId: row.camera_id,
  capturedAt: row.captured_at,
});

/**
 * Doing an inspection (issue 14 section 3): the handler's to-do of open assignments, the checklist
 * of one with the store's cameras, screenshots taken on the server from the store's recording (the
 * video module's frames, kept with camera, instant and SHA-256), images checked and resized like
 * the SOP's reference images, and one submission per assignment. A submission is final: the
 * assignment completes by a conditional update (of two racing, one wins) and each failed item
 * raises its rectification in the same transaction, so results and rectifications commit together.
 * A caller opens an assignment only as a handler of its plan in a store of their data scope.
 */
export function createTodoService(deps: {
  db: DB;
  storage: ObjectStorage;
  frames: Pick<VideoService, 'screenshot'>;
  rectification: Pick<RectificationService, 'raiseFromInspection'>;
}) {
  const { db, storage } = deps;
  const repoOf = (customerId: string, on: DB = db) => todoRepo(tenantScope(on, customerId));

  /** The assignment if the caller may open it: in a store of their scope, and a handler of its plan (or the one who submitted it). */
  async function openable(actor: CustomerActor, assignmentId: string): Promise<TodoAssignment> {
    const repo = repoOf(actor.customerId);
    const assignment = await repo.assignment(assignmentId);
    if (!assignment || !(await accessOf(db, actor).scope()).canSeeShop(assignment.shop_id)) throw notFound();
    if (assignment.completed_by !== actor.userId && !(await repo.isHandler(assignment.plan_id, actor.userId))) throw notFound();
    return assignment;
  }

  /** Results may still be recorded: pending, of an active plan, and the caller a handler. */
  async function writable(actor: CustomerActor, assignmentId: string): Promise<TodoAssignment> {
    const assignment = await openable(actor, assignmentId);
    if (assignment.status === 'completed') throw refused('inspection.alreadySubmitted');
    if (assignment.status !== 'pending' || assignment.plan_lifecycle !== 'active') throw refused('inspection.assignmentClosed');
    return assignment;
  }

  async function requireItem(customerId: string, assignmentId: string, itemId: string): Promise<void> {
    const items = await repoOf(customerId).items(assignmentId);
    if (!items.some((item) => item.item_id === itemId)) throw notFound();
  }

  async function keep(
    actor: CustomerActor,
    assignment: TodoAssignment,
    row: Omit<ResultMediaStored, 'storage_key' | 'created_by' | 'created_at'>,
    jpeg: Buffer,
  ) {
    const key = resultMediaKey(actor.customerId, assignment.id, row.id);
    await storage.putBuffer(key, jpeg);
    const stored: ResultMediaStored = { ...row, storage_key: key, created_by: actor.userId, created_at: nowIso() };
    try {
      await repoOf(actor.customerId).insertMedia(stored);
    } catch (error) {
      // Nothing half-written (DESIGN R1): the object without its row goes.
      await storage.delete([key]);
      throw error;
    }
    return presentMedia(stored);
  }

  /** The one file part and the fields of a multipart upload, the file at most imageMaxBytes. */
  async function receiveImage(request: FastifyRequest): Promise<{ fields: Record<string, string>; content: Buffer }> {
    if (!request.isMultipart()) throw badRequest('inspection.noImageFile');
    const fields: Record<string, string> = {};
    let content: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || content) throw badRequest('inspection.noImageFile');
        content = await part.toBuffer();
        if (part.file.truncated) throw refused('inspection.imageTooLarge', { mb: IMAGE_MB });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw refused('inspection.imageTooLarge', { mb: IMAGE_MB });
      if (code === 'FST_FILES_LIMIT') throw badRequest('inspection.noImageFile');
      throw error;
    }
    if (!content || content.length === 0) throw badRequest('inspection.noImageFile');
    return { fields, content };
  }

  /** The picture a resend of the offline queue already delivered, whatever the assignment's state now. */
  async function delivered(actor: CustomerActor, assignmentId: string, itemId: string, clientKey: string | undefined): Promise<ResultMedia | null> {
    if (!clientKey) return null;
    const assignment = await openable(actor, assignmentId);
    const found = await repoOf(actor.customerId).mediaByClientKey(assignment.id, clientKey);
    if (!found) return null;
    // The same key for another item is a client's bug, not a resend: refuse rather than answer a wrong picture.
    if (found.item_id !== itemId) throw badRequest('inspection.clientKeyReused');
    return presentMedia(found);
  }

  async function addImage(actor: CustomerActor, assignmentId: string, itemId: string, content: Buffer, clientKey?: string): Promise<ResultMedia> {
    const resent = await delivered(actor, assignmentId, itemId, clientKey);
    if (resent) return resent;
    const assignment = await writable(actor, assignmentId);
    await requireItem(actor.customerId, assignment.id, itemId);
    if ((await repoOf(actor.customerId).imageCount(assignment.id, itemId)) >= INSPECTION_RESULT_LIMITS.imagesPerItem)
      throw refused('inspection.tooManyImages', { max: INSPECTION_RESULT_LIMITS.imagesPerItem });
    let prepared: Awaited<ReturnType<typeof prepareItemImage>>;
    try {
      prepared = await prepareItemImage(content);
    } catch (error) {
      if (error instanceof ItemImageRefused) throw refused('inspection.resultImageInvalid');
      throw error;
    }
    try {
      return await keep(
        actor,
        assignment,
        {
          id: newId(),
          assignment_id: assignment.id,
          item_id: itemId,
          kind: 'image',
          sha256: prepared.sha256,
          width: prepared.width,
          height: prepared.height,
          camera_id: null,
          captured_at: null,
          client_key: clientKey ?? null,
        },
        prepared.jpeg,
      );
    } catch (error) {
      // Two resends racing: the unique key let one row in; the loser answers that one.
      const winner = await delivered(actor, assignmentId, itemId, clientKey);
      if (winner) return winner;
      throw error;
    }
  }

  /** The result of the submission made under this key (a resend), or null when none was. */
  async function firstResult(actor: CustomerActor, assignmentId: string, key: string): Promise<SubmitResult | null> {
    const assignment = await openable(actor, assignmentId);
    if (assignment.status !== 'completed' || assignment.submission_key !== key) return null;
    const items = await repoOf(actor.customerId).items(assignment.id);
    return {
      assignmentId: assignment.id,
      passed: assignment.passed,
      failed: assignment.failed,
      invalid: assignment.invalid,
      // In item order, as the first answer listed them.
      rectificationIds: items.flatMap((item) => (item.rectification_id ? [item.rectification_id] : [])),
    };
  }

  /** The to-do and done lists' query: the caller's work in the stores they see (a named store outside them is not found), one page. */
  async function listQuery(actor: CustomerActor, input: TodoListInput) {
    const scope = await accessOf(db, actor).scope();
    if (input.shopId && !scope.canSeeShop(input.shopId)) throw notFound();
    return [
      { userId: actor.userId, shopIds: scope.limited ? scope.visibleShopIds : null, keyword: input.keyword, shopId: input.shopId },
      { offset: (input.page - 1) * input.pageSize, limit: input.pageSize },
    ] as const;
  }

  return {
    async todoList(actor: CustomerActor, input: TodoListInput): Promise<Page<TodoRow>> {
      const repo = repoOf(actor.customerId);
      const { total, rows } = await repo.todoPage(...(await listQuery(actor, input)));
      const started = await repo.started(rows.map((row) => row.id));
      const at = now().toISOString();
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.map((row) => ({
          assignmentId: row.id,
          planId: row.plan_id,
          planName: row.plan_name,
          shopId: row.shop_id,
          shopName: row.shop_name,
          batchId: row.batch_date,
          timeZone: row.time_zone,
          windowStart: row.window_start,
          windowEnd: row.window_end,
          state: started.has(row.id) ? 'inProgress' : 'pending',
          overdue: row.window_end < at,
          itemCount: row.item_count,
        })),
      };
    },

    async doneList(actor: CustomerActor, input: TodoListInput): Promise<Page<TodoDoneRow>> {
      const repo = repoOf(actor.customerId);
      const { total, rows } = await repo.donePage(...(await listQuery(actor, input)));
      const submitters = [...new Set(rows.flatMap((row) => (row.completed_by ? [row.completed_by] : [])))];
      const names = new Map((await repo.userNames(submitters)).map((user) => [user.id, personName(user)]));
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.map((row) => ({
          assignmentId: row.id,
          planId: row.plan_id,
          planName: row.plan_name,
          shopId: row.shop_id,
          shopName: row.shop_name,
          batchId: row.batch_date,
          timeZone: row.time_zone,
          method: row.method,
          passed: row.passed,
          failed: row.failed,
          invalid: row.invalid,
          completedBy: names.get(row.completed_by ?? '') ?? '',
          completedAt: row.completed_at ?? '',
        })),
      };
    },

    async detail(actor: CustomerActor, assignmentId: string): Promise<TodoDetail> {
      const assignment = await openable(actor, assignmentId);
      const repo = repoOf(actor.customerId);
      const [items, media, cameras, completer] = await Promise.all([
        repo.items(assignment.id),
        repo.media(assignment.id),
        repo.cameras(assignment.shop_id),
        assignment.completed_by ? repo.userName(assignment.completed_by) : Promise.resolve(undefined),
      ]);
      return {
        assignmentId: assignment.id,
        planId: assignment.plan_id,
        planName: assignment.plan_name,
        shopId: assignment.shop_id,
        shopName: assignment.shop_name,
        batchId: assignment.batch_date,
        timeZone: assignment.time_zone,
        windowStart: assignment.window_start,
        windowEnd: assignment.window_end,
        status: assignment.status,
        method: assignment.method,
        overdue: assignment.status === 'pending' && assignment.window_end < now().toISOString(),
        completedBy: assignment.completed_by ? { userId: assignment.completed_by, name: completer ? personName(completer) : '' } : null,
        completedAt: assignment.completed_at,
        cameras: cameras.map((camera) => ({ cameraId: camera.id, name: camera.name })),
        items: items.map((item) => ({
          itemId: item.item_id,
          name: item.item_name,
          categoryName: item.category_name,
          description: item.description ?? '',
          hasReferenceImage: Boolean(item.image_key),
          result: item.result,
          remark: item.remark,
          rectificationId: item.rectification_id,
          media: media.filter((row) => row.item_id === item.item_id).map(presentMedia),
        })),
      };
    },

    /** A frame of one of the store's cameras, taken on the server by the video module (access checked and the watch logged there). */
    async screenshot(actor: CustomerActor, input: ScreenshotInput): Promise<ResultMedia> {
      const assignment = await writable(actor, input.assignmentId);
      await requireItem(actor.customerId, assignment.id, input.itemId);
      const cameras = await repoOf(actor.customerId).cameras(assignment.shop_id);
      if (!cameras.some((camera) => camera.id === input.cameraId)) throw notFound();
      const shot = await deps.frames.screenshot(actor, { cameraId: input.cameraId, at: input.at });
      const size = await jpegSize(shot.jpeg);
      return keep(
        actor,
        assignment,
        {
          id: newId(),
          assignment_id: assignment.id,
          item_id: input.itemId,
          kind: 'screenshot',
          sha256: shot.sha256,
          width: size.width,
          height: size.height,
          camera_id: input.cameraId,
          captured_at: shot.at,
          client_key: null,
        },
        shot.jpeg,
      );
    },

    async uploadImage(actor: CustomerActor, request: FastifyRequest): Promise<ResultMedia> {
      const { fields, content } = await receiveImage(request);
      let clientKey: string | undefined;
      if (fields.clientKey !== undefined) {
        const parsed = inspectionClientKeySchema.safeParse(fields.clientKey);
        if (!parsed.success) throw badRequest('inspection.clientKeyInvalid');
        clientKey = parsed.data;
      }
      return addImage(actor, String(fields.assignmentId ?? ''), String(fields.itemId ?? ''), content, clientKey);
    },

    /** The upload's path for a picture already in hand (the demo seed, the on-site page's tests). */
    addImage,

    async deleteMedia(actor: CustomerActor, mediaId: string): Promise<null> {
      const media = await repoOf(actor.customerId).mediaById(mediaId);
      if (!media) throw notFound();
      await writable(actor, media.assignment_id);
      await repoOf(actor.customerId).deleteMedia(media.id);
      await storage.delete([media.storage_key]);
      return null;
    },

    async referenceImage(actor: CustomerActor, assignmentId: string, itemId: string): Promise<DownloadStream> {
      const assignment = await openable(actor, assignmentId);
      const item = (await repoOf(actor.customerId).items(assignment.id)).find((row) => row.item_id === itemId);
      const key = item?.image_key;
      if (!key) throw notFound();
      const size = await storage.size(key);
      if (size === null) throw notFound();
      // The key carries the image's hash: a new image is a new key.
      return {
        fileName: `${itemId}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        cacheControl: 'private, max-age=3600',
        open: (range) => storage.read(key, range),
      };
    },

    async media(actor: CustomerActor, mediaId: string): Promise<DownloadStream> {
      const media = await repoOf(actor.customerId).mediaById(mediaId);
      if (!media) throw notFound();
      await openable(actor, media.assignment_id);
      const size = await storage.size(media.storage_key);
      if (size === null) throw notFound();
      const key = media.storage_key;
      return {
        fileName: `${media.id}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        // A picture never changes under its id; the session check still runs on every request.
        cacheControl: 'private, max-age=86400',
        open: (range) => storage.read(key, range),
      };
    },

    /**
     * The submission: every item once, a fail with its remark ('Please fill in the remarks.') and a
     * picture of it (remote: a screenshot, 'Please take a screenshot first.'; on site: a photo or a
     * screenshot). Final: a second submission is refused.
     */
    async submit(actor: CustomerActor, input: SubmitInput): Promise<SubmitResult> {
      const key = input.idempotencyKey ?? null;
      if (key) {
        const first = await firstResult(actor, input.assignmentId, key);
        if (first) return first;
      }
      const assignment = await writable(actor, input.assignmentId);
      const method = input.method ?? 'remote';
      const repo = repoOf(actor.customerId);
      const [items, media] = await Promise.all([repo.items(assignment.id), repo.media(assignment.id)]);
      const results = new Map(input.results.map((result) => [result.itemId, { ...result, remark: result.remark?.trim() ?? '' }]));
      if (results.size !== input.results.length || results.size !== items.length || items.some((item) => !results.has(item.item_id)))
        throw badRequest('inspection.resultsIncomplete');
      for (const item of items) {
        const result = results.get(item.item_id);
        if (result?.result !== 'fail') continue;
        if (!result.remark) throw badRequest('errors.fillRemarks', {}, { itemId: item.item_id });
        const pictures = media.filter((row) => row.item_id === item.item_id && (method === 'onsite' || row.kind === 'screenshot'));
        if (pictures.length === 0) throw badRequest('errors.takeScreenshot', {}, { itemId: item.item_id });
      }
      const count = (wanted: 'pass' | 'fail' | 'invalid') => input.results.filter((result) => result.result === wanted).length;
      const at = nowIso();
      return db
        .transaction()
        .execute(async (trx) => {
          const inTrx = repoOf(actor.customerId, trx);
          const completed = await inTrx.complete(assignment.id, {
            method,
            passed: count('pass'),
            failed: count('fail'),
            invalid: count('invalid'),
            completed_by: actor.userId,
            completed_at: at,
            submission_key: key,
          });
          if (!completed) throw refused('inspection.alreadySubmitted');
          await planTotalsRepo(tenantScope(trx, actor.customerId)).completed(assignment, {
            completed_at: at,
            passed: count('pass'),
            failed: count('fail'),
            invalid: count('invalid'),
          });
          const failures: InspectionFailure[] = [];
          for (const item of items) {
            const result = results.get(item.item_id);
            if (!result) continue;
            await inTrx.recordItem(assignment.id, item.item_id, {
              result: result.result,
              remark: result.remark || null,
              recorded_by: actor.userId,
              recorded_at: at,
            });
            if (result.result !== 'fail') continue;
            const own = media.filter((row) => row.item_id === item.item_id);
            const screenshots: EvidenceScreenshot[] = own
              .filter((row) => row.kind === 'screenshot' && row.camera_id && row.captured_at)
              .map((row) => ({
                mediaId: row.id,
                storageKey: row.storage_key,
                sha256: row.sha256,
                width: row.width,
                height: row.height,
                cameraId: row.camera_id ?? '',
                capturedAt: row.captured_at ?? '',
              }));
            const images: EvidencePicture[] = own
              .filter((row) => row.kind === 'image')
              .map((row) => ({ mediaId: row.id, storageKey: row.storage_key, sha256: row.sha256, width: row.width, height: row.height }));
            failures.push({
              customerId: actor.customerId,
              shopId: assignment.shop_id,
              planId: assignment.plan_id,
              planName: assignment.plan_name,
              planFounderUserId: assignment.plan_founder,
              assignmentId: assignment.id,
              batchDate: assignment.batch_date,
              assignmentItemId: assignmentItemKey(assignment.id, item.item_id),
              itemId: item.item_id,
              itemName: item.item_name,
              categoryName: item.category_name,
              remark: result.remark,
              inspectorUserId: actor.userId,
              failedAt: at,
              evidence: { screenshots, images },
            });
          }
          // The analysis's totals move with the results, in this transaction: they never disagree.
          await analysisRepo(tenantScope(trx, actor.customerId)).addItemTotals([
            {
              shopId: assignment.shop_id,
              batchDate: assignment.batch_date,
              results: items.flatMap((item) => {
                const result = results.get(item.item_id)?.result;
                return result ? [{ itemId: item.item_id, itemName: item.item_name, categoryName: item.category_name, result }] : [];
              }),
            },
          ]);
          const raised = await deps.rectification.raiseFromInspection(trx, failures);
          // raiseFromInspection answers in the order of the failures.
          for (const [index, one] of raised.entries()) {
            const failure = failures[index];
            if (failure) await inTrx.setRectification(assignment.id, failure.itemId, one.rectificationId);
          }
          return {
            assignmentId: assignment.id,
            passed: count('pass'),
            failed: count('fail'),
            invalid: count('invalid'),
            rectificationIds: raised.map((one) => one.rectificationId),
          };
        })
        .catch(async (error: unknown) => {
          // Two resends racing with one key: the loser answers the winner's result once it has committed.
          const first = key ? await firstResult(actor, input.assignmentId, key) : null;
          if (first) return first;
          throw error;
        });
    },
  };
}
export type TodoService = ReturnType<typeof createTodoService>;
