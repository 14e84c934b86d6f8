import multipart from '@fastify/multipart';
import {
  basketSizeResponseSchema,
  crossStoreRequestSchema,
  crossStoreResponseSchema,
  POS_LIMITS,
  periodComparisonRequestSchema,
  periodComparisonResponseSchema,
  posAuditRequestSchema,
  posErrorRowsRequestSchema,
  posErrorRowsResponseSchema,
  posListRequestSchema,
  posListResponseSchema,
  posUploadIdRequestSchema,
  posUploadResponseSchema,
  salesExportRequestSchema,
  salesRangeRequestSchema,
  salesRankingRequestSchema,
  salesRankingResponseSchema,
  salesSummaryResponseSchema,
  salesTemplateResponseSchema,
  salesTemplateSaveRequestSchema,
  salesTrendRequestSchema,
  salesTrendResponseSchema,
  timeOfDayResponseSchema,
  weekdayResponseSchema,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/authz/guard.ts';
import { defineDownload } from '../../platform/http/download.ts';
import { defineOperation, optionalBody } from '../../platform/http/operation.ts';
import type { PosUploadService } from './pos-upload.service.ts';
import type { SalesAnalyticsService } from './sales-analytics.service.ts';
import { exportSalesTable } from './sales-export.ts';
import { salesAnalyticsGuard, salesDownloadGuard, salesSettingsChangeGuard, salesSettingsGuard } from './sales-permissions.ts';
import type { SalesTemplateService } from './sales-template.service.ts';

const tags = ['sales'];

export interface SalesServices {
  templates: SalesTemplateService;
  uploads: PosUploadService;
  analytics: SalesAnalyticsService;
}

export function registerSalesRoutes(app: FastifyInstance, { templates, uploads, analytics }: SalesServices): void {
  // ---------------------------------------------------------------- sales template
  defineOperation(app, {
    method: 'POST',
    url: '/api/salesTemplate/getConfig',
    summary: "The customer's POS file template: columns in file order, headers, which optional columns are on, and the upload caps",
    tags,
    guard: salesSettingsGuard,
    response: salesTemplateResponseSchema,
    handler: ({ request }) => templates.get(actorOf(request).customerId, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/salesTemplate/saveConfig',
    summary: 'Save the POS file template: every field once, required ones on, headers unique',
    tags,
    guard: salesSettingsChangeGuard,
    body: salesTemplateSaveRequestSchema,
    response: salesTemplateResponseSchema,
    handler: ({ body, request }) => {
      const actor = actorOf(request);
      return templates.save(actor.customerId, actor.userId, body, request.locale);
    },
  });
  defineDownload(app, {
    method: 'GET',
    url: '/api/salesTemplate/download',
    summary: 'The .xlsx matching the POS file template (header row; an example as a note on each header)',
    tags,
    guard: salesSettingsGuard,
    handler: ({ request }) => templates.download(actorOf(request).customerId, request.locale),
  });

  // ---------------------------------------------------------------- POS uploads
  // Multipart parsing lives only in this context, so no other operation accepts form uploads.
  app.register(async (multipartContext) => {
    await multipartContext.register(multipart, {
      limits: { fileSize: POS_LIMITS.maxBytes, files: POS_LIMITS.maxFiles, fields: 5, parts: POS_LIMITS.maxFiles + 5 },
    });
    defineOperation(multipartContext, {
      method: 'POST',
      url: '/api/pos/upload',
      summary: 'Upload POS files (multipart, up to 10 fields "file", .xlsx up to 40 MB each); each becomes an import job',
      tags,
      guard: salesSettingsChangeGuard,
      response: posUploadResponseSchema,
      handler: ({ request }) => uploads.upload(actorOf(request), request),
    });
    defineOperation(multipartContext, {
      method: 'POST',
      url: '/api/pos/reupload',
      summary: 'Replace the file of a failed upload (multipart: field "uploadId", then "file") and import it again',
      tags,
      guard: salesSettingsChangeGuard,
      response: posUploadResponseSchema,
      handler: ({ request }) => uploads.reupload(actorOf(request), request),
    });
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/pos/list',
    summary: 'POS uploads: file, size, uploader, time, status and progress, error rows, audit state',
    tags,
    guard: salesSettingsGuard,
    body: optionalBody(posListRequestSchema),
    response: posListResponseSchema,
    handler: ({ body, request }) => uploads.list(actorOf(request), body, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/pos/errorRows',
    summary: "A failed upload's errors (row, column, message), paged",
    tags,
    guard: salesSettingsGuard,
    body: posErrorRowsRequestSchema,
    response: posErrorRowsResponseSchema,
    handler: ({ body, request }) => uploads.errorRows(actorOf(request), body, request.locale),
  });
  defineDownload(app, {
    method: 'GET',
    url: '/api/pos/downloadErrorReport',
    summary: 'Error report of a failed upload (.xlsx: row, column, message)',
    tags,
    guard: salesSettingsGuard,
    query: posUploadIdRequestSchema,
    handler: ({ query, request }) => uploads.errorReport(actorOf(request), query.uploadId, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/pos/audit',
    summary: 'Mark completed uploads as audited',
    tags,
    guard: salesSettingsChangeGuard,
    body: posAuditRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => uploads.audit(actorOf(request), body.uploadIds),
  });

  // ---------------------------------------------------------------- sales analytics (/sales)
  defineOperation(app, {
    method: 'POST',
    url: '/api/sales/summary',
    summary: 'Every sales indicator over a range, against the previous range of equal length',
    tags,
    guard: salesAnalyticsGuard,
    body: salesRangeRequestSchema,
    response: salesSummaryResponseSchema,
    handler: ({ body, request }) => analytics.summary(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/sales/trend',
    summary: 'Sales indicators by hour, day, week (from Monday) or month',
    tags,
    guard: salesAnalyticsGuard,
    body: salesTrendRequestSchema,
    response: salesTrendResponseSchema,
    handler: ({ body, request }) => analytics.trend(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/sales/storeRanking',
    summary: 'Shops ranked by a sales indicator, with the previous range of equal length',
    tags,
    guard: salesAnalyticsGuard,
    body: salesRankingRequestSchema,
    response: salesRankingResponseSchema,
    handler: ({ body, request }) => analytics.ranking(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/sales/crossStore',
    summary: 'Cross-store analysis: sales indicators side by side per shop, totals, shop average, share of net sales',
    tags,
    guard: salesAnalyticsGuard,
    body: crossStoreRequestSchema,
    response: crossStoreResponseSchema,
    handler: ({ body, request }) => analytics.crossStore(actorOf(request), body),
  });

  // ---------------------------------------------------------------- consumption analysis (/consumption)
  defineOperation(app, {
    method: 'POST',
    url: '/api/consumption/timeOfDay',
    summary: 'Sales by hour of the day against traffic: net sales, transactions, entries, conversion',
    tags,
    guard: salesAnalyticsGuard,
    body: salesRangeRequestSchema,
    response: timeOfDayResponseSchema,
    handler: ({ body, request }) => analytics.timeOfDay(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/consumption/basketSize',
    summary: 'Basket size distribution of the sales orders',
    tags,
    guard: salesAnalyticsGuard,
    body: salesRangeRequestSchema,
    response: basketSizeResponseSchema,
    handler: ({ body, request }) => analytics.basketSize(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/consumption/weekday',
    summary: 'Sales and conversion by day of the week (Monday first)',
    tags,
    guard: salesAnalyticsGuard,
    body: salesRangeRequestSchema,
    response: weekdayResponseSchema,
    handler: ({ body, request }) => analytics.weekday(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/consumption/periodComparison',
    summary: 'Two periods of equal length that do not overlap, compared in total and day by day',
    tags,
    guard: salesAnalyticsGuard,
    body: periodComparisonRequestSchema,
    response: periodComparisonResponseSchema,
    handler: ({ body, request }) => analytics.periodComparison(actorOf(request), body),
  });

  // ---------------------------------------------------------------- export
  defineDownload(app, {
    method: 'POST',
    url: '/api/sales/export',
    summary: 'Any sales or consumption table as .xlsx: { table, query } with the query of its operation',
    tags,
    guard: salesDownloadGuard,
    body: salesExportRequestSchema,
    handler: ({ body, request }) => exportSalesTable(analytics, actorOf(request), body, request.locale),
  });
}
