import '@fastify/multipart';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ALARM_LIMITS, type AlarmClipUploaded } from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { runFfmpeg } from '../video/ffmpeg.ts';
import { alarmsRepo } from './alarms.repo.ts';

const DAY_MS = 86_400_000;

/** Where an alarm's media live: under 'alarm-media/', the prefix the video retention keeps a year. */
export const alarmMediaKey = (customerId: string, shopId: string, boxId: string, eventId: string, name: string) =>
  `alarm-media/${customerId}/${shopId}/${crypto.createHash('sha256').update(`${boxId}:${eventId}`).digest('hex').slice(0, 32)}/${name}`;

/** Whether media uploaded at `uploadedAt` are past their year (spec section 9), on the server's clock. */
export function alarmMediaExpired(uploadedAt: string, at: Date = now()): boolean {
  return Date.parse(uploadedAt) + ALARM_LIMITS.mediaValidDays * DAY_MS < at.getTime();
}

interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
}

/**
 * Checks a posted file as what it claims to be, by its content (never its name): an MP4 container
 * with an H.264 video stream (what every browser plays), lasting at most the clip limit. Returns
 * its duration in milliseconds; anything else is 'deviceApi.alarmClip'.
 */
export async function probeAlarmClip(ffprobePath: string, file: string): Promise<number> {
  let probed: { format?: { format_name?: string; duration?: string }; streams?: ProbedStream[] };
  try {
    const { stdout } = await runFfmpeg(
      ffprobePath,
      ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_type,codec_name', '-of', 'json', file],
      { timeoutMs: 20_000 },
    );
    probed = JSON.parse(stdout.toString()) as typeof probed;
  } catch {
    throw badRequest('deviceApi.alarmClip', { seconds: ALARM_LIMITS.clipMaxSeconds });
  }
  const formats = (probed.format?.format_name ?? '').split(',');
  const seconds = Number.parseFloat(probed.format?.duration ?? '');
  const video = (probed.streams ?? []).some((stream) => stream.codec_type === 'video' && stream.codec_name === 'h264');
  // Half a second of slack: a box cutting "60 s" at keyframes lands a frame or two over.
  if (!formats.includes('mp4') || !video || !Number.isFinite(seconds) || seconds <= 0 || seconds > ALARM_LIMITS.clipMaxSeconds + 0.5) {
    throw badRequest('deviceApi.alarmClip', { seconds: ALARM_LIMITS.clipMaxSeconds });
  }
  return Math.round(seconds * 1000);
}

export interface AlarmClipSource {
  /** The box's id of the alarm event the clip belongs to. */
  eventId: string;
  /** The clip's bytes, as posted. */
  content: Readable;
}

/**
 * A box's clip of an alarm (issue 15 section 2), posted after the alarm event: checked as an MP4 of
 * H.264 video by ffprobe, rewritten by stream copy with its index first (a browser plays it while it
 * loads; no re-encode, video only) and kept under 'alarm-media/' for a year. An alarm keeps the
 * first clip any of its reports brought; the same clip again answers as the first time did.
 */
export function createAlarmClips(deps: { db: DB; storage: ObjectStorage; ffmpegPath: string; ffprobePath: string; workRoot: string }) {
  const { db, storage } = deps;

  /** Writes the posted bytes to `file`, refusing more than the limit before reading further. */
  async function spool(content: Readable, file: string): Promise<void> {
    let bytes = 0;
    const limited = async function* () {
      for await (const chunk of content) {
        bytes += (chunk as Buffer).length;
        if (bytes > ALARM_LIMITS.clipMaxBytes) throw badRequest('deviceApi.alarmClipSize', { mb: ALARM_LIMITS.clipMaxBytes / 1024 / 1024 });
        yield chunk as Buffer;
      }
    };
    await pipeline(limited, fs.createWriteStream(file));
  }

  async function receive(device: { customerId: string; boxId: string; shopId: string }, source: AlarmClipSource): Promise<AlarmClipUploaded> {
    const repo = alarmsRepo(tenantScope(db, device.customerId));
    const report = await repo.findReport(device.boxId, source.eventId);
    if (!report) throw badRequest('deviceApi.alarmUnknownEvent', { eventId: source.eventId });
    const workDir = path.join(deps.workRoot, newId());
    await fsp.mkdir(workDir, { recursive: true });
    try {
      const posted = path.join(workDir, 'posted.mp4');
      await spool(source.content, posted);
      const durationMs = await probeAlarmClip(deps.ffprobePath, posted);
      const sha256 = crypto
        .createHash('sha256')
        .update(await fsp.readFile(posted))
        .digest('hex');
      const existing = await repo.clip(report.alarm_id);
      if (existing) return { alarmId: report.alarm_id, kept: existing.sha256 === sha256, durationMs: existing.duration_ms, bytes: existing.bytes };
      const clip = path.join(workDir, 'clip.mp4');
      await runFfmpeg(
        deps.ffmpegPath,
        ['-hide_banner', '-loglevel', 'error', '-y', '-i', posted, '-map', '0:v:0', '-c', 'copy', '-movflags', '+faststart', clip],
        { timeoutMs: 60_000 },
      ).catch(() => {
        throw badRequest('deviceApi.alarmClip', { seconds: ALARM_LIMITS.clipMaxSeconds });
      });
      const { size } = await fsp.stat(clip);
      const storageKey = alarmMediaKey(device.customerId, device.shopId, device.boxId, source.eventId, `clip-${sha256.slice(0, 16)}.mp4`);
      await storage.putFile(storageKey, clip);
      const inserted = await repo.insertClip({
        alarm_id: report.alarm_id,
        report_id: report.id,
        storage_key: storageKey,
        sha256,
        bytes: size,
        duration_ms: durationMs,
        uploaded_at: nowIso(),
      });
      if (inserted) return { alarmId: report.alarm_id, kept: true, durationMs, bytes: size };
      // Another report of the same alarm brought its clip meanwhile: that one stays.
      const winner = await repo.clip(report.alarm_id);
      if (winner && winner.storage_key !== storageKey) await storage.delete([storageKey]);
      return { alarmId: report.alarm_id, kept: winner?.sha256 === sha256, durationMs: winner?.duration_ms ?? durationMs, bytes: winner?.bytes ?? size };
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  return {
    receive,
    /**
     * Alarms raised in [from, to) that have no clip yet, with the box and event they came from:
     * what a box that keeps its own recordings would post clips of (the demo's boxes do).
     */
    async awaitingClip(customerId: string, from: string, to: string, limit: number) {
      return (await alarmsRepo(tenantScope(db, customerId)).withoutClip(from, to, limit)).flatMap((row) =>
        row.camera_id
          ? [{ alarmId: row.id, shopId: row.shop_id, cameraId: row.camera_id, occurredAt: row.occurred_at, boxId: row.box_id, eventId: row.event_id }]
          : [],
      );
    },
    /** The HTTP form: the one file part of a multipart request, streamed (never held whole in memory). */
    async receiveUpload(device: { customerId: string; boxId: string; shopId: string }, eventId: string, request: FastifyRequest): Promise<AlarmClipUploaded> {
      if (!request.isMultipart()) throw badRequest('errors.importNoFile');
      const file = await request.file({ limits: { fileSize: ALARM_LIMITS.clipMaxBytes + 1, files: 1 } });
      if (!file) throw badRequest('errors.importNoFile');
      return receive(device, { eventId, content: file.file });
    },
  };
}
export type AlarmClips = ReturnType<typeof createAlarmClips>;
