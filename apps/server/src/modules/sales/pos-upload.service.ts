import '@fastify/multipart';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type Locale,
  type MessageKey,
  type Page,
  POS_LIMITS,
  type PosListRequest,
  type PosUploadResponse,
  type PosUploadRow,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/jobs.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { type NewUpload, posRepo, type UploadRow } from './pos.repo.ts';
import { fileProblem, removeFile, storedNameOf, storedPath } from './pos-files.ts';
import { POS_IMPORT_JOB, type PosImportPayload, posImportConcurrencyKey } from './pos-import.job.ts';
import type { PosRowError } from './pos-parse.ts';
import type { SalesTemplateService } from './sales-template.service.ts';

interface ReceivedFile {
  fileName: string;
  tempPath: string;
  size: number;
}

/** Refuses a request over a cap or with a file that is not a plain .xlsx; `data` names the file. */
const refuseFile = (key: MessageKey, fileName: string, params?: Record<string, string | number>) => refused(key, params, { fileName });

/**
 * Streams the `file` parts of a multipart request to DATA_DIR (never a whole 40 MB file in memory)
 * and checks each: size (spec: 40 MB, 'File too large'), count (10 per request), .xlsx without a
 * password. Any problem refuses the whole request and removes what was received.
 */
async function receiveFiles(request: FastifyRequest, directory: string): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('errors.importNoFile');
  await fs.promises.mkdir(directory, { recursive: true });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const fileName = (part.filename || 'upload.xlsx').slice(0, 200);
      const tempPath = path.join(directory, `${newId()}.part`);
      files.push({ fileName, tempPath, size: 0 });
      try {
        await pipeline(part.file, fs.createWriteStream(tempPath));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuseFile('errors.fileTooLarge', fileName);
        throw error;
      }
      if (part.file.truncated) throw refuseFile('errors.fileTooLarge', fileName);
      if (part.fieldname !== 'file') throw badRequest('errors.importNoFile');
    }
    if (files.length === 0) throw badRequest('errors.importNoFile');
    for (const file of files) {
      file.size = (await fs.promises.stat(file.tempPath)).size;
      const problem = await fileProblem(file.tempPath, file.fileName);
      if (problem) throw refuseFile(problem, file.fileName);
    }
    return { files, fields };
  } catch (error) {
    await Promise.all(files.map((file) => removeFile(file.tempPath)));
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw refused('pos.tooManyFiles', { max: POS_LIMITS.maxFiles });
    throw error;
  }
}

/** An upload as it enters the queue (a new file, or a failed one uploaded again): nothing read yet. */
function queuedState(userId: string | null, file: ReceivedFile, template: string, uploadedAt: string) {
  return {
    user_id: userId,
    file_name: file.fileName,
    size_bytes: file.size,
    template,
    status: 'waiting' as const,
    progress: 0,
    rows_total: null,
    imported_rows: 0,
    error_rows: 0,
    errors: '[]',
    failure: null,
    attempts: 0,
    uploaded_at: uploadedAt,
    started_at: null,
    finished_at: null,
    audit_state: 'unreviewed' as const,
    audited_by: null,
    audited_at: null,
  };
}

export function translatePosErrors(errors: readonly PosRowError[], locale: Locale) {
  return errors.map((error) => ({ row: error.row, column: error.column, message: translateMessage(locale, error.message) }));
}

/**
 * POS uploads (/settings/settingSales/performanceData): files in, import jobs queued for the
 * worker, the list with progress and outcome, row errors and their report, re-upload, audit.
 */
