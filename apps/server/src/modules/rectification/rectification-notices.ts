import { isLocale, type MessageKey, MessageKind, translateMessage } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { namedLocalTime } from '../../platform/time/local-time.ts';
import { createMessagesService } from '../messages/messages.service.ts';
import type { RectificationStored } from './rectification.repo.ts';
import type { Member } from './rectification-people.ts';

/** The message center notices of a rectification (kind 3), each a title and a body. */
export type NoticeKind = 'assigned' | 'referred' | 'dueSoon' | 'overdue' | 'escalated' | 'feedback' | 'rejected' | 'approved';

const KEYS: Record<NoticeKind, { title: MessageKey; body: MessageKey }> = {
  assigned: { title: 'rectification.assignedTitle', body: 'rectification.assignedBody' },
  referred: { title: 'rectification.referredTitle', body: 'rectification.referredBody' },
  dueSoon: { title: 'rectification.dueSoonTitle', body: 'rectification.dueSoonBody' },
  overdue: { title: 'rectification.overdueTitle', body: 'rectification.overdueBody' },
  escalated: { title: 'rectification.escalatedTitle', body: 'rectification.escalatedBody' },
  feedback: { title: 'rectification.feedbackTitle', body: 'rectification.feedbackBody' },
  rejected: { title: 'rectification.rejectedTitle', body: 'rectification.rejectedBody' },
  approved: { title: 'rectification.approvedTitle', body: 'rectification.approvedBody' },
};

/** The deadline as the store reads it: its local time, its zone named ('2026-05-23 23:59 (Asia/Shanghai, UTC+08:00)'). */
export function deadlineText(deadline: string, timeZone: string): string {
  const named = namedLocalTime(timeZone, Date.parse(deadline));
  return `${named.time} (${named.zone})`;
}

/**
 * Posts one notice to each recipient in their own language, through the message center's service
 * on the connection given (inside the transaction of the action that caused it: no notice of an
 * action that did not happen).
 */
export async function postNotices(
  on: DB,
  customerId: string,
  item: Pick<RectificationStored, 'id' | 'item_name' | 'problem' | 'deadline'> & { shopName: string; timeZone: string },
  kind: NoticeKind,
  recipients: readonly Member[],
  extra: Record<string, string> = {},
  at?: string,
): Promise<void> {
  const unique = [...new Map(recipients.map((member) => [member.userId, member])).values()];
  if (unique.length === 0) return;
  const params = { item: item.item_name, shop: item.shopName, problem: item.problem, deadline: deadlineText(item.deadline, item.timeZone), ...extra };
  await createMessagesService({ db: on }).post(
    customerId,
    unique.map((member) => {
      const language = isLocale(member.locale) ? member.locale : 'en';
      return {
        userId: member.userId,
        kind: MessageKind.rectification,
        title: translateMessage(language, KEYS[kind].title, params),
        body: translateMessage(language, KEYS[kind].body, params),
        source: `rectification.${kind}`,
        refId: item.id,
      };
    }),
    ...(at ? [at] : []),
  );
}
