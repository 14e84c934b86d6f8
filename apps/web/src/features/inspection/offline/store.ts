import type { ItemResult, TodoDetail, TodoDoneRow, TodoRow } from '@storelens/contracts';
import type { ItemMark } from '../todoChecks.ts';

/**
 * The on-site inspection's IndexedDB (issue 14 section 3): what the inspector needs and did while
 * offline survives a reload. Per user (the database name carries the user id), four stores:
 * - checklists: the last checklist (TodoDetail) of each assignment opened, the to-do list and the
 *   done list's first page;
 * - drafts: the marks and remarks being entered, per assignment;
 * - photos: the photos taken, as blobs, each with its client key (the upload's idempotency key)
 *   and, once sent, the server's media id;
 * - submissions: the queued submission of an assignment with its idempotency key, and when it was
 *   sent and what the server answered.
 */
const VERSION = 1;

export interface KeptChecklist {
  assignmentId: string;
  detail: TodoDetail;
  keptAt: string;
}
export interface KeptList {
  assignmentId: '__list';
  rows: TodoRow[];
  keptAt: string;
}
export interface KeptDone {
  assignmentId: '__done';
  rows: TodoDoneRow[];
  keptAt: string;
}
export interface Draft {
  assignmentId: string;
  marks: Record<string, ItemMark>;
  updatedAt: string;
}
export interface OfflinePhoto {
  clientKey: string;
  assignmentId: string;
  itemId: string;
  blob: Blob;
  name: string;
  takenAt: string;
  /** Set once the server kept it. */
  mediaId: string | null;
}
export interface QueuedSubmission {
  assignmentId: string;
  idempotencyKey: string;
  shopName: string;
  planName: string;
  results: { itemId: string; result: ItemResult; remark: string }[];
  queuedAt: string;
  state: 'queued' | 'sent' | 'refused';
  sentAt: string | null;
  /** The server's refusal (shown; the inspector may fix and queue again). */
  error: string | null;
  attempts: number;
}

type StoreName = 'checklists' | 'drafts' | 'photos' | 'submissions';

const opened = new Map<string, Promise<IDBDatabase>>();

function open(userId: string): Promise<IDBDatabase> {
  const name = `storelens-inspection-${userId}`;
  let database = opened.get(name);
  if (!database) {
    database = new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('checklists')) db.createObjectStore('checklists', { keyPath: 'assignmentId' });
        if (!db.objectStoreNames.contains('drafts')) db.createObjectStore('drafts', { keyPath: 'assignmentId' });
        if (!db.objectStoreNames.contains('photos')) db.createObjectStore('photos', { keyPath: 'clientKey' }).createIndex('assignment', 'assignmentId');
        if (!db.objectStoreNames.contains('submissions')) db.createObjectStore('submissions', { keyPath: 'assignmentId' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    opened.set(name, database);
  }
  return database;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(userId: string, store: StoreName, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open(userId);
  return done(work(db.transaction(store, mode).objectStore(store)));
}

/** One user's offline data. */
export function offlineStore(userId: string) {
  return {
    keepChecklist: (detail: TodoDetail, keptAt: string) =>
      run(userId, 'checklists', 'readwrite', (s) => s.put({ assignmentId: detail.assignmentId, detail, keptAt } satisfies KeptChecklist)),
    checklist: (assignmentId: string) => run<KeptChecklist | undefined>(userId, 'checklists', 'readonly', (s) => s.get(assignmentId)),
    keepList: (rows: TodoRow[], keptAt: string) =>
      run(userId, 'checklists', 'readwrite', (s) => s.put({ assignmentId: '__list', rows, keptAt } satisfies KeptList)),
    list: () => run<KeptList | undefined>(userId, 'checklists', 'readonly', (s) => s.get('__list')),
    keepDone: (rows: TodoDoneRow[], keptAt: string) =>
      run(userId, 'checklists', 'readwrite', (s) => s.put({ assignmentId: '__done', rows, keptAt } satisfies KeptDone)),
    done: () => run<KeptDone | undefined>(userId, 'checklists', 'readonly', (s) => s.get('__done')),

    saveDraft: (draft: Draft) => run(userId, 'drafts', 'readwrite', (s) => s.put(draft)),
    draft: (assignmentId: string) => run<Draft | undefined>(userId, 'drafts', 'readonly', (s) => s.get(assignmentId)),

    addPhoto: (photo: OfflinePhoto) => run(userId, 'photos', 'readwrite', (s) => s.put(photo)),
    removePhoto: (clientKey: string) => run(userId, 'photos', 'readwrite', (s) => s.delete(clientKey)),
    photos: (assignmentId: string) => run<OfflinePhoto[]>(userId, 'photos', 'readonly', (s) => s.index('assignment').getAll(assignmentId)),

    putSubmission: (submission: QueuedSubmission) => run(userId, 'submissions', 'readwrite', (s) => s.put(submission)),
    submission: (assignmentId: string) => run<QueuedSubmission | undefined>(userId, 'submissions', 'readonly', (s) => s.get(assignmentId)),
    submissions: () => run<QueuedSubmission[]>(userId, 'submissions', 'readonly', (s) => s.getAll()),

    /** Forgets the copies of what the server said (checklists, the to-do and done lists); the user's own marks, photos and queue stay. */
    forgetReads: () => run(userId, 'checklists', 'readwrite', (s) => s.clear()),
  };
}
export type OfflineStore = ReturnType<typeof offlineStore>;