export function createPosUploadService(deps: { db: DB; dataDir: string; queue: JobQueue; worker: JobWorker; templates: SalesTemplateService }) {
  const { db, dataDir, queue: jobs, worker, templates } = deps;

  /** Each queued upload becomes an import job; one customer's run one at a time, in upload order. */
  async function enqueueImports(customerId: string, uploadIds: readonly string[]): Promise<void> {
    for (const uploadId of uploadIds) {
      await jobs.enqueue<PosImportPayload>(POS_IMPORT_JOB, { uploadId }, { customerId, concurrencyKey: posImportConcurrencyKey(customerId) });
    }
  }
  const repoOf = (customerId: string) => posRepo(tenantScope(db, customerId));
  const incoming = (customerId: string) => path.join(dataDir, 'pos', customerId);

  /** A caller limited to part of the customer sees the uploads they made; the others see all. */
  async function uploaderFilter(actor: CustomerActor): Promise<string | null> {
    return (await accessOf(db, actor).scope()).shopIds === null ? null : actor.userId;
  }

  async function visibleUpload(actor: CustomerActor, uploadId: string): Promise<UploadRow> {
    const upload = await repoOf(actor.customerId).upload(uploadId);
    const onlyOwn = await uploaderFilter(actor);
    if (!upload || (onlyOwn !== null && upload.user_id !== onlyOwn)) throw notFound();
    return upload;
  }

  /** Moves received files into place and queues them, in the order they came. */
  async function queue(customerId: string, userId: string | null, files: readonly ReceivedFile[], locale: Locale): Promise<PosUploadResponse> {
    const { columns } = await templates.effective(customerId, locale);
    const batchId = newId();
    const at = now().getTime();
    const rows: NewUpload[] = [];
    for (const [index, file] of files.entries()) {
      const id = newId();
      const storedName = storedNameOf(customerId, id);
      await fs.promises.rename(file.tempPath, storedPath(dataDir, storedName));
      rows.push({
        id,
        batch_id: batchId,
        stored_name: storedName,
        // The queue reads by upload time: a millisecond apart, the files of one request keep their order.
        ...queuedState(userId, file, JSON.stringify(columns), new Date(at + index).toISOString()),
        worker_id: null,
        heartbeat_at: null,
        first_date: null,
        last_date: null,
        shop_count: 0,
      });
    }
    await repoOf(customerId).insertUploads(rows);
    await enqueueImports(
      customerId,
      rows.map((row) => row.id),
    );
    return { uploads: rows.map((row) => ({ uploadId: row.id, fileName: row.file_name, size: row.size_bytes, status: row.status })) };
  }

  /**
   * Whether each completed upload still provides the store-days it imported: a later upload for
   * the same store and date replaced them (fully or partly). The replacing uploads are named with
   * their file and times, whoever uploaded them (the list says which data is in force).
   */
  async function supersessions(customerId: string, rows: readonly UploadRow[]): Promise<Map<string, PosUploadRow['superseded']>> {
    const repo = repoOf(customerId);
    const { totals, replaced } = await repo.uploadDays(rows.filter((row) => row.status === 'completed').map((row) => row.id));
    const replacers = new Map<string, UploadRow>();
    for (const id of new Set(replaced.map((row) => String(row.replaced_by)))) {
      const upload = await repo.upload(id);
      if (upload) replacers.set(id, upload);
    }
    const result = new Map<string, PosUploadRow['superseded']>();
    for (const total of totals) {
      const storeDays = Number(total.store_days);
      const remaining = Number(total.remaining);
      if (remaining >= storeDays) continue;
      const by = replaced
        .filter((row) => row.upload_id === total.upload_id)
        .map((row) => {
          const upload = replacers.get(String(row.replaced_by));
          return {
            uploadId: String(row.replaced_by),
            fileName: upload?.file_name ?? '',
            uploadedAt: upload?.uploaded_at ?? '',
            finishedAt: upload?.finished_at ?? null,
            storeDays: Number(row.store_days),
          };
        })
        .sort((a, b) => (a.finishedAt ?? '').localeCompare(b.finishedAt ?? ''));
      result.set(total.upload_id, {
        full: remaining === 0,
        storeDays,
        remaining: { storeDays: remaining, shops: Number(total.remaining_shops), firstDate: total.first_date ?? null, lastDate: total.last_date ?? null },
        by,
      });
    }
    return result;
  }

  function present(row: UploadRow, names: Map<string, string>, locale: Locale, superseded: PosUploadRow['superseded'] = null): PosUploadRow {
    return {
      uploadId: row.id,
      fileName: row.file_name,
      size: row.size_bytes,
      uploaderId: row.user_id,
      uploaderName: row.user_id ? (names.get(row.user_id) ?? null) : null,
      uploadedAt: row.uploaded_at,
      status: row.status,
      progress: row.progress,
      rows: row.rows_total,
      importedRows: row.imported_rows,
      errorRows: row.error_rows,
      failure: row.failure ? translateMessage(locale, row.failure) : null,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      firstDate: row.first_date,
      lastDate: row.last_date,
      shopCount: row.shop_count,
      auditState: row.audit_state,
      auditedBy: row.audited_by ? (names.get(row.audited_by) ?? null) : null,
      auditedAt: row.audited_at,
      superseded,
    };
  }

  return {
    async upload(actor: CustomerActor, request: FastifyRequest): Promise<PosUploadResponse> {
      const { files } = await receiveFiles(request, incoming(actor.customerId));
      return queue(actor.customerId, actor.userId, files, request.locale);
    },

    /** A failed upload's corrected file (multipart: `uploadId`, `file`): same entry, back in the queue as the latest upload. */
    async reupload(actor: CustomerActor, request: FastifyRequest): Promise<PosUploadResponse> {
      const { files, fields } = await receiveFiles(request, incoming(actor.customerId));
      try {
        const [file] = files;
        if (!file || files.length !== 1 || !fields.uploadId) throw badRequest('errors.importNoFile');
        const upload = await visibleUpload(actor, fields.uploadId);
        if (upload.status !== 'failed') throw refused('pos.notFailed');
        const { columns } = await templates.effective(actor.customerId, request.locale);
        await fs.promises.rename(file.tempPath, storedPath(dataDir, upload.stored_name));
        const changed = await repoOf(actor.customerId).updateUpload(upload.id, queuedState(actor.userId, file, JSON.stringify(columns), nowIso()), ['failed']);
        if (changed === 0) throw refused('pos.notFailed');
        await enqueueImports(actor.customerId, [upload.id]);
        return { uploads: [{ uploadId: upload.id, fileName: file.fileName, size: file.size, status: 'waiting' }] };
      } finally {
        await Promise.all(files.map((file) => removeFile(file.tempPath)));
      }
    },

    async list(actor: CustomerActor, input: PosListRequest, locale: Locale): Promise<Page<PosUploadRow>> {
      const repo = repoOf(actor.customerId);
      // Named uploads must be ones the caller may see: another customer's ids are 'not found', not an empty page.
      for (const uploadId of new Set(input.uploadIds ?? [])) await visibleUpload(actor, uploadId);
      const { total, rows } = await repo.listUploads(
        { userId: await uploaderFilter(actor), status: input.status, auditState: input.auditState, keyword: input.keyword, uploadIds: input.uploadIds },
        input.page,
        input.pageSize,
      );
      const [names, superseded] = await Promise.all([
        repo.userNames([...new Set(rows.flatMap((row) => [row.user_id, row.audited_by]).filter((id): id is string => id !== null))]),
        supersessions(actor.customerId, rows),
      ]);
      return { total, page: input.page, pageSize: input.pageSize, list: rows.map((row) => present(row, names, locale, superseded.get(row.id) ?? null)) };
    },

    async errorRows(actor: CustomerActor, input: { uploadId: string; page: number; pageSize: number }, locale: Locale) {
      const upload = await visibleUpload(actor, input.uploadId);
      const errors = JSON.parse(upload.errors) as PosRowError[];
      const start = (input.page - 1) * input.pageSize;
      return {
        total: errors.length,
        page: input.page,
        pageSize: input.pageSize,
        list: translatePosErrors(errors.slice(start, start + input.pageSize), locale),
      };
    },

    /** The error report: row, column, message, in the reader's language. */
    async errorReport(actor: CustomerActor, uploadId: string, locale: Locale): Promise<DownloadFile> {
      const upload = await visibleUpload(actor, uploadId);
      const errors = JSON.parse(upload.errors) as PosRowError[];
      if (errors.length === 0) throw notFound();
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(translateMessage(locale, 'import.errorSheet'));
      sheet.columns = [
        { header: translateMessage(locale, 'import.row'), key: 'row', width: 8 },
        { header: translateMessage(locale, 'import.column'), key: 'column', width: 24 },
        { header: translateMessage(locale, 'import.message'), key: 'message', width: 80 },
      ];
      sheet.getRow(1).font = { bold: true };
      for (const error of translatePosErrors(errors, locale)) sheet.addRow(error);
      return { fileName: `${upload.file_name.replace(/\.xlsx$/i, '')}-errors.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()) };
    },

    async audit(actor: CustomerActor, uploadIds: readonly string[]): Promise<null> {
      const ids = [...new Set(uploadIds)];
      const uploads = await Promise.all(ids.map((id) => visibleUpload(actor, id)));
      if (uploads.some((upload) => upload.status !== 'completed')) throw refused('pos.notCompleted');
      await repoOf(actor.customerId).audit(ids, actor.userId, nowIso());
      return null;
    },

    /**
     * Imports a workbook through the upload path, now, in the caller's time (the demo seed): the
     * same checks, job row and import as a file posted to /api/pos/upload. `userId` null uploads
     * as the system, for every shop of the customer.
     */
    async importPosWorkbook(input: { customerId: string; userId: string | null; fileName: string; content: Buffer; locale?: Locale }): Promise<PosUploadRow> {
      const directory = incoming(input.customerId);
      await fs.promises.mkdir(directory, { recursive: true });
      const tempPath = path.join(directory, `${newId()}.part`);
      await fs.promises.writeFile(tempPath, input.content);
      const problem = input.content.length > POS_LIMITS.maxBytes ? 'errors.fileTooLarge' : await fileProblem(tempPath, input.fileName);
      if (problem) {
        await removeFile(tempPath);
        throw refuseFile(problem, input.fileName);
      }
      const locale = input.locale ?? 'en';
      const { uploads } = await queue(input.customerId, input.userId, [{ fileName: input.fileName, tempPath, size: input.content.length }], locale);
      const uploadId = uploads[0]?.uploadId ?? '';
      // The demo seed imports now, in its own time, through the same job.
      await worker.runDue();
      const repo = repoOf(input.customerId);
      // Another worker of the same database may have taken the job first: wait for its outcome.
      let row = await repo.upload(uploadId);
      while (row && (row.status === 'waiting' || row.status === 'uploading')) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        row = await repo.upload(uploadId);
      }
      if (!row) throw notFound();
      return present(row, await repo.userNames(row.user_id ? [row.user_id] : []), locale);
    },
  };
}
export type PosUploadService = ReturnType<typeof createPosUploadService>;
