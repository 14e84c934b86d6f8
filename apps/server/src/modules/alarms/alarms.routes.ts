import multipart from '@fastify/multipart';
import { ALARM_LIMITS, alarmOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf, deviceOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { AlarmAnalysisService } from './alarm-analysis.service.ts';
import type { AlarmClips } from './alarm-clips.ts';
import type { AlarmDebugService } from './alarm-debug.service.ts';
import type { AlarmReportsService } from './alarm-reports.service.ts';
import type { AlarmsService } from './alarms.service.ts';
import type { AlertSettingsService } from './alert-settings.service.ts';

export function registerAlarmsRoutes(
  app: FastifyInstance,
  alarms: AlarmsService,
  more: { debug: AlarmDebugService; reports: AlarmReportsService; alerts: AlertSettingsService; analysis: AlarmAnalysisService; clips: AlarmClips },
): void {
  const { debug, reports, alerts, analysis, clips } = more;
  registerOperation(app, ops.list, ({ body, request }) => alarms.list(actorOf(request), body));
  registerOperation(app, ops.detail, ({ body, request }) => alarms.detail(actorOf(request), body.alarmId));
  registerOperation(app, ops.markRead, ({ body, request }) => alarms.markRead(actorOf(request), body));
  registerOperation(app, ops.act, ({ body, request }) => alarms.act(actorOf(request), body));
  registerOperation(app, ops.tag, ({ body, request }) => alarms.tag(actorOf(request), body));
  registerOperation(app, ops.rectify, ({ body, request }) => alarms.rectify(actorOf(request), body));
  registerOperation(app, ops.analysis, ({ body, request }) => analysis.analysis(actorOf(request), body, request.locale));
  registerOperation(app, ops.debugList, ({ body, request }) => debug.list(actorOf(request), body));
  registerOperation(app, ops.debugDetail, ({ body, request }) => debug.detail(actorOf(request), body.reportId));
  registerOperation(app, ops.debugDeleted, ({ body, request }) => debug.deleted(actorOf(request), body));
  registerOperation(app, ops.errorReportCreate, ({ body, request }) => reports.create(actorOf(request), body));
  registerOperation(app, ops.errorReportList, ({ body, request }) => reports.list(actorOf(request), body));
  registerOperation(app, ops.errorReportDecide, ({ body, request }) => reports.decide(actorOf(request), body));
  registerOperation(app, ops.alertSettingGet, ({ request }) => alerts.get(actorOf(request)));
  registerOperation(app, ops.alertSettingSave, ({ body, request }) => alerts.save(actorOf(request), body));
  registerDownload(app, ops.image, ({ query, request }) => alarms.image(actorOf(request), query.imageId));
  registerDownload(app, ops.clip, ({ query, request }) => alarms.clip(actorOf(request), query.alarmId));
  // A box's clip: multipart only in this context, with the clip's own limits (one file, no fields).
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: ALARM_LIMITS.clipMaxBytes + 1, files: 1, fields: 0, parts: 1 } });
    registerOperation(uploads, ops.deviceClip, ({ query, request }) => clips.receiveUpload(deviceOf(request), query.eventId, request));
  });
}
