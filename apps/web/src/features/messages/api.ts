import type { messagePageSchema, messageRowSchema } from '@storelens/contracts';
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';

/** The message center (spec sections 2 and 4): messages of three kinds, read or unread, marked one by one or all. */

export type MessageKindValue = 1 | 2 | 3;
export type MessageRow = z.infer<typeof messageRowSchema>;
export type MessagePage = z.infer<typeof messagePageSchema>;

export function listMessages(request: { kind: MessageKindValue; read?: boolean; page: number; pageSize: number }): Promise<MessagePage> {
  return http.post<MessagePage>('/message/list', request);
}

export function markMessageRead(id: string): Promise<null> {
  return http.post<null>('/message/read', { id });
}

export function markAllMessagesRead(kind?: MessageKindValue): Promise<{ updated: number }> {
  return http.post('/message/readAll', kind ? { kind } : {});
}
