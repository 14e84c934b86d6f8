import { type OperationInput, rectificationOperations as ops } from '@storelens/contracts';
import { callOperation, uploadToOperation } from '../../shared/lib/operations.ts';

/** Rectification commands (docs/API.md, "Rectification"); reads are in hooks/useRectification.ts. */

export type CreateInput = OperationInput<typeof ops.create>;
export type DownloadInput = OperationInput<typeof ops.download>;

export const createRectification = (input: CreateInput) => callOperation(ops.create, input);
export const submitRectification = (input: OperationInput<typeof ops.submit>) => callOperation(ops.submit, input);
export const referRectification = (input: OperationInput<typeof ops.refer>) => callOperation(ops.refer, input);
export const reviewRectification = (input: OperationInput<typeof ops.review>) => callOperation(ops.review, input);
export const downloadRectifications = (input: DownloadInput) => callOperation(ops.download, input) as Promise<Blob>;

/** One picture, checked and resized on the server; its id goes into submit or create. Silent: the uploader shows the refusal itself. */
export const uploadRectificationImage = (file: File, onProgress?: (fraction: number) => void) =>
  uploadToOperation(ops.uploadImage, file, file.name, { silent: true, ...(onProgress ? { onUploadProgress: onProgress } : {}) });

/** A picture fetched with the session (never a token in an <img> address). */
export const fetchRectificationMedia = (mediaId: string) => callOperation(ops.media, { mediaId }, { silent: true }) as Promise<Blob>;
