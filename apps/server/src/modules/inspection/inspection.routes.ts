import multipart from '@fastify/multipart';
import { IMPORT_LIMITS, INSPECTION_LIMITS, inspectionOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { readUploadedFile } from '../../platform/files/import-reports.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { AnalysisService } from './analysis.service.ts';
import type { PlansService } from './plans.service.ts';
import type { SopService } from './sop.service.ts';
import type { SopImportService } from './sop-import.service.ts';
import type { TodoService } from './todo.service.ts';

export interface InspectionServices {
  sop: SopService;
  sopImport: SopImportService;
  plans: PlansService;
  todo: TodoService;
  analysis: AnalysisService;
}

export function registerInspectionRoutes(app: FastifyInstance, { sop, sopImport, plans, todo, analysis }: InspectionServices): void {
  // ---------------------------------------------------------------- SOP: categories
  registerOperation(app, ops.siClassList, ({ body, request }) => sop.classList(actorOf(request), body.keyword));
  registerOperation(app, ops.siClassAdd, ({ body, request }) => sop.addClass(actorOf(request), body));
  registerOperation(app, ops.siClassUpdate, ({ body, request }) => sop.updateClass(actorOf(request), body));
  registerOperation(app, ops.siClassDelete, ({ body, request }) => sop.deleteClass(actorOf(request), body));

  // ---------------------------------------------------------------- SOP: items
  registerOperation(app, ops.siItemList, ({ body, request }) => sop.itemList(actorOf(request), body));
  registerOperation(app, ops.getSiItems, ({ body, request }) => sop.groupedItems(actorOf(request), body));
  registerOperation(app, ops.siItemDetail, ({ body, request }) => sop.itemDetail(actorOf(request), body.itemId));
  registerOperation(app, ops.siItemAdd, ({ body, request }) => sop.addItem(actorOf(request), body));
  registerOperation(app, ops.siItemUpdate, ({ body, request }) => sop.updateItem(actorOf(request), body));
  registerOperation(app, ops.siItemUpdateStatus, ({ body, request }) => sop.updateItemStatus(actorOf(request), body));
  registerOperation(app, ops.isPlanExistByItem, ({ body, request }) => sop.isPlanExistByItem(actorOf(request), body.itemId));
  registerDownload(app, ops.siItemImage, ({ query, request }) => sop.image(actorOf(request), query.itemId));
  registerDownload(app, ops.siItemExport, async ({ body, request }) =>
    sopImport.exportItems(actorOf(request), await sop.checkFilter(actorOf(request), body), request.locale),
  );
  registerDownload(app, ops.siItemUploadTemplate, async ({ request }) => ({
    fileName: 'inspection-items-template.xlsx',
    content: await sopImport.template(request.locale),
  }));
  registerDownload(app, ops.siItemDownloadUploadErrorData, ({ body, request }) => sopImport.errorReport(actorOf(request), body.errorReportId, request.locale));
  // Multipart parsing lives only in these contexts, each with its own limits.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5 } });
    registerOperation(uploads, ops.siItemUpload, async ({ request }) =>
      sopImport.importItems(actorOf(request), await readUploadedFile(request), request.locale),
    );
  });
  app.register(async (images) => {
    await images.register(multipart, { limits: { fileSize: INSPECTION_LIMITS.imageMaxBytes, files: 1, fields: 2, parts: 3 } });
    registerOperation(images, ops.siItemUploadImage, ({ request }) => sop.uploadImage(actorOf(request), request));
  });

  // ---------------------------------------------------------------- plans
  registerOperation(app, ops.isPlanNameExist, ({ body, request }) => plans.isPlanNameExist(actorOf(request), body));
  registerOperation(app, ops.inspectors, ({ body, request }) => plans.inspectors(actorOf(request), body));
  registerOperation(app, ops.planAdd, ({ body, request }) => plans.add(actorOf(request), body));
  registerOperation(app, ops.planUpdate, ({ body, request }) => plans.update(actorOf(request), body));
  registerOperation(app, ops.planPause, ({ body, request }) => plans.act(actorOf(request), body.planId, 'pause'));
  registerOperation(app, ops.planRestart, ({ body, request }) => plans.act(actorOf(request), body.planId, 'reactivate'));
  registerOperation(app, ops.planDelete, ({ body, request }) => plans.act(actorOf(request), body.planId, 'delete'));
  registerOperation(app, ops.planList, ({ body, request }) => plans.list(actorOf(request), body));
  registerOperation(app, ops.planDetail, ({ body, request }) => plans.detail(actorOf(request), body.planId));
  registerOperation(app, ops.planUpdateLog, ({ body, request }) => plans.updateLog(actorOf(request), body.planId));
  registerOperation(app, ops.batchStatusList, ({ body, request }) => plans.batches(actorOf(request), body.planId));
  registerOperation(app, ops.shopProgress, ({ body, request }) => plans.shopProgress(actorOf(request), body));
  registerOperation(app, ops.assignmentList, ({ body, request }) => plans.assignments(actorOf(request), body));

  // ---------------------------------------------------------------- doing an inspection (my to-do)
  registerOperation(app, ops.todoList, ({ body, request }) => todo.todoList(actorOf(request), body));
  registerOperation(app, ops.todoDoneList, ({ body, request }) => todo.doneList(actorOf(request), body));
  registerOperation(app, ops.todoDetail, ({ body, request }) => todo.detail(actorOf(request), body.assignmentId));
  registerOperation(app, ops.todoScreenshot, ({ body, request }) => todo.screenshot(actorOf(request), body));
  registerOperation(app, ops.todoMediaDelete, ({ body, request }) => todo.deleteMedia(actorOf(request), body.mediaId));
  registerOperation(app, ops.todoSubmit, ({ body, request }) => todo.submit(actorOf(request), body));
  registerDownload(app, ops.todoReferenceImage, ({ query, request }) => todo.referenceImage(actorOf(request), query.assignmentId, query.itemId));
  registerDownload(app, ops.todoMedia, ({ query, request }) => todo.media(actorOf(request), query.mediaId));
  app.register(async (images) => {
    await images.register(multipart, { limits: { fileSize: INSPECTION_LIMITS.imageMaxBytes, files: 1, fields: 3, parts: 4 } });
    registerOperation(images, ops.todoUploadImage, ({ request }) => todo.uploadImage(actorOf(request), request));
  });

  // ---------------------------------------------------------------- analysis (patrol stats)
  registerOperation(app, ops.patrolStats, ({ body, request }) => analysis.stats(actorOf(request), body));
  registerDownload(app, ops.patrolStatsExport, ({ body, request }) => analysis.export(actorOf(request), body, request.locale));
}
