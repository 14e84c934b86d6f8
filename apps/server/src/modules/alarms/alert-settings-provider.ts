import type { DB } from '../../platform/db/database.ts';
import { outboxRepo } from '../../platform/mail/outbox.repo.ts';

/**
 * Where text messages and phone calls of alarm alerts go. The only implementation in this build is
 * the outbox (no SMS or voice provider is contracted); a real provider implements this interface
 * and is passed to the notice job instead. E-mail does not go through here: it uses the platform's
 * delivery (SMTP when configured).
 */
export interface AlarmCallProvider {
  sms(recipient: string, subject: string, body: string): Promise<void>;
  call(recipient: string, subject: string, body: string): Promise<void>;
}

/** The outbox: a phone call is written on the SMS channel, marked as a call (as the device alerts do). */
export function outboxCallProvider(db: DB): AlarmCallProvider {
  const outbox = outboxRepo(db);
  return {
    sms: (recipient, subject, body) => outbox.add({ channel: 'sms', recipient, subject, body }),
    call: (recipient, subject, body) => outbox.add({ channel: 'sms', recipient, subject: `[call] ${subject}`, body }),
  };
}
