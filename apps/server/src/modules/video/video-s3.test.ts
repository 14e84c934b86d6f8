import fsp from 'node:fs/promises';
import path from 'node:path';
import { RoleId, videoOperations } from '@storelens/contracts';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildShop, buildUser, download, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { recordClip, tempDir, testClip } from '../../../test/support/video.ts';
import { loadConfig } from '../../config.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { now } from '../../platform/time/clock.ts';
import { createSegmentIndex } from './segment-index.ts';

/**
 * The operations with recordings in S3-compatible storage (s3rver on a free port): segments by byte
 * range and screenshots come out of the bucket as they come out of the local directory.
 */
let s3: S3rver;
let t: TestApp;
let dir: string;
let session: Session;
let cameraId: string;
let base: number;

beforeAll(async () => {
  dir = await tempDir('video-s3');
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'recordings' }] });
  const { port } = await s3.run();
  const video = loadConfig({
    OBJECT_STORAGE: 's3',
    S3_BUCKET: 'recordings',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }).video;
  t = await createTestApp({ video });
  const customer = await buildCustomer(t.db);
  cameraId = await buildCamera(t.db, customer.customerId, await buildShop(t.db, customer.customerId, customer.rootOrgId));
  session = await signIn(t.app, (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }])).loginName, customer.customerId);
  const clip = await testClip(dir, 6);
  const index = createSegmentIndex({ db: t.db, storage: objectStorageOf(t.config) });
  base = now().getTime() - 3_600_000;
  await recordClip(index, { clip, directory: dir, customerId: customer.customerId, cameraId, baseMs: base, runId: 'run' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('video on S3 storage', () => {
  it('serves playlists, byte ranges of segments and screenshots from the bucket', async () => {
    // The spool files went into the bucket.
    expect((await fsp.readdir(dir)).filter((name) => /^clip-\d{6}\.mp4$/.test(name))).toEqual([]);
    const playlist = await download(
      t.app,
      'GET',
      `${videoOperations.playbackRecord.path}?cameraId=${cameraId}&start=${new Date(base).toISOString()}&end=${new Date(base + 6000).toISOString()}`,
      undefined,
      session,
    );
    const text = playlist.content.toString();
    const map = /#EXT-X-MAP:URI="([^"]+)",BYTERANGE="(\d+)@0"/.exec(text);
    expect(text.split('\n').filter((line) => line.startsWith('/api/video/segment'))).toHaveLength(3);
    const whole = await download(t.app, 'GET', map?.[1] ?? '', undefined, session);
    expect(whole.http).toBe(200);
    const ranged = await t.app.inject({
      method: 'GET',
      url: map?.[1] ?? '',
      headers: { authorization: `Bearer ${session.token}`, 'x-customer-code': session.cid, range: `bytes=0-${Number(map?.[2]) - 1}` },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(whole.content.subarray(0, Number(map?.[2])))).toBe(true);
    const shot = await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId, at: new Date(base + 3000).toISOString() }, session);
    expect(shot.http).toBe(200);
    expect(shot.headers['content-type']).toBe('image/jpeg');
    expect(shot.content.subarray(0, 2).toString('hex')).toBe('ffd8');
  });
});
