import multipart from '@fastify/multipart';
import { POS_LIMITS, salesOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { MoneyService } from './money.service.ts';
import type { PosUploadService } from './pos-upload.service.ts';
import type { SalesAnalyticsService } from './sales-analytics.service.ts';
import { exportSalesTable } from './sales-export.ts';
import type { SalesTemplateService } from './sales-template.service.ts';
export interface SalesServices {
  templates: SalesTemplateService;
  uploads: PosUploadService;
  analytics: SalesAnalyticsService;
  money: MoneyService;
}

export function registerSalesRoutes(app: FastifyInstance, { templates, uploads, analytics, money }: SalesServices): void {
  // ---------------------------------------------------------------- sales template
  registerOperation(app, salesOperations.salesTemplateGetConfig, ({ request }) => templates.get(actorOf(request).customerId, request.locale));
  registerOperation(app, salesOperations.salesTemplateSaveConfig, ({ body, request }) => {
    const actor = actorOf(request);
    return templates.save(actor.customerId, actor.userId, body, request.locale);
  });
  registerDownload(app, salesOperations.salesTemplateDownload, ({ request }) => templates.download(actorOf(request).customerId, request.locale));

  // ---------------------------------------------------------------- POS uploads
  // Multipart parsing lives only in this context, so no other operation accepts form uploads.
  app.register(async (multipartContext) => {
    await multipartContext.register(multipart, {
      limits: { fileSize: POS_LIMITS.maxBytes, files: POS_LIMITS.maxFiles, fields: 5, parts: POS_LIMITS.maxFiles + 5 },
    });
    registerOperation(multipartContext, salesOperations.posUpload, ({ request }) => uploads.upload(actorOf(request), request));
    registerOperation(multipartContext, salesOperations.posReupload, ({ request }) => uploads.reupload(actorOf(request), request));
  });
  registerOperation(app, salesOperations.posList, ({ body, request }) => uploads.list(actorOf(request), body, request.locale));
  registerOperation(app, salesOperations.posErrorRows, ({ body, request }) => uploads.errorRows(actorOf(request), body, request.locale));
  registerDownload(app, salesOperations.posDownloadErrorReport, ({ query, request }) => uploads.errorReport(actorOf(request), query.uploadId, request.locale));
  registerOperation(app, salesOperations.posAudit, ({ body, request }) => uploads.audit(actorOf(request), body.uploadIds));

  // ---------------------------------------------------------------- currencies (/settings/settingSales/exchangeRates)
  registerOperation(app, salesOperations.currencySettings, ({ request }) => money.settings(actorOf(request)));
  registerOperation(app, salesOperations.currencySettingsSave, ({ body, request }) => money.saveSettings(actorOf(request), body));
  registerOperation(app, salesOperations.exchangeRateList, ({ body, request }) => money.listRates(actorOf(request), body));
  registerOperation(app, salesOperations.exchangeRateSave, ({ body, request }) => money.saveRate(actorOf(request), body));
  registerOperation(app, salesOperations.exchangeRateDelete, ({ body, request }) => money.deleteRate(actorOf(request), body));

  // ---------------------------------------------------------------- sales analytics (/sales)
  registerOperation(app, salesOperations.currencyCheck, ({ body, request }) => analytics.currencyCheck(actorOf(request), body));
  registerOperation(app, salesOperations.summary, ({ body, request }) => analytics.summary(actorOf(request), body));
  registerOperation(app, salesOperations.trend, ({ body, request }) => analytics.trend(actorOf(request), body));
  registerOperation(app, salesOperations.storeRanking, ({ body, request }) => analytics.ranking(actorOf(request), body));
  registerOperation(app, salesOperations.crossStore, ({ body, request }) => analytics.crossStore(actorOf(request), body));

  // ---------------------------------------------------------------- consumption analysis (/consumption)
  registerOperation(app, salesOperations.consumptionTimeOfDay, ({ body, request }) => analytics.timeOfDay(actorOf(request), body));
  registerOperation(app, salesOperations.consumptionBasketSize, ({ body, request }) => analytics.basketSize(actorOf(request), body));
  registerOperation(app, salesOperations.consumptionWeekday, ({ body, request }) => analytics.weekday(actorOf(request), body));
  registerOperation(app, salesOperations.consumptionPeriodComparison, ({ body, request }) => analytics.periodComparison(actorOf(request), body));

  // ---------------------------------------------------------------- export
  registerDownload(app, salesOperations.export, ({ body, request }) => exportSalesTable(analytics, actorOf(request), body, request.locale));
}
