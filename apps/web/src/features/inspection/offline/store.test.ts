// @vitest-environment node
import 'fake-indexeddb/auto';
import type { TodoDetail, TodoDoneRow, TodoRow } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { forgetOfflineReads } from './forget.ts';
import { type OfflinePhoto, offlineStore, type QueuedSubmission } from './store.ts';

/**
 * The on-site inspection's offline database (issue 14 section 3) on fake-indexeddb, an in-memory
 * implementation of the IndexedDB API (Node has none): what is kept survives a new handle (a
 * reload), each user has their own database, and sign-out forgets the server's copies but never the
 * user's unsent work.
 */

const detail = (assignmentId: string) => ({ assignmentId, shopName: 'Shanghai Nanjing Road', items: [] }) as unknown as TodoDetail;
const row = (assignmentId: string) => ({ assignmentId, shopName: 'Shanghai Nanjing Road' }) as unknown as TodoRow;
const photo = (clientKey: string, assignmentId: string): OfflinePhoto => ({
  clientKey,
  assignmentId,
  itemId: 'item-1',
  blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  name: `${clientKey}.jpg`,
  takenAt: '2026-05-20T02:00:00.000Z',
  mediaId: null,
});
const submission = (assignmentId: string): QueuedSubmission => ({
  assignmentId,
  idempotencyKey: `key-${assignmentId}`,
  shopName: 'Shanghai Nanjing Road',
  planName: 'Daily opening check',
  results: [{ itemId: 'item-1', result: 'fail', remark: 'Door blocked' }],
  queuedAt: '2026-05-20T02:00:00.000Z',
  state: 'queued',
  sentAt: null,
  error: null,
  attempts: 0,
});

describe('offline store', () => {
  it('keeps checklists, the list, drafts, photos and the queue, read back through a new handle', async () => {
    const store = offlineStore('user-keep');
    await store.keepChecklist(detail('a1'), '2026-05-20T01:00:00.000Z');
    await store.keepList([row('a1'), row('a2')], '2026-05-20T01:00:00.000Z');
    await store.saveDraft({ assignmentId: 'a1', marks: { 'item-1': { result: 'fail', remark: 'Door blocked' } }, updatedAt: '2026-05-20T01:05:00.000Z' });
    await store.addPhoto(photo('p1', 'a1'));
    await store.addPhoto(photo('p2', 'a1'));
    await store.addPhoto(photo('p3', 'a2'));
    await store.putSubmission(submission('a1'));

    const again = offlineStore('user-keep');
    expect(await again.checklist('a1')).toEqual({ assignmentId: 'a1', detail: detail('a1'), keptAt: '2026-05-20T01:00:00.000Z' });
    expect(await again.checklist('a2')).toBeUndefined();
    expect((await again.list())?.rows.map((kept) => kept.assignmentId)).toEqual(['a1', 'a2']);
    expect((await again.draft('a1'))?.marks).toEqual({ 'item-1': { result: 'fail', remark: 'Door blocked' } });
    // Photos are found by assignment; the blob comes back as a blob of the same bytes.
    const photos = await again.photos('a1');
    expect(photos.map((kept) => kept.clientKey).sort()).toEqual(['p1', 'p2']);
    expect(photos[0]?.blob.size).toBe(3);
    await again.removePhoto('p1');
    expect((await again.photos('a1')).map((kept) => kept.clientKey)).toEqual(['p2']);
    expect(await again.submissions()).toEqual([submission('a1')]);
    // A put replaces the assignment's submission (one per assignment).
    await again.putSubmission({ ...submission('a1'), state: 'sent', sentAt: '2026-05-20T03:00:00.000Z', attempts: 1 });
    expect((await again.submissions()).map((kept) => [kept.state, kept.attempts])).toEqual([['sent', 1]]);
  });

  it('keeps each user apart', async () => {
    await offlineStore('user-a').keepChecklist(detail('shared-id'), '2026-05-20T01:00:00.000Z');
    await offlineStore('user-a').putSubmission(submission('shared-id'));
    expect(await offlineStore('user-b').checklist('shared-id')).toBeUndefined();
    expect(await offlineStore('user-b').submissions()).toEqual([]);
  });

  it('forgets the server’s copies at sign-out and keeps the unsent marks, photos and queue', async () => {
    const store = offlineStore('user-leaving');
    await store.keepChecklist(detail('a1'), '2026-05-20T01:00:00.000Z');
    await store.keepList([row('a1')], '2026-05-20T01:00:00.000Z');
    await store.keepDone([{ assignmentId: 'a0' } as unknown as TodoDoneRow], '2026-05-20T01:00:00.000Z');
    expect((await store.done())?.rows.map((kept) => kept.assignmentId)).toEqual(['a0']);
    await store.saveDraft({ assignmentId: 'a1', marks: {}, updatedAt: '2026-05-20T01:05:00.000Z' });
    await store.addPhoto(photo('p9', 'a1'));
    await store.putSubmission(submission('a1'));
    await offlineStore('user-staying').keepChecklist(detail('a1'), '2026-05-20T01:00:00.000Z');

    await forgetOfflineReads('user-leaving');
    expect(await store.checklist('a1')).toBeUndefined();
    expect(await store.list()).toBeUndefined();
    expect(await store.done()).toBeUndefined();
    expect(await store.draft('a1')).toBeDefined();
    expect((await store.photos('a1')).map((kept) => kept.clientKey)).toEqual(['p9']);
    expect(await store.submissions()).toHaveLength(1);
    // Another user's copies on the same phone are theirs to forget.
    expect(await offlineStore('user-staying').checklist('a1')).toBeDefined();
  });
});
