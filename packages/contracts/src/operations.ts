import { aiTaskOperations } from './ai-tasks/operations.ts';
import { alarmOperations } from './alarms/operations.ts';
import { authOperations } from './auth/operations.ts';
import { batchOperations } from './batch/operations.ts';
import { boardsOperations } from './boards/operations.ts';
import { calendarOperations } from './calendar/operations.ts';
import { crowdOperations } from './crowd/operations.ts';
import { devOperations } from './dev/operations.ts';
import { deviceApiOperations } from './device-api/operations.ts';
import { devicesOperations } from './devices/operations.ts';
import { extensionsOperations } from './extensions/operations.ts';
import { areaAnalysisOperations } from './floorplan/analysis.ts';
import { floorplanOperations } from './floorplan/operations.ts';
import { hygieneOperations } from './hygiene/operations.ts';
import { inspectionOperations } from './inspection/operations.ts';
import { messageOperations } from './messages/operations.ts';
import { orgAdminOperations } from './org/admin-operations.ts';
import { orgOperations } from './org/operations.ts';
import type { AnyOperation } from './platform/operation.ts';
import { realtimeOperations } from './realtime/operations.ts';
import { rectificationOperations } from './rectification/operations.ts';
import { salesOperations } from './sales/operations.ts';
import { sessionOperations } from './session/operations.ts';
import { temperatureOperations } from './temperature/operations.ts';
import { trafficOperations } from './traffic/operations.ts';
import { singleLensOperations } from './traffic/single-lens.ts';
import { usersOperations } from './users/operations.ts';
import { videoDownloadOperations, videoKeyframeOperations } from './video/downloads.ts';
import { liveOperations } from './video/live.ts';
import { videoOperations } from './video/operations.ts';
import { virtualStoreOperations } from './virtual-store/operations.ts';
import { warehouseOperations } from './warehouse/operations.ts';
import { webhookOperations } from './webhooks/operations.ts';

/**
 * Every declared operation (issue 10 section 3). A domain's declarations join this list when its
 * routes are registered from them; the server's sweeps (cross-customer, bad input) iterate over it.
 */
export const DECLARED_OPERATIONS: readonly AnyOperation[] = [
  ...Object.values(messageOperations),
  ...Object.values(orgAdminOperations),
  ...Object.values(usersOperations),
  ...Object.values(trafficOperations),
  ...Object.values(sessionOperations),
  ...Object.values(salesOperations),
  ...Object.values(orgOperations),
  ...Object.values(devicesOperations),
  ...Object.values(deviceApiOperations),
  ...Object.values(devOperations),
  ...Object.values(calendarOperations),
  ...Object.values(authOperations),
  ...Object.values(videoOperations),
  ...Object.values(videoDownloadOperations),
  ...Object.values(videoKeyframeOperations),
  ...Object.values(singleLensOperations),
  ...Object.values(liveOperations),
  ...Object.values(virtualStoreOperations),
  ...Object.values(areaAnalysisOperations),
  ...Object.values(floorplanOperations),
  ...Object.values(inspectionOperations),
  ...Object.values(realtimeOperations),
  ...Object.values(webhookOperations),
  ...Object.values(crowdOperations),
  ...Object.values(batchOperations),
  ...Object.values(boardsOperations),
  ...Object.values(rectificationOperations),
  ...Object.values(alarmOperations),
  ...Object.values(temperatureOperations),
  ...Object.values(hygieneOperations),
  ...Object.values(aiTaskOperations),
  ...Object.values(extensionsOperations),
  ...Object.values(warehouseOperations),
];
