import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';

/** The message center's tabs (spec section 2): 1 alarm, 2 plan, 3 rectification. */
export const MessageKind = { alarm: 1, plan: 2, rectification: 3 } as const;
export const messageKindSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const messageListRequestSchema = pageRequestSchema.extend({
  kind: messageKindSchema,
  /** true: read only; false: unread only; left out: both. */
  read: z.boolean().optional(),
});
export const messageRowSchema = z.object({
  id: z.string(),
  kind: messageKindSchema,
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  /** What raised it (camera_offline, ...) and the id it is about, for a link from the message. */
  source: z.string().nullable(),
  refId: z.string().nullable(),
});
export const messagePageSchema = pageOf(messageRowSchema).extend({ unread: z.number().int() });
export const messageReadRequestSchema = z.object({ id: idSchema });
export const messageReadAllRequestSchema = z.object({ kind: messageKindSchema.optional() });
export const messageReadAllResponseSchema = z.object({ updated: z.number().int() });
