import { type AnyOperation, type Locale, messageOperations, type OperationInput, RoleId, rectificationOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { captureFramesJob, DEADLINE_SCAN_SCHEDULE, deadlineScanJob } from '../../src/modules/rectification/rectification.jobs.ts';
import { createFrameCapture } from '../../src/modules/rectification/rectification-capture.ts';
import { createDeadlineWork } from '../../src/modules/rectification/rectification-deadlines.ts';
import { createSegmentIndex } from '../../src/modules/video/segment-index.ts';
import { createVideoService } from '../../src/modules/video/video.service.ts';
import { createJobQueue, createJobWorker, type JobDefinition } from '../../src/platform/jobs/jobs.ts';
import { createScheduler } from '../../src/platform/jobs/scheduler.ts';
import { objectStorageOf } from '../../src/platform/storage/storage-config.ts';
import { now } from '../../src/platform/time/clock.ts';
import { buildCamera, buildCustomer, buildOrg, buildRoleWithout, buildShop, buildUser, postFiles, type Session, signIn } from '../factories.ts';
import { type CallOptions, invoke, type TestApp } from '../harness.ts';
import { FFMPEG, recordClip } from './video.ts';

export { RoleId };

/**
 * A chain for the rectification tests: head office (root) > East region > Shanghai city > stores
 * S1 and S2, and West region > store W1; a camera in S1; and the people the rules choose between:
 * a store manager and an assistant of S1, a store manager of S2, a city manager (Shanghai), a
 * region manager (East), an administrator, a manager, an observer, an operator, a role without
 * 'todo all-rectification'; and another customer with its own administrator and store.
 */
export async function buildRectificationChain(t: TestApp) {
  const { db, app } = t;
  const customer = await buildCustomer(db);
  const customerId = customer.customerId;
  const east = await buildOrg(db, customerId, customer.rootOrgId, 'East region');
  const city = await buildOrg(db, customerId, east, 'Shanghai city');
  const west = await buildOrg(db, customerId, customer.rootOrgId, 'West region');
  const s1 = await buildShop(db, customerId, city, { name: 'Store One', number: 'S1', timeZone: 'Asia/Shanghai' });
  const s2 = await buildShop(db, customerId, city, { name: 'Store Two', number: 'S2', timeZone: 'Asia/Shanghai' });
  const w1 = await buildShop(db, customerId, west, { name: 'West One', number: 'W1', timeZone: 'Australia/Sydney' });
  const camera = await buildCamera(db, customerId, s1);
  const cameraS2 = await buildCamera(db, customerId, s2);

  const person = async (surname: string, givenName: string, membership: { roleId: number; orgId?: string; shopIds?: string[] }) => {
    const user = await buildUser(db, [{ customerId, ...membership }]);
    await db.updateTable('users').set({ surname, given_name: givenName }).where('id', '=', user.userId).execute();
    return { userId: user.userId, loginName: user.loginName, name: `${surname} ${givenName}`, session: await signIn(app, user.loginName, customerId) };
  };
  const people = {
    admin: await person('Ada', 'Admin', { roleId: RoleId.superManager }),
    manager: await person('Mia', 'Manager', { roleId: RoleId.manager }),
    region: await person('Rex', 'Region', { roleId: RoleId.branchManage, orgId: east }),
    city: await person('Cai', 'City', { roleId: RoleId.branchManage, orgId: city }),
    store: await person('Sam', 'Store', { roleId: RoleId.storeManage, shopIds: [s1] }),
    assistant: await person('Amy', 'Assistant', { roleId: RoleId.shopAssistant, shopIds: [s1] }),
    store2: await person('Tom', 'Two', { roleId: RoleId.storeManage, shopIds: [s2] }),
    westStore: await person('Wes', 'West', { roleId: RoleId.storeManage, shopIds: [w1] }),
    observer: await person('Oli', 'Observer', { roleId: RoleId.observer }),
    operator: await person('Ops', 'Operator', { roleId: RoleId.innerOperation }),
    noAll: await person('Nel', 'Noall', { roleId: await buildRoleWithout(db, customerId, ['todo_all_rectification']) }),
  };
  const other = await buildCustomer(db);
  const otherShop = await buildShop(db, other.customerId, other.rootOrgId);
  const otherUser = await buildUser(db, [{ customerId: other.customerId, roleId: RoleId.superManager }]);
  const otherAdmin = await signIn(app, otherUser.loginName, other.customerId);
  return {
    customerId,
    rootOrgId: customer.rootOrgId,
    east,
    city,
    west,
    s1,
    s2,
    w1,
    camera,
    cameraS2,
    people,
    other: { customerId: other.customerId, shopId: otherShop, admin: otherAdmin },
  };
}
export type RectificationChain = Awaited<ReturnType<typeof buildRectificationChain>>;

/** An operation that must answer 200: its data. */
export async function ok<T>(app: FastifyInstance, session: CallOptions, operation: AnyOperation, input: unknown): Promise<T> {
  const response = await invoke(app, operation, input as never, session);
  expect(response.body.status, `${operation.name}: ${response.body.msg}`).toBe(200);
  return response.body.data as T;
}

/** A real picture (a coloured card), as a phone or a camera would send it. */
export function picture(hue = 200, format: 'png' | 'jpeg' = 'jpeg', width = 800, height = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="hsl(${hue},50%,60%)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="white"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** Uploads one picture through rectification.uploadImage: its media id. */
export async function uploadPicture(app: FastifyInstance, session: Session, content?: Buffer, name = 'photo.jpg'): Promise<string> {
  const response = await postFiles(app, rectificationOperations.uploadImage.path, [{ name, content: content ?? (await picture()) }], session);
  expect(response.body.status, response.body.msg).toBe(200);
  return (response.body.data as { mediaId: string }).mediaId;
}

/** Creates an item by hand: its id. */
export async function createItem(app: FastifyInstance, session: Session, input: OperationInput<typeof rectificationOperations.create>): Promise<string> {
  return (await ok<{ rectificationId: string }>(app, session, rectificationOperations.create, input)).rectificationId;
}

/** The newest rectification message of a person (kind 3). */
export async function latestNotice(app: FastifyInstance, session: Session) {
  const page = await ok<{ list: { title: string; body: string; refId: string | null; source: string | null }[]; total: number }>(
    app,
    session,
    messageOperations.list,
    {
      kind: 3,
      page: 1,
      pageSize: 50,
    },
  );
  return { latest: page.list[0], all: page.list, total: page.total };
}

export async function setLocale(t: TestApp, userId: string, locale: Locale): Promise<void> {
  await t.db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

/** The rectification jobs as background.ts wires them, with a real video service: a scan round at the clock's now, then every due job. */
export function rectificationWorker(t: TestApp) {
  const storage = objectStorageOf(t.config);
  const capture = createFrameCapture({ db: t.db, storage, frames: createVideoService({ db: t.db, storage, ffmpegPath: FFMPEG }) });
  const definitions = [
    deadlineScanJob({ deadlines: createDeadlineWork({ db: t.db, storage, capture }) }),
    captureFramesJob({ capture }),
  ] as JobDefinition<never>[];
  const queue = createJobQueue(t.db, definitions);
  const worker = createJobWorker({ db: t.db, queue, definitions, log: { error: () => undefined } });
  const scheduler = createScheduler({ queue, schedules: [DEADLINE_SCAN_SCHEDULE] });
  return {
    async round(): Promise<void> {
      await scheduler.tick(now());
      await worker.runDue();
    },
    /** Only the jobs already due (no scan). */
    runDue: () => worker.runDue(),
  };
}

/** A real clip cut into 2-second fMP4 segments and indexed for a camera from `baseMs`, as the recorder would. */
export async function indexClipAt(
  t: TestApp,
  clip: string,
  directory: string,
  customerId: string,
  cameraId: string,
  baseMs: number,
  run: string,
): Promise<void> {
  const index = createSegmentIndex({ db: t.db, storage: objectStorageOf(t.config) });
  await recordClip(index, { clip, directory, customerId, cameraId, baseMs, runId: run });
}
