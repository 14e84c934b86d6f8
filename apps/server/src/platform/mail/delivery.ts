import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../db/database.ts';
import { outboxRepo } from './outbox.repo.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/** Where e-mail and SMS go: a real transport when configured, else the outbox table. */
export interface MessageDelivery {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * E-mail goes through SMTP when SMTP_URL is set. SMS has no provider configured in this build, so
 * it always goes to the outbox, as does e-mail without SMTP. Only development mode can read the
 * outbox (GET /api/dev/outbox, or `npm run outbox -w apps/server`); production never exposes it.
 */
export function createDelivery(config: AppConfig, db: DB): MessageDelivery {
  const outbox = outboxRepo(db);
  const smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    async send(message) {
      if (message.channel === 'email' && smtp) {
        await smtp.sendMail({ from: config.mailFrom, to: message.recipient, subject: message.subject, text: message.body });
        return;
      }
      await outbox.add(message);
    },
  };
}
