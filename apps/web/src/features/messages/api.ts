import { messageOperations, type OperationInput, type OperationOutput } from '@storelens/contracts';
import { callOperation } from '../../shared/lib/operations.ts';

/** The message center (spec sections 2 and 4): messages of three kinds, read or unread, marked one by one or all. */

export type MessageKindValue = 1 | 2 | 3;
export type MessagePage = OperationOutput<typeof messageOperations.list>;
export type MessageRow = MessagePage['list'][number];

export function listMessages(request: OperationInput<typeof messageOperations.list>): Promise<MessagePage> {
  return callOperation(messageOperations.list, request);
}

export function markMessageRead(id: string): Promise<null> {
  return callOperation(messageOperations.read, { id });
}

export function markAllMessagesRead(kind?: MessageKindValue): Promise<{ updated: number }> {
  return callOperation(messageOperations.readAll, kind ? { kind } : {});
}
