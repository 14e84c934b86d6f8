import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DB } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { now } from '../../platform/time/clock.ts';
import type { AlarmClips } from '../alarms/alarm-clips.ts';
import { cutRecordedRange } from '../video/downloads/clip.ts';

/** A demo box's clip: ten seconds either side of the alarm, like a box's pre- and post-roll. */
const ROLL_MS = 10_000;
/** Alarms this far back get a clip (the demo's recorded history is two days). */
const LOOKBACK_MS = 2 * 86_400_000;
/** At most this many clips a round (each is two ffmpeg stream copies of a few seconds). */
const CLIPS_PER_ROUND = 3;
/** When an alarm's moment is not recorded, it is looked at again this much later. */
const RECHECK_MS = 15 * 60_000;
/** Candidates looked at a round: alarms of cameras with no recording at their moment are passed over. */
const CANDIDATES_PER_ROUND = 50;

/**
 * The demo boxes' alarm clips (issue 15 section 2): a box that keeps its cameras' recordings posts a
 * clip of each alarm once the moment is recorded. The demo's boxes have no disks of their own, so
 * they cut the clip from the camera's recording on the server (the same segments playback plays)
 * and post it through the device API's clip service, checked and stored like any box's.
 */
export function createDemoAlarmClips(deps: {
  db: DB;
  storage: ObjectStorage;
  ffmpegPath: string;
  clips: AlarmClips;
  workRoot: string;
  log?: (message: string) => void;
}) {
  // An alarm whose clip failed is not tried again by this process: the feed's round must go on.
  const failed = new Set<string>();
  // An alarm whose moment is not recorded (an on-demand camera) is looked at again only after a
  // while, so the newest of those never crowd out recorded ones.
  const notRecorded = new Map<string, number>();
  return {
    /** Posts up to a few clips of the customers' recent alarms; answers how many were posted. */
    async post(customerIds: readonly string[], at: Date = now()): Promise<number> {
      let posted = 0;
      const from = new Date(at.getTime() - LOOKBACK_MS).toISOString();
      // The post-roll must be recorded already (a recorder closes a segment every 10 s).
      const to = new Date(at.getTime() - ROLL_MS - 20_000).toISOString();
      for (const customerId of customerIds) {
        for (const alarm of await deps.clips.awaitingClip(customerId, from, to, CANDIDATES_PER_ROUND)) {
          if (posted >= CLIPS_PER_ROUND) return posted;
          if (failed.has(alarm.alarmId) || (notRecorded.get(alarm.alarmId) ?? 0) > at.getTime()) continue;
          const moment = Date.parse(alarm.occurredAt);
          const workDir = path.join(deps.workRoot, newId());
          await fsp.mkdir(workDir, { recursive: true });
          try {
            const file = await cutRecordedRange(deps, customerId, alarm.cameraId, { fromMs: moment - ROLL_MS, toMs: moment + ROLL_MS }, workDir);
            if (!file) {
              notRecorded.set(alarm.alarmId, at.getTime() + RECHECK_MS);
              continue;
            }
            await deps.clips.receive({ customerId, boxId: alarm.boxId, shopId: alarm.shopId }, { eventId: alarm.eventId, content: fs.createReadStream(file) });
            posted += 1;
          } catch (error) {
            failed.add(alarm.alarmId);
            deps.log?.(`demo alarm clip ${alarm.alarmId}: ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            await fsp.rm(workDir, { recursive: true, force: true });
          }
        }
      }
      return posted;
    },
  };
}
export type DemoAlarmClips = ReturnType<typeof createDemoAlarmClips>;
