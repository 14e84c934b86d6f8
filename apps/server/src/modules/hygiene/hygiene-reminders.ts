import { isLocale, type MessageKey, MessageKind, translateMessage } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, daysBetween, todayIn } from '../../platform/time/local-time.ts';
import { createMessagesService } from '../messages/messages.service.ts';
import { type CertificateStored, customerIds, hygieneRepo, type ReminderColumn } from './hygiene.repo.ts';
import { storeAudience } from './hygiene-rules.ts';

export type ReminderKind = 'cert30' | 'cert7' | 'certExpired';
const KEYS: Record<ReminderKind, { title: MessageKey; body: MessageKey; column: ReminderColumn }> = {
  cert30: { title: 'hygiene.cert30Title', body: 'hygiene.cert30Body', column: 'remind30_at' },
  cert7: { title: 'hygiene.cert7Title', body: 'hygiene.cert7Body', column: 'remind7_at' },
  certExpired: { title: 'hygiene.certExpiredTitle', body: 'hygiene.certExpiredBody', column: 'expired_at' },
};

export interface ReminderRound {
  sent: number;
  /** Notices claimed without a message: a newer certificate of the same person makes them pointless. */
  skipped: number;
}

/** The notice a certificate is due on the store's day, if any (the most urgent; older ones are then pointless). */
export function dueReminder(certificate: Pick<CertificateStored, 'expires_on'>, today: string): ReminderKind | null {
  if (certificate.expires_on < today) return 'certExpired';
  if (certificate.expires_on <= addDays(today, 7)) return 'cert7';
  if (certificate.expires_on <= addDays(today, 30)) return 'cert30';
  return null;
}

/** The notice taken with the ones it makes pointless: an expiry alert needs no 7-day reminder after it. */
function claimValues(certificate: CertificateStored, kind: ReminderKind, at: string): Partial<Record<ReminderColumn, string>> {
  const values: Partial<Record<ReminderColumn, string>> = { [KEYS[kind].column]: at };
  if (kind !== 'cert30') values.remind30_at = certificate.remind30_at ?? at;
  if (kind === 'certExpired') values.remind7_at = certificate.remind7_at ?? at;
  return values;
}

/**
 * Health certificate reminders (a scheduled job): the store's managers are told 30 days and 7 days
 * before a certificate expires and when it has expired (the day after its expiry date, in the
 * store's own day). Each notice is claimed by a conditional update in the transaction that posts
 * it: a second round, a second worker or a restart never sends one twice. A certificate superseded
 * by a later one of the same person is claimed silently. Time is the application clock.
 */
export function createReminderWork(deps: { db: DB }) {
  const { db } = deps;

  async function roundFor(customerId: string, at: Date, tally: ReminderRound): Promise<void> {
    const repo = hygieneRepo(tenantScope(db, customerId));
    // A day beyond 30 covers every store zone's today.
    const due = await repo.certificatesDue(addDays(at.toISOString().slice(0, 10), 31));
    if (due.length === 0) return;
    const [shops, people, employees, all] = await Promise.all([
      repo.shops([...new Set(due.map((row) => row.shop_id))]),
      repo.people(),
      repo.employeesByIds([...new Set(due.map((row) => row.employee_id))]),
      repo.certificatesOfEmployees([...new Set(due.map((row) => row.employee_id))]),
    ]);
    const shopOf = new Map(shops.map((shop) => [shop.id, shop]));
    const employeeOf = new Map(employees.map((employee) => [employee.id, employee]));
    const latestOf = new Map<string, string>();
    for (const certificate of all)
      if ((latestOf.get(certificate.employee_id) ?? '') < certificate.expires_on) latestOf.set(certificate.employee_id, certificate.expires_on);
    const audience = storeAudience(people.layout, people.members);
    const iso = at.toISOString();

    for (const certificate of due) {
      const shop = shopOf.get(certificate.shop_id);
      const employee = employeeOf.get(certificate.employee_id);
      if (!shop || !employee) continue;
      const today = todayIn(shop.time_zone, at);
      const kind = dueReminder(certificate, today);
      if (!kind || certificate[KEYS[kind].column] !== null) continue;
      const superseded = (latestOf.get(certificate.employee_id) ?? '') > certificate.expires_on;
      const sent = await db.transaction().execute(async (trx) => {
        const scoped = hygieneRepo(tenantScope(trx, customerId));
        if (!(await scoped.claimReminder(certificate.id, KEYS[kind].column, claimValues(certificate, kind, iso)))) return null;
        if (superseded) return false;
        const params = {
          employee: employee.name,
          shop: shop.name,
          number: certificate.number,
          date: certificate.expires_on,
          days: String(Math.max(0, daysBetween(today, certificate.expires_on))),
        };
        const recipients = audience(shop.id);
        await createMessagesService({ db: trx }).post(
          customerId,
          recipients.map((member) => {
            const language = isLocale(member.locale) ? member.locale : 'en';
            return {
              userId: member.userId,
              // Spec section 4: the message center's kinds are alarm, plan and rectification; an expiring certificate is an alert.
              kind: MessageKind.alarm,
              title: translateMessage(language, KEYS[kind].title, params),
              body: translateMessage(language, KEYS[kind].body, params),
              source: `hygiene.${kind}`,
              refId: certificate.id,
            };
          }),
          iso,
        );
        return true;
      });
      if (sent === true) tally.sent += 1;
      else if (sent === false) tally.skipped += 1;
    }
  }

  return {
    async run(at: Date = now()): Promise<ReminderRound> {
      const tally: ReminderRound = { sent: 0, skipped: 0 };
      for (const customerId of await customerIds(db)) await roundFor(customerId, at, tally);
      return tally;
    },
  };
}
export type ReminderWork = ReturnType<typeof createReminderWork>;
