import '@fastify/multipart';
import type { floorPlanFieldsSchema, MessageKey } from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, refused } from '../../platform/http/errors.ts';

export interface ReceivedUpload {
  fields: Record<string, string>;
  fileName: string;
  content: Buffer;
}

/**
 * The one file part (named 'file') and the fields of a multipart upload. The context's multipart
 * limit cuts the file while it streams ('File too large'); what the file holds is the service's check.
 */
export async function receiveUpload(request: FastifyRequest, noFile: MessageKey): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest(noFile);
  const fields: Record<string, string> = {};
  let file: { name: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) throw badRequest(noFile);
      const content = await part.toBuffer();
      if (part.file.truncated) throw refused('errors.fileTooLarge');
      file = { name: part.filename.slice(0, 200), content };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refused('errors.fileTooLarge');
    if (code === 'FST_FILES_LIMIT') throw badRequest(noFile);
    throw error;
  }
  if (!file) throw badRequest(noFile);
  return { fields, fileName: file.name, content: file.content };
}

/** The plan form's fields, checked like a JSON body would be. */
export function planFields(schema: typeof floorPlanFieldsSchema, fields: Record<string, string>): z.output<typeof floorPlanFieldsSchema> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new AppError('badRequest', parsed.error.issues[0]?.message ?? 'validation.required');
  return parsed.data;
}
