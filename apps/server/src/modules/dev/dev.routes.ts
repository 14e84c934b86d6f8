import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DB } from '../../platform/db/database.ts';
import { defineOperation } from '../../platform/http/operation.ts';
import { outboxRepo } from '../../platform/mail/outbox.repo.ts';

const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});

/** Development only: read the mail/SMS outbox (codes for password recovery when no SMTP is set). */
export function registerDevRoutes(app: FastifyInstance, db: DB): void {
  defineOperation(app, {
    method: 'GET',
    url: '/api/dev/outbox',
    summary: 'Development only: the latest messages of the outbox',
    tags: ['dev'],
    guard: { auth: 'public', developmentOnly: true },
    query: z.object({ recipient: z.string().max(254).optional() }),
    response: z.array(outboxMessageSchema),
    handler: ({ query }) => outboxRepo(db).latest(50, query.recipient),
  });
}
