import { type DownloadRow, type downloadDetailSchema, type downloadListSchema, videoDownloadOperations as ops, type Page } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation } from '../../shared/lib/operations.ts';

/** Video download tasks (docs/API.md, "Video download tasks"). */
export type DownloadListRequest = z.input<typeof downloadListSchema>;
export type DownloadDetail = z.infer<typeof downloadDetailSchema>;

export const fetchDownloads = (request: DownloadListRequest): Promise<Page<DownloadRow>> => callOperation(ops.downloadList, request);
export const addDownloads = (cameraIds: string[], start: string, end: string) => callOperation(ops.downloadBatchAdd, { cameraIds, start, end });
export const fetchDownloadDetail = (id: string): Promise<DownloadDetail> => callOperation(ops.downloadBatchDetail, { id });
export const rebuildDownload = (id: string): Promise<DownloadRow> => callOperation(ops.downloadRebuild, { id });
/** The MP4, fetched with the session (no token in a URL) and handed to the browser as a file. */
export const fetchDownloadFile = (id: string): Promise<Blob> => callOperation(ops.downloadFile, { id }) as Promise<Blob>;
