import '@fastify/multipart';
import { IMPORT_LIMITS, type ImportRefusal, type Locale } from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import type { ImportReportsTable } from '../db/schema.ts';
import { badRequest, notFound, refused } from '../http/errors.ts';
import { newId } from '../ids.ts';
import type { TenantScope } from '../tenancy/scoped.ts';
import { nowIso } from '../time/clock.ts';
import { type StoredRowError, translateRowErrors, writeErrorReport } from './spreadsheet.ts';

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

/**
 * The one uploaded file of a multipart request. Read in the handler, so the guard has already
 * decided authority before a byte of the file is looked at. A file cut at the size limit is
 * 'File too large' and never parsed.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest('errors.importNoFile');
  const file = await request.file({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1 } });
  if (!file) throw badRequest('errors.importNoFile');
  try {
    const content = await file.toBuffer();
    // toBuffer throws only when a chunk arrives after the cut. A cut on a chunk boundary (browsers
    // send 64 KiB chunks, and 5 MiB is a multiple of them) just ends the file: it is truncated.
    if (file.file.truncated) throw refused('errors.fileTooLarge');
    return { fileName: file.filename.slice(0, 200) || 'upload.xlsx', content };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refused('errors.fileTooLarge');
    throw error;
  }
}

/** Error reports of refused imports: what downloadUploadErrorData renders, for the uploader only. */
export function importReportsRepo(scope: TenantScope) {
  return {
    insert: (row: Omit<ImportReportsTable, 'customer_id'>) => scope.insertInto('import_reports', [row]).execute(),
    find: (id: string, kind: ImportReportsTable['kind'], userId: string) =>
      scope.selectFrom('import_reports').selectAll().where('id', '=', id).where('kind', '=', kind).where('user_id', '=', userId).executeTakeFirst(),
  };
}

/**
 * Refuses a whole file (R1: all or nothing): keeps the errors for the report download, and answers
 * 'Incorrect file content: N rows have errors' with the first errors and the report id in data.
 */
export async function refuseImport(
  scope: TenantScope,
  input: { kind: ImportReportsTable['kind']; userId: string; fileName: string; errors: StoredRowError[]; locale: Locale },
): Promise<never> {
  const id = newId();
  await importReportsRepo(scope).insert({
    id,
    kind: input.kind,
    user_id: input.userId,
    file_name: input.fileName,
    errors: JSON.stringify(input.errors),
    created_at: nowIso(),
  });
  const rows = new Set(input.errors.map((error) => error.row)).size;
  const data: ImportRefusal = {
    errorReportId: id,
    errorCount: input.errors.length,
    errors: translateRowErrors(input.errors.slice(0, IMPORT_LIMITS.errorsInResponse), input.locale),
  };
  throw refused('errors.importRows', { count: rows }, data);
}

export async function errorReportFile(
  scope: TenantScope,
  input: { id: string; kind: ImportReportsTable['kind']; userId: string; locale: Locale },
): Promise<{ fileName: string; content: Buffer }> {
  const report = await importReportsRepo(scope).find(input.id, input.kind, input.userId);
  if (!report) throw notFound();
  const base = report.file_name.replace(/\.xlsx$/i, '');
  return { fileName: `${base}-errors.xlsx`, content: await writeErrorReport(JSON.parse(report.errors) as StoredRowError[], input.locale) };
}
