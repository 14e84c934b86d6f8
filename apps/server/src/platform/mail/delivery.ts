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

/** Where a message that no transport carried is told: the server's own log. */
export interface OutboxLog {
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * E-mail goes through SMTP when SMTP_URL is set. SMS has no provider configured in this build, so
 * it always goes to the outbox, as does e-mail without SMTP. The outbox is read by whoever runs the
 * server: its log shows each such message (the demo's recovery codes appear in the terminal that
 * started it) and `npm run outbox -w apps/server` prints them; over HTTP only development mode
 * (APP_MODE=development, chosen explicitly) serves them, at GET /api/dev/outbox.
 */
export function createDelivery(config: AppConfig, db: DB, log?: OutboxLog): MessageDelivery {
  const outbox = outboxRepo(db);
  const smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    async send(message) {
      if (message.channel === 'email' && smtp) {
        await smtp.sendMail({ from: config.mailFrom, to: message.recipient, subject: message.subject, text: message.body });
        return;
      }
      await outbox.add(message);
      log?.info({ channel: message.channel, recipient: message.recipient }, `outbox (no ${message.channel} provider): ${message.subject}: ${message.body}`);
    },
  };
}
