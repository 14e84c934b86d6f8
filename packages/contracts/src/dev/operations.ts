import { z } from 'zod';
import { declareOperation } from '../platform/operation.ts';

const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});

export const devOperations = {
  outbox: declareOperation({
    name: 'dev.outbox',
    method: 'GET',
    path: '/api/dev/outbox',
    summary: 'Development only: the latest messages of the outbox',
    tags: ['dev'],
    guard: { auth: 'public', developmentOnly: true },
    query: z.object({ recipient: z.string().max(254).optional() }),
    response: z.array(outboxMessageSchema),
  }),
} as const;
