import {
  ACTION_ROLES,
  type HistoryRow,
  type Locale,
  OPEN_STATES,
  type Page,
  RECTIFICATION_LIMITS,
  RECTIFICATION_TRANSITIONS,
  type RectificationAction,
  type RectificationCreateRequest,
  type RectificationDetail,
  type RectificationFilter,
  type RectificationList,
  type RectificationMedia,
  type RectificationRole,
  type RectificationRow,
  type RectificationState,
  RoleId,
  rectificationActionAllowed,
  specStatusOf,
  translateMessage,
} from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import { accessOf } from '../../platform/authz/access.ts';
import { hasPermission } from '../../platform/authz/guard.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile, DownloadStream } from '../../platform/http/download.ts';
import { AppError, badRequest, noAuthority, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { createJobQueue } from '../../platform/jobs/jobs.ts';
import { assertKey, type ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { addDays, todayIn, utcOfLocal } from '../../platform/time/local-time.ts';
import { type ListQuery, type MediaStored, type RectificationStored, rectificationRepo } from './rectification.repo.ts';
import { CAPTURE_FRAMES_JOB, type CaptureFramesPayload } from './rectification-capture.ts';
import { rectificationWorkbook } from './rectification-export.ts';
import { historyEntry } from './rectification-history.ts';
import { prepareRectificationImage, RectificationImageRefused, uploadKey } from './rectification-image.ts';
import { type NoticeKind, postNotices } from './rectification-notices.ts';
import { type Member, type PeopleRules, peopleRules } from './rectification-people.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const IMAGE_MB = RECTIFICATION_LIMITS.imageMaxBytes / 1024 / 1024;
/** Spec section 9: the video default offset, 120 s before now: what a person "now" means on a camera with its recording delay. */
const DEFAULT_EVIDENCE_OFFSET_MS = 120_000;

// ---------------------------------------------------------------- what other modules hand over

/** A picture another module keeps (an inspection's result media, an alarm's attachment): referenced, never copied or deleted. */
export interface EvidencePicture {
  /** The source module's own id of the picture. */
  mediaId: string;
  /** Its object in platform/storage (the key the source module stored it under). */
  storageKey: string;
  sha256?: string;
  width?: number;
  height?: number;
}
/** A frame of a camera's recording another module took as evidence. */
export interface EvidenceScreenshot extends EvidencePicture {
  cameraId: string;
  /** The instant the frame shows (ISO). */
  capturedAt: string;
}
export interface EvidenceSnapshot {
  screenshots: readonly EvidenceScreenshot[];
  images: readonly EvidencePicture[];
}

/** One failed item of a submitted inspection, as the inspection module knows it when it submits. */
export interface InspectionFailure {
  customerId: string;
  shopId: string;
  planId: string;
  planName: string;
  planFounderUserId: string;
  assignmentId: string;
  /** The assignment's store-local date: the inspection analysis counts the rectification in it. */
  batchDate: string;
  /** The key of the failed assignment item: one rectification per key, however often it is raised. */
  assignmentItemId: string;
  itemId: string;
  itemName: string;
  categoryName: string;
  remark: string;
  inspectorUserId: string;
  /** When the result was recorded (ISO). */
  failedAt: string;
  evidence: EvidenceSnapshot;
}

/** An AI alarm turned into a rectification (issue 15), by a person (raisedBy) or by a rule (null). */
export interface AlarmRaise {
  customerId: string;
  alarmId: string;
  shopId: string;
  /** The camera that saw the event: its frame at the deadline is attached for comparison. */
  cameraId: string | null;
  eventCode: string;
  eventName: string;
  /** When the event happened (ISO). */
  occurredAt: string;
  /** What to fix; the event's name when left out. */
  description?: string;
  raisedBy: string | null;
  /** A chosen handler (must be eligible for the store); left out: the store's default handler. */
  handlerId?: string;
  /** ISO; left out: the default deadline. */
  deadline?: string;
  evidence: EvidenceSnapshot;
}

export interface RaisedRectification {
  /** The assignment item (inspection) or the alarm id (alarm). */
  sourceKey: string;
  rectificationId: string;
  /** False when the key had raised its rectification before (nothing new was written). */
  created: boolean;
}

/** Where frames of recorded video come from: the video module's server-side screenshots. */
export interface FrameSource {
  frameAt(customerId: string, cameraId: string, at: string): Promise<{ jpeg: Buffer; sha256: string }>;
}

type ListInput = RectificationFilter & { page: number; pageSize: number };

/** The default deadline: the end (23:59) of the store's local day, defaultDeadlineDays after today there. */
export function defaultDeadline(timeZone: string, at: Date): string {
  const lastDay = addDays(todayIn(timeZone, at), RECTIFICATION_LIMITS.defaultDeadlineDays);
  return new Date(utcOfLocal(timeZone, addDays(lastDay, 1), 0, 0) - MINUTE).toISOString();
}

const isOpen = (state: RectificationState) => OPEN_STATES.includes(state);

/**
 * Rectification (issue 14 section 4): items raised by inspections, alarms or people; answered by
 * their handler with feedback and images; approved or rejected by their founder or reviewer; handed
 * over with a reason. The transition table (contracts) is enforced here; every action writes the
 * history and its notices in the same transaction. A caller sees an item only in a store of their
 * data scope, and only when involved in it (handler now or before, founder, reviewer) or holding
 * 'todo all-rectification'.
 */
export function createRectificationService(deps: { db: DB; storage: ObjectStorage }) {
  const { db, storage } = deps;
  const repoOf = (customerId: string, on: DB = db) => rectificationRepo(tenantScope(on, customerId));
  const loadPeople = async (customerId: string, on: DB = db): Promise<PeopleRules> => {
    const { layout, members } = await repoOf(customerId, on).people();
    return peopleRules(layout, members);
  };

  /** Frames are taken by a job: at once for a manual item's evidence, after the deadline for the comparison. */
  async function scheduleFrames(on: DB, customerId: string, rectificationId: string, runAt: Date[]): Promise<void> {
    const queue = createJobQueue(on);
    for (const at of runAt) {
      const payload: CaptureFramesPayload = { customerId, rectificationId };
      await queue.enqueue(CAPTURE_FRAMES_JOB, payload, { customerId, runAt: at, uniqueKey: `${CAPTURE_FRAMES_JOB}:${rectificationId}:${at.toISOString()}` });
    }
  }
  const afterDeadline = (deadline: string) => new Date(Date.parse(deadline) + RECTIFICATION_LIMITS.frameSettleMinutes * MINUTE);

  // ---------------------------------------------------------------- who sees and who may act

  function rolesOf(actor: CustomerActor, row: RectificationStored): Set<RectificationRole> {
    const roles = new Set<RectificationRole>();
    if (row.handler_id === actor.userId) roles.add('handler');
    if (row.founder_id === actor.userId || (row.founder_id === null && row.created_by === actor.userId)) roles.add('founder');
    if (row.reviewer_id === actor.userId) roles.add('reviewer');
    return roles;
  }

  /** The item if the caller may see it: in a store of their scope, and involved or holding 'todo all-rectification'. */
  async function visible(actor: CustomerActor, rectificationId: string): Promise<RectificationStored> {
    const repo = repoOf(actor.customerId);
    const row = await repo.find(rectificationId);
    if (!row || !(await accessOf(db, actor).scope()).canSeeShop(row.shop_id)) throw notFound();
    const involved =
      rolesOf(actor, row).size > 0 ||
      row.created_by === actor.userId ||
      row.inspector_id === actor.userId ||
      hasPermission(actor, 'todo_all_rectification') ||
      (await repo.handedOverBy(row.id, actor.userId));
    if (!involved) throw notFound();
    return row;
  }

  /** Checks who and the transition table: the state the action leads to. */
  function checkAction(actor: CustomerActor, row: RectificationStored, action: RectificationAction): RectificationState {
    const roles = rolesOf(actor, row);
    if (!ACTION_ROLES[action].some((role) => roles.has(role))) {
      const key = action === 'submit' ? 'rectification.notHandler' : action === 'refer' ? 'rectification.notInvolved' : 'rectification.notReviewer';
      throw new AppError('noAuthority', key);
    }
    const target = RECTIFICATION_TRANSITIONS[row.state][action];
    if (!target) throw refused('rectification.actionRefused', {}, { state: row.state });
    return target;
  }

  // ---------------------------------------------------------------- presenting

  async function shopsOf(customerId: string, shopIds: readonly string[]) {
    return new Map((await repoOf(customerId).shopsByIds([...new Set(shopIds)])).map((shop) => [shop.id, shop]));
  }

  function presentRow(
    row: RectificationStored,
    context: { shops: Awaited<ReturnType<typeof shopsOf>>; names: Map<string, string>; at: string },
  ): RectificationRow {
    const shop = context.shops.get(row.shop_id);
    const nameOf = (userId: string) => context.names.get(userId) ?? '';
    const person = (userId: string | null) => (userId ? { userId, name: nameOf(userId) } : null);
    return {
      rectificationId: row.id,
      source: row.source,
      state: row.state,
      status: specStatusOf(row.state),
      overdue: isOpen(row.state) && row.deadline < context.at,
      escalated: row.escalated_at !== null,
      shopId: row.shop_id,
      shopName: shop?.name ?? '',
      shopNumber: shop?.number ?? '',
      timeZone: shop?.time_zone ?? 'UTC',
      itemName: row.item_name,
      categoryName: row.category_name,
      problem: row.problem,
      originName: row.plan_name ?? row.event_name ?? null,
      handler: { userId: row.handler_id, name: nameOf(row.handler_id) },
      founder: person(row.founder_id ?? row.created_by),
      reviewer: person(row.reviewer_id),
      deadline: row.deadline,
      createdAt: row.created_at,
      submittedAt: row.submitted_at,
      reviewedAt: row.reviewed_at,
    };
  }

  async function presentRows(customerId: string, rows: readonly RectificationStored[]): Promise<RectificationRow[]> {
    const people = rows.flatMap((row) => [row.handler_id, row.founder_id, row.created_by, row.reviewer_id].filter((id): id is string => id !== null));
    const [shops, names] = await Promise.all([
      shopsOf(
        customerId,
        rows.map((row) => row.shop_id),
      ),
      repoOf(customerId).namesOf(people),
    ]);
    const at = nowIso();
    return rows.map((row) => presentRow(row, { shops, names, at }));
  }

  function presentMedia(media: MediaStored, cameraNames: Map<string, string>): RectificationMedia {
    return {
      mediaId: media.id,
      role: media.role,
      kind: media.kind,
      width: media.width,
      height: media.height,
      cameraId: media.camera_id,
      cameraName: media.camera_id ? (cameraNames.get(media.camera_id) ?? null) : null,
      capturedAt: media.captured_at,
      round: media.round,
    };
  }

  // ---------------------------------------------------------------- lists

  /** The list's query over the caller's scope; named stores outside it answer not found. */
  async function listQuery(actor: CustomerActor, list: RectificationList, filter: RectificationFilter): Promise<ListQuery> {
    const access = accessOf(db, actor);
    const scope = await access.scope();
    const named = filter.shopIds && filter.shopIds.length > 0 ? await access.shopIds(filter.shopIds) : null;
    const shopIds = named ?? (scope.shopIds === null ? null : scope.visibleShopIds);
    const states = filter.states && filter.states.length > 0 ? filter.states : list === 'mine' ? OPEN_STATES : undefined;
    return {
      shopIds,
      ...(list === 'mine' ? { handlerId: actor.userId } : {}),
      ...(list === 'created' ? { raisedBy: actor.userId } : {}),
      keyword: filter.keyword,
      states,
      source: filter.source,
      overdueAt: filter.overdueOnly ? nowIso() : undefined,
      openStates: OPEN_STATES,
      createdFrom: filter.createdFrom,
      createdTo: filter.createdTo,
      order: list === 'mine' ? 'deadline' : 'created',
    };
  }

  async function listPage(actor: CustomerActor, list: RectificationList, input: ListInput): Promise<Page<RectificationRow>> {
    const query = await listQuery(actor, list, input);
    const repo = repoOf(actor.customerId);
    const [total, rows] = await Promise.all([repo.count(query), repo.list(query, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize })]);
    return { total, page: input.page, pageSize: input.pageSize, list: await presentRows(actor.customerId, rows) };
  }

  // ---------------------------------------------------------------- images

  /** The one file part of a multipart upload, at most imageMaxBytes. */
  async function receiveImage(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw badRequest('rectification.noImageFile');
    let content: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file' || content) throw badRequest('rectification.noImageFile');
        content = await part.toBuffer();
        if (part.file.truncated) throw refused('rectification.imageTooLarge', { mb: IMAGE_MB });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw refused('rectification.imageTooLarge', { mb: IMAGE_MB });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('rectification.noImageFile');
      throw error;
    }
    if (!content || content.length === 0) throw badRequest('rectification.noImageFile');
    return content;
  }

  /** The caller's waiting uploads, all of them, or the refusal a person reads. */
  async function requireUploads(actor: CustomerActor, on: DB, imageIds: readonly string[]): Promise<MediaStored[]> {
    const wanted = [...new Set(imageIds)];
    const found = await repoOf(actor.customerId, on).uploadsOf(actor.userId, wanted);
    if (found.length !== wanted.length) throw refused('rectification.imageUnknown');
    return found;
  }

  /** Checks and keeps a picture until an answer or a new item takes it (unused ones go after a day). */
  async function storeImage(actor: CustomerActor, content: Buffer): Promise<{ mediaId: string; width: number; height: number }> {
    let prepared: Awaited<ReturnType<typeof prepareRectificationImage>>;
    try {
      prepared = await prepareRectificationImage(content);
    } catch (error) {
      if (error instanceof RectificationImageRefused) throw refused('rectification.imageInvalid');
      throw error;
    }
    const mediaId = newId();
    const key = uploadKey(actor.customerId, mediaId);
    await storage.putBuffer(key, prepared.jpeg);
    try {
      await repoOf(actor.customerId).insertMedia([
        {
          id: mediaId,
          rectification_id: null,
          role: 'feedback',
          kind: 'image',
          storage_key: key,
          sha256: prepared.sha256,
          width: prepared.width,
          height: prepared.height,
          camera_id: null,
          captured_at: null,
          source_media_id: null,
          round: 0,
          position: 0,
          created_by: actor.userId,
          created_at: nowIso(),
        },
      ]);
    } catch (error) {
      // Nothing half-written (DESIGN R1): the picture without its row goes.
      await storage.delete([key]);
      throw error;
    }
    return { mediaId, width: prepared.width, height: prepared.height };
  }

  // ---------------------------------------------------------------- raising (inspection, alarm)

  function evidenceRows(rectificationId: string, evidence: EvidenceSnapshot, at: string): Omit<MediaStored, 'customer_id'>[] {
    const row = (picture: EvidencePicture, kind: 'image' | 'screenshot', camera: { cameraId: string; capturedAt: string } | null, position: number) => ({
      id: newId(),
      rectification_id: rectificationId,
      role: 'evidence' as const,
      kind,
      storage_key: assertKey(picture.storageKey),
      sha256: picture.sha256 ?? '',
      width: picture.width ?? 0,
      height: picture.height ?? 0,
      camera_id: camera?.cameraId ?? null,
      captured_at: camera?.capturedAt ?? null,
      source_media_id: picture.mediaId,
      round: 0,
      position,
      created_by: null,
      created_at: at,
    });
    return [
      ...evidence.screenshots.map((shot, index) =>
        row(shot, 'screenshot', { cameraId: shot.cameraId, capturedAt: new Date(shot.capturedAt).toISOString() }, index),
      ),
      ...evidence.images.map((image, index) => row(image, 'image', null, evidence.screenshots.length + index)),
    ];
  }

  /**
   * Writes a raised item with its evidence, history and the handler's notice, unless its source
   * key raised one before. Runs on the caller's connection (their transaction).
   */
  async function raise(
    on: DB,
    people: PeopleRules,
    input: {
      customerId: string;
      source: 'inspection' | 'alarm';
      sourceKey: string;
      shopId: string;
      fields: Partial<RectificationStored> & Pick<RectificationStored, 'item_name' | 'category_name' | 'problem' | 'found_at'>;
      founderId: string | null;
      reviewerId: string | null;
      handlerId?: string | undefined;
      deadline?: string | undefined;
      cameraId: string | null;
      evidenceAt: string | null;
      evidence: EvidenceSnapshot;
    },
  ): Promise<RaisedRectification> {
    const repo = repoOf(input.customerId, on);
    const [existing] = await repo.bySourceKeys(input.source, [input.sourceKey]);
    if (existing) return { sourceKey: input.sourceKey, rectificationId: existing.id, created: false };
    const shop = await repo.shop(input.shopId);
    if (!shop) throw new Error(`rectification: shop ${input.shopId} is not a shop of customer ${input.customerId}`);
    let cameraId = input.cameraId;
    if (cameraId) {
      const [camera] = await repo.camerasByIds([cameraId]);
      // A camera of another store cannot show this store's problem: no comparison frame then.
      if (camera?.shop_id !== shop.id) cameraId = null;
    }
    // Never refuse a raise (it would undo the inspection's submission): the founder, then the inspector, takes an item nobody else may.
    const handlerId =
      (input.handlerId && people.canHandle(input.handlerId, shop.id) ? input.handlerId : undefined) ??
      people.defaultHandler(shop.id)?.userId ??
      input.founderId ??
      input.fields.inspector_id ??
      null;
    if (!handlerId) throw refused('rectification.noHandler', { shop: shop.name });
    // An item nobody founded (an alarm a rule raised) is reviewed by the handler's nearest superior.
    const reviewerId =
      input.reviewerId && input.reviewerId !== input.founderId
        ? input.reviewerId
        : input.founderId === null
          ? (people.superiorsOf(handlerId, shop.id)[0]?.userId ?? null)
          : null;
    const at = nowIso();
    const deadline =
      input.deadline && Date.parse(input.deadline) > now().getTime() ? new Date(input.deadline).toISOString() : defaultDeadline(shop.time_zone, now());
    const id = newId();
    const inserted = await repo.insert({
      id,
      source: input.source,
      source_key: input.sourceKey,
      shop_id: shop.id,
      item_id: null,
      plan_id: null,
      plan_name: null,
      assignment_id: null,
      batch_date: null,
      alarm_id: null,
      event_code: null,
      event_name: null,
      inspector_id: null,
      ...input.fields,
      state: 'pending',
      handler_id: handlerId,
      assigned_at: nowIso(),
      founder_id: input.founderId,
      reviewer_id: reviewerId,
      deadline,
      camera_id: cameraId,
      evidence_at: input.evidenceAt,
      evidence_frame_status: 'none',
      evidence_frame_note: null,
      frame_status: cameraId ? 'pending' : 'none',
      frame_note: null,
      feedback: null,
      feedback_round: 0,
      submitted_at: null,
      reject_reason: null,
      reviewed_by: null,
      reviewed_at: null,
      due_soon_at: null,
      overdue_at: null,
      escalated_at: null,
      created_by: null,
      created_at: at,
      updated_at: at,
    });
    if (!inserted) {
      // Raised at the same moment by another submission: that one wrote it.
      const [raced] = await repo.bySourceKeys(input.source, [input.sourceKey]);
      return { sourceKey: input.sourceKey, rectificationId: raced?.id ?? id, created: false };
    }
    const media = evidenceRows(id, input.evidence, at);
    await repo.insertMedia(media);
    await repo.insertHistory([historyEntry(id, 'create', { userId: null, toUserIds: [handlerId], mediaIds: media.map((row) => row.id), at })]);
    const handler = people.member(handlerId);
    await postNotices(
      on,
      input.customerId,
      { id, item_name: input.fields.item_name, problem: input.fields.problem, deadline, shopName: shop.name, timeZone: shop.time_zone },
      'assigned',
      handler ? [handler] : [],
    );
    if (cameraId) await scheduleFrames(on, input.customerId, id, [afterDeadline(deadline)]);
    return { sourceKey: input.sourceKey, rectificationId: id, created: true };
  }

  // ---------------------------------------------------------------- an action with its history and notices

  async function notify(
    on: DB,
    customerId: string,
    row: RectificationStored,
    kind: NoticeKind,
    recipients: readonly (Member | undefined)[],
    extra: Record<string, string> = {},
  ) {
    const shop = await repoOf(customerId, on).shop(row.shop_id);
    await postNotices(
      on,
      customerId,
      { ...row, shopName: shop?.name ?? '', timeZone: shop?.time_zone ?? 'UTC' },
      kind,
      recipients.filter((member): member is Member => member !== undefined),
      extra,
    );
  }

  return {
    defaultDeadline,

    // ---------------------------------------------------------------- lists (spec: user todo list, by creator, all)
    todoList: (actor: CustomerActor, input: ListInput) => listPage(actor, 'mine', input),
    createdList: (actor: CustomerActor, input: ListInput) => listPage(actor, 'created', input),
    allList: (actor: CustomerActor, input: ListInput) => listPage(actor, 'all', input),

    /** The spec's download: one of the lists with its filters, every matching item, as Excel read back in the caller's language. */
    async download(actor: CustomerActor, input: RectificationFilter & { list: RectificationList }, locale: Locale): Promise<DownloadFile> {
      if (input.list === 'all' && !hasPermission(actor, 'todo_all_rectification')) throw noAuthority();
      if (input.list !== 'all' && !hasPermission(actor, ['shopinspect_todo_nav', 'shopinspect_todo_rect'])) throw noAuthority();
      const query = await listQuery(actor, input.list, input);
      const stored = await repoOf(actor.customerId).list(query);
      const rows = await presentRows(actor.customerId, stored);
      const feedbackOf = new Map(stored.map((row) => [row.id, row.feedback]));
      return {
        fileName: `rectifications-${input.list}.xlsx`,
        content: await rectificationWorkbook(rows, feedbackOf, locale),
      };
    },

    // ---------------------------------------------------------------- detail and record
    async detail(actor: CustomerActor, rectificationId: string, locale: Locale): Promise<RectificationDetail> {
      const row = await visible(actor, rectificationId);
      const repo = repoOf(actor.customerId);
      const [[presented], media] = await Promise.all([presentRows(actor.customerId, [row]), repo.mediaOf([row.id])]);
      const cameraIds = [...new Set([row.camera_id, ...media.map((item) => item.camera_id)].filter((id): id is string => id !== null))];
      const cameraNames = new Map((await repo.camerasByIds(cameraIds)).map((camera) => [camera.id, `${camera.name} (${camera.number})`]));
      const show = (item: MediaStored) => presentMedia(item, cameraNames);
      const feedbackImages = media.filter((item) => item.role === 'feedback' && item.round === row.feedback_round);
      const frame = media.filter((item) => item.role === 'frame').at(-1);
      const roles = rolesOf(actor, row);
      const acts = actor.roleId !== RoleId.observer;
      const can = (action: RectificationAction) =>
        acts && rectificationActionAllowed(row.state, action) && ACTION_ROLES[action].some((role) => roles.has(role));
      const note = (key: string | null) => (key ? translateMessage(locale, key) : null);
      return {
        ...(presented as RectificationRow),
        planId: row.plan_id,
        assignmentId: row.assignment_id,
        alarmId: row.alarm_id,
        eventCode: row.event_code,
        inspector: row.inspector_id ? { userId: row.inspector_id, name: (await repo.namesOf([row.inspector_id])).get(row.inspector_id) ?? '' } : null,
        foundAt: row.found_at,
        evidence: media.filter((item) => item.role === 'evidence').map(show),
        evidenceFrame: { status: row.evidence_frame_status, at: row.evidence_at, note: note(row.evidence_frame_note) },
        feedback:
          row.feedback !== null && row.submitted_at !== null
            ? { text: row.feedback, round: row.feedback_round, at: row.submitted_at, images: feedbackImages.map(show) }
            : null,
        rejectReason: row.state === 'rejected' ? row.reject_reason : null,
        frame: {
          status: row.frame_status,
          cameraId: row.camera_id,
          cameraName: row.camera_id ? (cameraNames.get(row.camera_id) ?? null) : null,
          at: row.camera_id ? row.deadline : null,
          media: frame ? show(frame) : null,
          note: note(row.frame_note),
        },
        abilities: { submit: can('submit'), refer: can('refer'), review: can('approve') },
      };
    },

    async record(actor: CustomerActor, rectificationId: string, locale: Locale): Promise<HistoryRow[]> {
      const row = await visible(actor, rectificationId);
      const repo = repoOf(actor.customerId);
      const entries = await repo.history(row.id);
      const names = await repo.namesOf(
        entries.flatMap((entry) =>
          [entry.user_id, entry.from_user_id, ...(JSON.parse(entry.to_user_ids) as string[])].filter((id): id is string => id !== null),
        ),
      );
      const person = (userId: string) => ({ userId, name: names.get(userId) ?? '' });
      return entries.map((entry) => ({
        historyId: entry.id,
        action: entry.action,
        user: entry.user_id ? person(entry.user_id) : null,
        reason: entry.reason,
        text: entry.text,
        fromUser: entry.from_user_id ? person(entry.from_user_id) : null,
        toUsers: (JSON.parse(entry.to_user_ids) as string[]).map(person),
        mediaIds: JSON.parse(entry.media_ids) as string[],
        note: entry.note ? translateMessage(locale, entry.note) : null,
        at: entry.created_at,
      }));
    },

    /** The people who may handle a store's items, the default one first. */
    async handlers(actor: CustomerActor, shopId: string) {
      await accessOf(db, actor).requireShop(shopId);
      const people = await loadPeople(actor.customerId);
      const [first] = people.candidates(shopId);
      const fallback = people.defaultHandler(shopId);
      return people.candidates(shopId).map((member) => ({
        userId: member.userId,
        name: member.name,
        roleId: member.roleId,
        isDefault: member.userId === (fallback ?? first)?.userId,
      }));
    },

    // ---------------------------------------------------------------- the handler's answer (spec: submit)
    async submit(actor: CustomerActor, input: { rectificationId: string; feedback: string; imageIds: string[] }): Promise<{ rectificationId: string }> {
      const row = await visible(actor, input.rectificationId);
      const target = checkAction(actor, row, 'submit');
      const people = await loadPeople(actor.customerId);
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        await requireUploads(actor, trx, input.imageIds);
        const at = nowIso();
        const round = row.feedback_round + 1;
        const moved = await repo.move(row, {
          state: target,
          feedback: input.feedback,
          feedback_round: round,
          submitted_at: at,
          updated_at: at,
        });
        if (!moved) throw refused('rectification.actionRefused');
        const imageIds = [...new Set(input.imageIds)];
        if ((await repo.attach(actor.userId, imageIds, { rectificationId: row.id, role: 'feedback', round })) !== imageIds.length)
          throw refused('rectification.imageUnknown');
        const reviewers = [row.founder_id ?? row.created_by, row.reviewer_id].filter((id): id is string => id !== null && id !== actor.userId);
        await repo.insertHistory([
          historyEntry(row.id, 'submit', { userId: actor.userId, text: input.feedback, mediaIds: imageIds, toUserIds: reviewers, at }),
        ]);
        await notify(trx, actor.customerId, row, 'feedback', reviewers.map(people.member), { handler: people.nameOf(actor.userId), feedback: input.feedback });
      });
      return { rectificationId: row.id };
    },

    // ---------------------------------------------------------------- hand over (spec: refer)
    async refer(actor: CustomerActor, input: { rectificationId: string; handlerId: string; reason: string }): Promise<{ rectificationId: string }> {
      const row = await visible(actor, input.rectificationId);
      const target = checkAction(actor, row, 'refer');
      if (input.handlerId === row.handler_id) throw refused('rectification.sameHandler');
      const people = await loadPeople(actor.customerId);
      if (!people.canHandle(input.handlerId, row.shop_id)) throw refused('rectification.handlerNotEligible');
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        const at = nowIso();
        // The notices start again for the new handler: due soon and overdue reach whoever holds the
        // item, and escalation waits a day after the hand-over as it waits a day after the deadline.
        const moved = await repo.move(row, {
          state: target,
          handler_id: input.handlerId,
          due_soon_at: null,
          overdue_at: null,
          escalated_at: null,
          updated_at: at,
        });
        if (!moved) throw refused('rectification.actionRefused');
        await repo.insertHistory([
          historyEntry(row.id, 'refer', { userId: actor.userId, reason: input.reason, fromUserId: row.handler_id, toUserIds: [input.handlerId], at }),
        ]);
        await notify(trx, actor.customerId, { ...row, handler_id: input.handlerId }, 'referred', [people.member(input.handlerId)], {
          from: people.nameOf(actor.userId),
          reason: input.reason,
        });
      });
      return { rectificationId: row.id };
    },

    // ---------------------------------------------------------------- approve or reject (beyond the spec)
    async review(
      actor: CustomerActor,
      input: { rectificationId: string; decision: 'approve' | 'reject'; reason: string },
    ): Promise<{ rectificationId: string }> {
      const row = await visible(actor, input.rectificationId);
      const target = checkAction(actor, row, input.decision);
      const people = await loadPeople(actor.customerId);
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        const at = nowIso();
        const reason = input.decision === 'reject' ? input.reason.trim() : null;
        const moved = await repo.move(row, {
          state: target,
          reject_reason: reason,
          reviewed_by: actor.userId,
          reviewed_at: at,
          updated_at: at,
        });
        if (!moved) throw refused('rectification.actionRefused');
        await repo.insertHistory([historyEntry(row.id, input.decision, { userId: actor.userId, reason, toUserIds: [row.handler_id], at })]);
        await notify(trx, actor.customerId, row, input.decision === 'approve' ? 'approved' : 'rejected', [people.member(row.handler_id)], {
          reviewer: people.nameOf(actor.userId),
          reason: reason ?? '',
        });
      });
      return { rectificationId: row.id };
    },

    // ---------------------------------------------------------------- by hand (spec: create)
    async create(actor: CustomerActor, input: RectificationCreateRequest & { categoryName: string; imageIds: string[] }): Promise<{ rectificationId: string }> {
      const access = accessOf(db, actor);
      await access.requireShop(input.shopId);
      const repo = repoOf(actor.customerId);
      const shop = await repo.shop(input.shopId);
      if (!shop) throw notFound();
      if (input.cameraId) {
        const cameraShops = await access.cameras([input.cameraId]);
        if (cameraShops.get(input.cameraId) !== shop.id) throw refused('rectification.cameraNotInShop');
      }
      const people = await loadPeople(actor.customerId);
      const handlerId = input.handlerId ?? people.defaultHandler(shop.id)?.userId;
      if (!handlerId) throw refused('rectification.noHandler', { shop: shop.name });
      if (!people.canHandle(handlerId, shop.id)) throw refused('rectification.handlerNotEligible');
      if (input.reviewerId && !people.canReview(input.reviewerId, shop.id)) throw refused('rectification.reviewerNotEligible');
      const nowMs = now().getTime();
      if (input.deadline && !(Date.parse(input.deadline) > nowMs && Date.parse(input.deadline) <= nowMs + RECTIFICATION_LIMITS.deadlineMaxDays * DAY))
        throw badRequest('rectification.deadlineRange', { days: RECTIFICATION_LIMITS.deadlineMaxDays });
      const deadline = input.deadline ? new Date(input.deadline).toISOString() : defaultDeadline(shop.time_zone, now());
      const evidenceAt = input.cameraId ? new Date(input.capturedAt ? Date.parse(input.capturedAt) : nowMs - DEFAULT_EVIDENCE_OFFSET_MS).toISOString() : null;
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const writer = repoOf(actor.customerId, trx);
        const imageIds = [...new Set(input.imageIds)];
        await requireUploads(actor, trx, imageIds);
        const at = nowIso();
        await writer.insert({
          id,
          source: 'manual',
          source_key: id,
          shop_id: shop.id,
          item_id: null,
          item_name: input.itemName,
          category_name: input.categoryName,
          problem: input.problem,
          plan_id: null,
          plan_name: null,
          assignment_id: null,
          batch_date: null,
          alarm_id: null,
          event_code: null,
          event_name: null,
          inspector_id: null,
          state: 'pending',
          handler_id: handlerId,
          assigned_at: at,
          founder_id: actor.userId,
          reviewer_id: input.reviewerId && input.reviewerId !== actor.userId ? input.reviewerId : null,
          deadline,
          found_at: evidenceAt ?? at,
          camera_id: input.cameraId ?? null,
          evidence_at: evidenceAt,
          evidence_frame_status: input.cameraId ? 'pending' : 'none',
          evidence_frame_note: null,
          frame_status: input.cameraId ? 'pending' : 'none',
          frame_note: null,
          feedback: null,
          feedback_round: 0,
          submitted_at: null,
          reject_reason: null,
          reviewed_by: null,
          reviewed_at: null,
          due_soon_at: null,
          overdue_at: null,
          escalated_at: null,
          created_by: actor.userId,
          created_at: at,
          updated_at: at,
        });
        if ((await writer.attach(actor.userId, imageIds, { rectificationId: id, role: 'evidence', round: 0 })) !== imageIds.length)
          throw refused('rectification.imageUnknown');
        await writer.insertHistory([historyEntry(id, 'create', { userId: actor.userId, toUserIds: [handlerId], mediaIds: imageIds, at })]);
        await postNotices(
          trx,
          actor.customerId,
          { id, item_name: input.itemName, problem: input.problem, deadline, shopName: shop.name, timeZone: shop.time_zone },
          'assigned',
          [people.member(handlerId)].filter((member): member is Member => member !== undefined),
        );
        if (input.cameraId) await scheduleFrames(trx, actor.customerId, id, [now(), afterDeadline(deadline)]);
      });
      return { rectificationId: id };
    },

    // ---------------------------------------------------------------- pictures
    /** The multipart upload of one picture: checked, resized and kept until an answer or a new item takes it. */
    async uploadImage(actor: CustomerActor, request: FastifyRequest): Promise<{ mediaId: string; width: number; height: number }> {
      return storeImage(actor, await receiveImage(request));
    },

    /** The upload's path for a picture already in hand (the demo seed). */
    storeImage: (actor: CustomerActor, content: Buffer) => storeImage(actor, content),

    /** A picture of an item the caller sees, or the caller's own waiting upload. */
    async media(actor: CustomerActor, mediaId: string): Promise<DownloadStream> {
      const media = await repoOf(actor.customerId).media(mediaId);
      if (!media) throw notFound();
      if (media.rectification_id === null) {
        if (media.created_by !== actor.userId) throw notFound();
      } else await visible(actor, media.rectification_id);
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

    // ---------------------------------------------------------------- raised by other modules

    /**
     * The inspection module's submission (issue 14 section 3): one rectification per failed item,
     * idempotent on the assignment item, written in the caller's transaction so the submission and
     * its rectifications commit together. The plan's founder approves; the inspector reviews.
     */
    async raiseFromInspection(trx: DB, failures: readonly InspectionFailure[]): Promise<RaisedRectification[]> {
      const raised: RaisedRectification[] = [];
      const peopleOf = new Map<string, PeopleRules>();
      for (const failure of failures) {
        let people = peopleOf.get(failure.customerId);
        if (!people) {
          people = await loadPeople(failure.customerId, trx);
          peopleOf.set(failure.customerId, people);
        }
        const screenshot = failure.evidence.screenshots[0];
        raised.push(
          await raise(trx, people, {
            customerId: failure.customerId,
            source: 'inspection',
            sourceKey: failure.assignmentItemId,
            shopId: failure.shopId,
            fields: {
              item_id: failure.itemId,
              item_name: failure.itemName,
              category_name: failure.categoryName,
              problem: failure.remark.trim() || failure.itemName,
              plan_id: failure.planId,
              plan_name: failure.planName,
              assignment_id: failure.assignmentId,
              batch_date: failure.batchDate,
              inspector_id: failure.inspectorUserId,
              found_at: new Date(failure.failedAt).toISOString(),
            },
            founderId: failure.planFounderUserId,
            reviewerId: failure.inspectorUserId,
            cameraId: screenshot?.cameraId ?? null,
            evidenceAt: screenshot ? new Date(screenshot.capturedAt).toISOString() : null,
            evidence: failure.evidence,
          }),
        );
      }
      return raised;
    },

    /** An AI alarm's rectification (issue 15): one per alarm, in the caller's transaction. */
    async raiseFromAlarm(trx: DB, alarm: AlarmRaise): Promise<RaisedRectification> {
      const people = await loadPeople(alarm.customerId, trx);
      return raise(trx, people, {
        customerId: alarm.customerId,
        source: 'alarm',
        sourceKey: alarm.alarmId,
        shopId: alarm.shopId,
        fields: {
          item_name: alarm.eventName,
          category_name: '',
          problem: alarm.description?.trim() || alarm.eventName,
          alarm_id: alarm.alarmId,
          event_code: alarm.eventCode,
          event_name: alarm.eventName,
          found_at: new Date(alarm.occurredAt).toISOString(),
        },
        founderId: alarm.raisedBy,
        reviewerId: null,
        handlerId: alarm.handlerId,
        deadline: alarm.deadline,
        cameraId: alarm.cameraId,
        evidenceAt: alarm.evidence.screenshots[0]?.capturedAt ?? new Date(alarm.occurredAt).toISOString(),
        evidence: alarm.evidence,
      });
    },
  };
}
export type RectificationService = ReturnType<typeof createRectificationService>;
