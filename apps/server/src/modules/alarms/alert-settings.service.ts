import { ALARM_ALERT_DEFAULTS, ALARM_ALERT_LISTED_MAX, type AlarmAlertChannel, type AlarmAlertSetting, isLocale, translateMessage } from '@storelens/contracts';
import { customerReach } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { MessageDelivery } from '../../platform/mail/delivery.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { namedLocalTime } from '../../platform/time/local-time.ts';
import { alarmsRepo } from './alarms.repo.ts';
import { alertSettingsRepo, customersWithAlarmAlerts } from './alert-settings.repo.ts';
import type { AlarmCallProvider } from './alert-settings-provider.ts';

const MINUTE = 60_000;
/** Alarms read for one notice at most (a flood is counted up to this, the rest told next time). */
const NOTICE_READ_MAX = 1000;

export interface AlarmNoticeSent {
  customerId: string;
  channel: AlarmAlertChannel;
  alarms: number;
  recipients: number;
}

/**
 * Alarm alert settings and their notices (issue 15 section 5). The settings are the customer's
 * (saved by a caller whose scope is the whole customer; recipients must be its members). The
 * notice job tells, per channel, the alarms of the chosen priorities created since the channel's
 * last notice, in one message per recipient (only alarms of stores the recipient sees), and no
 * channel sends twice within the interval: what comes in between waits and goes in the next
 * notice. Each notice is claimed by a conditional update first, so two workers never both send it
 * (a crash after the claim loses that notice rather than sending it twice).
 */
export function createAlertSettingsService(deps: { db: DB; delivery?: MessageDelivery; provider?: AlarmCallProvider }) {
  const { db } = deps;
  const repoOf = (customerId: string) => alertSettingsRepo(tenantScope(db, customerId));

  async function get(customerId: string): Promise<AlarmAlertSetting & { updatedAt: string | null }> {
    const row = await repoOf(customerId).get();
    if (!row) return { enabled: false, channels: [], priorities: ['high'], recipientIds: [], ...ALARM_ALERT_DEFAULTS, updatedAt: null };
    return {
      enabled: row.enabled === 1,
      channels: JSON.parse(row.channels) as AlarmAlertChannel[],
      priorities: JSON.parse(row.priorities) as ('high' | 'low')[],
      recipientIds: JSON.parse(row.recipient_ids) as string[],
      intervalMinutes: row.interval_minutes,
      updatedAt: row.updated_at,
    };
  }

  async function sendChannel(customerId: string, setting: AlarmAlertSetting, channel: AlarmAlertChannel, at: Date): Promise<AlarmNoticeSent | null> {
    const repo = repoOf(customerId);
    const state = (await repo.channels()).find((row) => row.channel === channel);
    if (!state) return null;
    if (state.last_sent_at !== null && at.getTime() < Date.parse(state.last_sent_at) + setting.intervalMinutes * MINUTE) return null;
    const through = at.toISOString();
    const alarms = await repo.alarmsBetween(state.told_through, through, setting.priorities, NOTICE_READ_MAX);
    if (alarms.length === 0) return null;
    // The last alarm read closes the notice when the read was cut: the rest go next time.
    const closing = alarms.length === NOTICE_READ_MAX ? (alarms.at(-1)?.created_at ?? through) : through;
    if (!(await repo.claim(channel, state.told_through, closing))) return null;

    const names = alarmsRepo(tenantScope(db, customerId));
    const [reach, people, shops] = await Promise.all([
      customerReach(db, customerId),
      repo.recipients(setting.recipientIds),
      Promise.all([...new Set(alarms.map((alarm) => alarm.shop_id))].map((shopId) => names.shopOf(shopId))),
    ]);
    const shopById = new Map(shops.flatMap((shop) => (shop ? [[shop.id, shop] as const] : [])));
    let told = 0;
    for (const person of people) {
      if (person.enabled !== 1 || person.account_enabled !== 1) continue;
      const seen = alarms.filter((alarm) => reach.covers(person, alarm.shop_id));
      const address = channel === 'email' ? person.email : person.mobile;
      if (seen.length === 0 || !address) continue;
      const language = isLocale(person.locale) ? person.locale : 'en';
      const lines = seen.slice(0, ALARM_ALERT_LISTED_MAX).map((alarm) => {
        const shop = shopById.get(alarm.shop_id);
        const named = namedLocalTime(shop?.time_zone ?? 'UTC', Date.parse(alarm.occurred_at));
        return translateMessage(language, 'alarms.alertNoticeLine', {
          time: named.time,
          shop: shop?.name ?? '',
          event: alarm.event_name,
          priority: alarm.priority,
        });
      });
      if (seen.length > ALARM_ALERT_LISTED_MAX)
        lines.push(translateMessage(language, 'alarms.alertNoticeMore', { count: seen.length - ALARM_ALERT_LISTED_MAX }));
      const subject = translateMessage(language, 'alarms.alertNoticeSubject', { count: seen.length });
      const body = lines.join('\n');
      if (channel === 'email') await deps.delivery?.send({ channel: 'email', recipient: address, subject, body });
      else if (channel === 'sms') await deps.provider?.sms(address, subject, body);
      else await deps.provider?.call(address, subject, body);
      told += 1;
    }
    return { customerId, channel, alarms: alarms.length, recipients: told };
  }

  return {
    async get(actor: CustomerActor) {
      return get(actor.customerId);
    },

    async save(actor: CustomerActor, input: AlarmAlertSetting) {
      const repo = repoOf(actor.customerId);
      const recipientIds = [...new Set(input.recipientIds)];
      const members = await repo.recipients(recipientIds);
      // Another customer's user, or no user at all: as unknown as any id we do not hold.
      if (members.length !== recipientIds.length) throw notFound();
      const before = await get(actor.customerId);
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const scoped = alertSettingsRepo(tenantScope(trx, actor.customerId));
        await scoped.save({
          enabled: input.enabled ? 1 : 0,
          channels: JSON.stringify([...new Set(input.channels)]),
          priorities: JSON.stringify([...new Set(input.priorities)]),
          recipient_ids: JSON.stringify(recipientIds),
          interval_minutes: input.intervalMinutes,
          updated_by: actor.userId,
          updated_at: at,
        });
        for (const channel of input.channels) {
          await scoped.startChannel(channel, at);
          // Switched on again (or the whole setting was off): tell from now, not the alarms of the pause.
          if (input.enabled && (!before.enabled || !before.channels.includes(channel))) await scoped.restartChannel(channel, at);
        }
      });
      return get(actor.customerId);
    },

    /** The notice job's round: every customer with alerts on, every channel whose interval has passed. */
    async sendDue(at: Date = now()): Promise<AlarmNoticeSent[]> {
      const sent: AlarmNoticeSent[] = [];
      for (const customerId of await customersWithAlarmAlerts(db)) {
        const setting = await get(customerId);
        if (!setting.enabled || setting.priorities.length === 0) continue;
        for (const channel of setting.channels) {
          const notice = await sendChannel(customerId, setting, channel, at);
          if (notice) sent.push(notice);
        }
      }
      return sent;
    },
  };
}
export type AlertSettingsService = ReturnType<typeof createAlertSettingsService>;
