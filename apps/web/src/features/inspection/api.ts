import { type OperationInput, inspectionOperations as ops } from '@storelens/contracts';
import { callOperation, postFormToOperation, uploadToOperation } from '../../shared/lib/operations.ts';

/** Patrol inspection, part 1: the SOP and inspection plans (docs/API.md, "Inspection"). */

export type PlanInput = OperationInput<typeof ops.planAdd>;
export type ItemFilter = OperationInput<typeof ops.siItemExport>;

export const addCategory = (name: string) => callOperation(ops.siClassAdd, { name });
export const renameCategory = (categoryId: string, name: string) => callOperation(ops.siClassUpdate, { categoryId, name });
export const deleteCategory = (categoryId: string) => callOperation(ops.siClassDelete, { categoryId });

export const addItem = (input: OperationInput<typeof ops.siItemAdd>) => callOperation(ops.siItemAdd, input);
export const updateItem = (input: OperationInput<typeof ops.siItemUpdate>) => callOperation(ops.siItemUpdate, input);
export const setItemStatus = (itemId: string, status: 'available' | 'filed') => callOperation(ops.siItemUpdateStatus, { itemId, status });
export const isPlanExistByItem = (itemId: string) => callOperation(ops.isPlanExistByItem, { itemId });

export function uploadItemImage(itemId: string, file: File) {
  const form = new FormData();
  form.append('itemId', itemId);
  form.append('file', file, file.name);
  return postFormToOperation(ops.siItemUploadImage, form);
}
export const fetchItemImage = (itemId: string, version: string) => callOperation(ops.siItemImage, { itemId, v: version }) as Promise<Blob>;

export const exportItems = (filter: ItemFilter) => callOperation(ops.siItemExport, filter) as Promise<Blob>;
export const downloadItemTemplate = () => callOperation(ops.siItemUploadTemplate, undefined) as Promise<Blob>;
export const downloadItemErrorReport = (errorReportId: string) => callOperation(ops.siItemDownloadUploadErrorData, { errorReportId }) as Promise<Blob>;
export const uploadItems = (file: File, onProgress: (fraction: number) => void) =>
  uploadToOperation(ops.siItemUpload, file, file.name, { onUploadProgress: onProgress });

export const addPlan = (input: PlanInput) => callOperation(ops.planAdd, input);
export const updatePlan = (input: OperationInput<typeof ops.planUpdate>) => callOperation(ops.planUpdate, input);
export const pausePlan = (planId: string) => callOperation(ops.planPause, { planId });
export const restartPlan = (planId: string) => callOperation(ops.planRestart, { planId });
export const deletePlan = (planId: string) => callOperation(ops.planDelete, { planId });
export const isPlanNameExist = (name: string, planId?: string) => callOperation(ops.isPlanNameExist, { name, ...(planId ? { planId } : {}) }, { silent: true });

// ---------------------------------------------------------------- doing an inspection (my to-do)

export type TodoSubmitInput = OperationInput<typeof ops.todoSubmit>;
export const takeScreenshot = (input: OperationInput<typeof ops.todoScreenshot>) => callOperation(ops.todoScreenshot, input);
export const deleteResultMedia = (mediaId: string) => callOperation(ops.todoMediaDelete, { mediaId });
export const submitInspection = (input: TodoSubmitInput) => callOperation(ops.todoSubmit, input);
/** Silent: the uploader shows the server's refusal itself. */
export function uploadResultImage(assignmentId: string, itemId: string, file: File) {
  const form = new FormData();
  form.append('assignmentId', assignmentId);
  form.append('itemId', itemId);
  form.append('file', file, file.name);
  return postFormToOperation(ops.todoUploadImage, form, { silent: true });
}
/** Pictures fetched with the session (never a token in an <img> address). */
export const fetchResultMedia = (mediaId: string) => callOperation(ops.todoMedia, { mediaId }, { silent: true }) as Promise<Blob>;
export const fetchReferenceImage = (assignmentId: string, itemId: string) =>
  callOperation(ops.todoReferenceImage, { assignmentId, itemId }, { silent: true }) as Promise<Blob>;
