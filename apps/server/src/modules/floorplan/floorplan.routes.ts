import multipart from '@fastify/multipart';
import { FLOOR_PLAN, floorPlanFieldsSchema, floorplanOperations, IMPORT_LIMITS } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { FloorplanService } from './floorplan.service.ts';
import { planFields, receiveUpload } from './plan-upload.ts';

/**
 * `afterElementsChanged`: a plan's regions, areas or lines changed (a new version, a dwell zone on or
 * off); its figures of the last 30 days are to be measured again (the tracks' recompute watch).
 */
export function registerFloorplanRoutes(
  app: FastifyInstance,
  floorplan: FloorplanService,
  afterElementsChanged: (customerId: string) => Promise<unknown>,
): void {
  const ops = floorplanOperations;
  const { admin, cameraPoints, config } = floorplan;
  registerOperation(app, ops.planList, ({ body, request }) => floorplan.plans(actorOf(request), body));
  registerOperation(app, ops.planGet, ({ body, request }) => floorplan.plan(actorOf(request), body.planId));
  registerOperation(app, ops.planUpdate, ({ body, request }) => admin.update(actorOf(request), body));
  registerOperation(app, ops.planDelete, ({ body, request }) => admin.remove(actorOf(request), body.planId));
  registerOperation(app, ops.planSwitch, ({ body, request }) => admin.switchActive(actorOf(request), body.planId));
  registerOperation(app, ops.planSaveByUrl, ({ body, request }) => admin.saveByUrl(actorOf(request), body));
  registerDownload(app, ops.planImage, ({ query, request }) => admin.image(actorOf(request), query.planId));
  registerOperation(app, ops.planNameCheck, async ({ body, request }) => ({
    available: !(await floorplan.isPlanNameTaken(actorOf(request), { shopId: body.shopId, name: body.name, planId: body.planId ?? undefined })),
  }));
  // Multipart parsing lives only in this context: one image of at most 1 MB (cut while it streams) and a few fields.
  app.register(async (images) => {
    await images.register(multipart, { limits: { fileSize: FLOOR_PLAN.maxBytes, files: 1, fields: 8, parts: 9 } });
    registerOperation(images, ops.planAdd, async ({ request }) => {
      const upload = await receiveUpload(request, 'floorplan.noFile');
      return floorplan.addPlan(actorOf(request), planFields(floorPlanFieldsSchema, upload.fields), upload.content);
    });
    registerOperation(images, ops.planImageUpload, async ({ request }) =>
      admin.uploadImage(actorOf(request), (await receiveUpload(request, 'floorplan.noFile')).content),
    );
  });
  app.register(async (sheets) => {
    await sheets.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3 } });
    registerOperation(sheets, ops.cameraPointUpload, async ({ request }) => {
      const upload = await receiveUpload(request, 'errors.importNoFile');
      return cameraPoints.upload(
        actorOf(request),
        upload.fields.planId ?? '',
        { fileName: upload.fileName || 'cameras.xlsx', content: upload.content },
        request.locale,
      );
    });
  });
  registerDownload(app, ops.cameraPointExport, async ({ query, request }) => cameraPoints.exportSheet(actorOf(request), query.planId, request.locale));

  registerOperation(app, ops.cameraPointList, ({ body, request }) => cameraPoints.ofPlan(actorOf(request), body.planId));
  registerOperation(app, ops.cameraPointAll, ({ body, request }) => cameraPoints.shopCameras(actorOf(request), body.shopId));
  registerOperation(app, ops.cameraWithoutPlan, ({ body, request }) => cameraPoints.withoutPlan(actorOf(request), body.shopId));
  registerOperation(app, ops.cameraPointGet, ({ body, request }) => cameraPoints.ofCamera(actorOf(request), body.cameraId));
  registerOperation(app, ops.cameraPointSave, ({ body, request }) => cameraPoints.save(actorOf(request), body));
  registerOperation(app, ops.cameraPointDelete, ({ body, request }) => cameraPoints.remove(actorOf(request), body));
  registerOperation(app, ops.cam2Dmap, async ({ body, request }) => {
    const preview = await cameraPoints.preview(actorOf(request), body);
    return { source: preview.source, footprint: preview.footprint, errorM: preview.errorM, maxErrorM: preview.maxErrorM };
  });
  registerOperation(app, ops.shadow, ({ body, request }) => cameraPoints.shadow(actorOf(request), body.planId));

  registerOperation(app, ops.elementList, ({ body, request }) => floorplan.elements(actorOf(request), body.planId, body.kind));
  registerOperation(app, ops.elementSave, async ({ body, request }) => {
    const saved = await floorplan.saveElements(actorOf(request), body);
    await afterElementsChanged(actorOf(request).customerId);
    return saved;
  });
  registerOperation(app, ops.regionList, ({ body, request }) => config.regions(actorOf(request), body.planId));
  registerOperation(app, ops.regionNameCheck, async ({ body, request }) => ({ available: await config.isRegionNameFree(actorOf(request), body) }));
  registerOperation(app, ops.regionHideGet, ({ query, request }) => config.hidden(actorOf(request), query.planId));
  registerOperation(app, ops.regionHideAdd, ({ body, request }) => config.hide(actorOf(request), body));
  registerOperation(app, ops.regionHideUpdate, ({ body, request }) => config.setHiddenRegions(actorOf(request), body));
  registerOperation(app, ops.haltAreaList, ({ body, request }) => config.haltAreas(actorOf(request), body.shopId));
  registerOperation(app, ops.haltAreaRename, ({ body, request }) => config.renameHalt(actorOf(request), body));
  registerOperation(app, ops.haltAreaStatus, async ({ body, request }) => {
    const changed = await config.setHaltEnabled(actorOf(request), body);
    await afterElementsChanged(actorOf(request).customerId);
    return changed;
  });
}
