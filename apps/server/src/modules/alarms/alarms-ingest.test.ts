import { type AlarmDetail, type AlarmRow, alarmOperations as ops } from '@storelens/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, type RectificationChain } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { setClock } from '../../platform/time/clock.ts';

/**
 * Ingestion's fast path (issue 15 section 6): a camera's plain JPEG is kept as sent, anything else
 * is decoded and kept upright without metadata; a cut-short JPEG is still refused; a batch decides
 * duplicates and folds within itself and tells people of its alarms together.
 */
const NOW = '2026-06-10T06:00:00.000Z';
const range = { startDate: '2026-06-01', endDate: '2026-06-10' };

let t: TestApp;
let chain: RectificationChain;
let box: TestBox;
let counter = 0;

const plainJpeg = () =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .jpeg({ quality: 70 })
    .toBuffer();

function alarmEvent(image: Buffer, extra: Record<string, unknown> = {}) {
  counter += 1;
  return {
    type: 'alarm',
    eventId: `ingest-${counter}`,
    cameraId: box.cameraIds[0],
    eventCode: `code_${counter}`,
    at: new Date(Date.parse(NOW) - counter * 60_000).toISOString(),
    priority: 'high',
    images: [{ image: image.toString('base64') }],
    ...extra,
  };
}

async function imageOf(eventCode: string): Promise<{ bytes: Buffer; detail: AlarmDetail }> {
  const session = chain.people.admin.session;
  const row = (await ok<{ list: AlarmRow[] }>(t.app, session, ops.list, { ...range, eventCodes: [eventCode], page: 1, pageSize: 10 })).list[0];
  if (!row) throw new Error('alarm not listed');
  const detail = await ok<AlarmDetail>(t.app, session, ops.detail, { alarmId: row.alarmId });
  const image = await t.app.inject({
    method: 'GET',
    url: `${ops.image.path}?imageId=${detail.images[0]?.imageId}`,
    headers: { authorization: `Bearer ${session.token}`, 'x-customer-code': session.cid },
  });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/jpeg');
  return { bytes: image.rawPayload, detail };
}

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
  box = await buildBox(t.db, chain.customerId, chain.s1, 1);
}, 120_000);
afterAll(async () => t.close());

describe('alarm images at ingestion', () => {
  it('keeps a plain upright JPEG as sent and shows it', async () => {
    const jpeg = await plainJpeg();
    const event = alarmEvent(jpeg);
    expect((await sendBatch(t.app, box.token, [event])).body.status).toBe(200);
    const { bytes, detail } = await imageOf(event.eventCode);
    expect(bytes.equals(jpeg)).toBe(true);
    expect(detail.images[0]).toMatchObject({ width: 320, height: 180 });
  });

  it('turns a JPEG with an EXIF orientation upright and drops its metadata; a PNG becomes a JPEG', async () => {
    const rotated = await sharp(await plainJpeg())
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const event = alarmEvent(rotated);
    const png = await sharp(await plainJpeg())
      .png()
      .toBuffer();
    const pngEvent = alarmEvent(png);
    expect((await sendBatch(t.app, box.token, [event, pngEvent])).body.status).toBe(200);
    const { bytes, detail } = await imageOf(event.eventCode);
    expect(detail.images[0]).toMatchObject({ width: 180, height: 320 });
    const kept = await sharp(bytes).metadata();
    expect([kept.orientation ?? 1, kept.exif]).toEqual([1, undefined]);
    expect((await sharp((await imageOf(pngEvent.eventCode)).bytes).metadata()).format).toBe('jpeg');
  });

  it('refuses a JPEG cut short, naming it, and writes nothing', async () => {
    const jpeg = await plainJpeg();
    const event = alarmEvent(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    const sent = await sendBatch(t.app, box.token, [alarmEvent(jpeg), event]);
    expect(sent.body.status).toBe(400);
    expect(JSON.stringify(sent.body)).toContain('images.0');
    const total = (await ok<{ total: number }>(t.app, chain.people.admin.session, ops.list, { ...range, eventCodes: [event.eventCode], page: 1, pageSize: 1 }))
      .total;
    expect(total).toBe(0);
  });
});

describe('a batch of alarms', () => {
  it('counts an event id twice in one batch once, folds a repeat into an alarm of the same batch, and tells each member once per alarm', async () => {
    const jpeg = await plainJpeg();
    const first = alarmEvent(jpeg, { eventCode: 'batch_fold' });
    const repeat = { ...alarmEvent(jpeg, { eventCode: 'batch_fold' }), at: new Date(Date.parse(first.at) + 60_000).toISOString() };
    const other = alarmEvent(jpeg);
    const sent = await sendBatch(t.app, box.token, [first, repeat, { ...first }, other]);
    expect(sent.body.status, sent.body.msg).toBe(200);
    expect(sent.body.data).toMatchObject({ accepted: 3, duplicates: 1 });
    const rows = (await ok<{ list: AlarmRow[] }>(t.app, chain.people.admin.session, ops.list, { ...range, eventCodes: ['batch_fold'], page: 1, pageSize: 10 }))
      .list;
    expect(rows.map((row) => [row.count, row.imageCount, row.occurredAt, row.lastOccurredAt])).toEqual([[2, 2, first.at, repeat.at]]);
    const messages = await t.db
      .selectFrom('messages')
      .select(['user_id', 'ref_id'])
      .where('customer_id', '=', chain.customerId)
      .where('source', '=', 'alarms.raised')
      .where('ref_id', 'in', [rows[0]?.alarmId as string])
      .execute();
    expect(messages.length).toBeGreaterThan(0);
    expect(new Set(messages.map((message) => message.user_id)).size).toBe(messages.length);
  });
});
