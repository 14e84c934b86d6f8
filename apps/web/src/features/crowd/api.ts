import { type AudienceRow, type OperationInput, crowdOperations as ops } from '@storelens/contracts';
import { callOperation, postFormToOperation } from '../../shared/lib/operations.ts';

/** Audiences, channels and promotions (docs/API.md, "Audiences"). */
export type AudienceAdd = OperationInput<typeof ops.crowdAddTask>;
export type AudienceUpdate = OperationInput<typeof ops.crowdUpdate>;
export type PromotionAdd = OperationInput<typeof ops.promotionAdd>;

export const addAudience = (input: AudienceAdd) => callOperation(ops.crowdAddTask, input);
export const updateAudience = (input: AudienceUpdate) => callOperation(ops.crowdUpdate, input);
export const deleteAudience = (audienceId: string) => callOperation(ops.crowdDelete, { audienceId });
export const generateAudience = (audienceId: string): Promise<AudienceRow> => callOperation(ops.crowdGenerate, { audienceId });
export const evaluateAudience = (audienceId: string): Promise<AudienceRow> => callOperation(ops.crowdEvaluate, { audienceId });
export const exportAudience = (audienceId: string, channelId: string) => callOperation(ops.crowdExport, { audienceId, channelId }) as Promise<Blob>;
export function uploadIdentifiers(file: File, fields: { name: string; type: string; shopIds: string[] }) {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('type', fields.type);
  form.append('shopIds', fields.shopIds.join(','));
  form.append('file', file, file.name);
  return postFormToOperation(ops.submitMac, form, { silent: true });
}
export const addChannel = (input: OperationInput<typeof ops.channelAdd>) => callOperation(ops.channelAdd, input);
export const updateChannel = (input: OperationInput<typeof ops.channelUpdate>) => callOperation(ops.channelUpdate, input);
export const deleteChannel = (channelId: string) => callOperation(ops.channelDelete, { channelId });
export const addPromotion = (input: PromotionAdd) => callOperation(ops.promotionAdd, input);
export const updatePromotion = (input: OperationInput<typeof ops.promotionUpdate>) => callOperation(ops.promotionUpdate, input);
export const deletePromotion = (promotionId: string) => callOperation(ops.promotionDelete, { promotionId });
export function uploadMaterial(promotionId: string, file: File) {
  const form = new FormData();
  form.append('promotionId', promotionId);
  form.append('file', file, file.name);
  return postFormToOperation(ops.promotionUploadMaterial, form);
}
export const deleteMaterial = (promotionId: string, materialId: string) => callOperation(ops.promotionDeleteMaterial, { promotionId, materialId });
export const fetchMaterial = (promotionId: string, materialId: string) => callOperation(ops.promotionMaterial, { promotionId, materialId }) as Promise<Blob>;
