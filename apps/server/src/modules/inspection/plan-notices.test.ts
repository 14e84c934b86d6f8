import { LOCALES, type Locale, type MessageKey, messageOperations, translateMessage } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assignmentsOf, buildItems, buildPlan, completeAssignments, inspectionWorker, ok } from '../../../test/support/inspection.ts';
import { buildRectificationChain, type RectificationChain, setLocale } from '../../../test/support/rectification.ts';
import { setClock } from '../../platform/time/clock.ts';
import { createPlanNoticeWork, dueNotice } from './plan-notices.ts';

/**
 * Plan messages (issue 14 section 5): a one-day plan in the two Shanghai stores, 09:00-18:00 local
 * (01:00-10:00 UTC). The clock moves: the assignments are announced once made, "due soon" two hours
 * before the end, "overdue" once it passed for what is still open; each once, whatever the rounds;
 * to the plan's handlers who see the store, each in their language.
 */
let t: TestApp;
let chain: RectificationChain;
let planId: string;
const DEADLINE = '2026-05-20 18:00 (Asia/Shanghai, UTC+08:00)';
/** A handler per language: all four see Store One; the store manager does not see Store Two. */
let byLocale: Record<Locale, { userId: string; session: RectificationChain['people']['admin']['session'] }>;

const planMessages = async (person: { session: RectificationChain['people']['admin']['session'] }) =>
  ok<{ list: { title: string; body: string; refId: string | null; source: string | null }[]; unread: number }>(t.app, person.session, messageOperations.list, {
    kind: 2,
    page: 1,
    pageSize: 50,
  });

beforeAll(async () => {
  t = await createTestApp();
  setClock('2026-05-20T01:00:00.000Z');
  chain = await buildRectificationChain(t);
  const { people } = chain;
  byLocale = { en: people.admin, zh: people.region, kr: people.city, jp: people.store };
  for (const locale of LOCALES) await setLocale(t, byLocale[locale].userId, locale);
  const items = await buildItems(t.app, people.admin.session, ['Door clean', 'Lights on'], 'Front');
  planId = await buildPlan(t.app, people.admin.session, {
    name: 'Morning round',
    kind: 'single',
    shopIds: [chain.s1, chain.s2],
    itemIds: items,
    validFrom: '2026-05-20',
    validTo: '2026-05-20',
    periodStart: '09:00',
    periodEnd: '18:00',
    handlerIds: LOCALES.map((locale) => byLocale[locale].userId),
  });
}, 120_000);
afterAll(async () => t.close());

describe('plan notices', () => {
  it('chooses the notice by the window’s end', () => {
    const end = '2026-05-20T10:00:00.000Z';
    expect(dueNotice(end, new Date('2026-05-20T07:59:59.000Z'))).toBe('assigned');
    expect(dueNotice(end, new Date('2026-05-20T08:00:00.000Z'))).toBe('dueSoon');
    expect(dueNotice(end, new Date('2026-05-20T10:00:00.000Z'))).toBe('overdue');
  });

  it('announces, warns and reports overdue once each, to the handlers who see the store, in their language', async () => {
    const work = createPlanNoticeWork({ db: t.db });
    // Nothing before the assignments exist.
    expect(await work.run(new Date('2026-05-20T01:00:00.000Z'))).toEqual({ sent: 0, messages: 0 });

    setClock('2026-05-20T02:00:00.000Z');
    await inspectionWorker(t.db).round();
    const [s1, s2] = (await assignmentsOf(t.db, planId)).sort((a, b) => (a.shop_id === chain.s1 ? -1 : b.shop_id === chain.s1 ? 1 : 0));
    expect([s1?.shop_id, s2?.shop_id]).toEqual([chain.s1, chain.s2]);
    // Store One: its nearest handler only, its store manager (who covers one of the plan's two
    // stores); Store Two: the three who see it, all covering both stores alike.
    expect(await work.run(new Date('2026-05-20T02:00:00.000Z'))).toEqual({ sent: 2, messages: 4 });
    expect(await work.run(new Date('2026-05-20T02:05:00.000Z'))).toEqual({ sent: 0, messages: 0 });
    expect((await planMessages(byLocale.jp)).unread).toBe(1);
    expect((await planMessages(byLocale.en)).unread).toBe(1);

    expect(await work.run(new Date('2026-05-20T07:55:00.000Z'))).toEqual({ sent: 0, messages: 0 });
    expect(await work.run(new Date('2026-05-20T08:00:00.000Z'))).toEqual({ sent: 2, messages: 4 });
    expect(await work.run(new Date('2026-05-20T08:05:00.000Z'))).toEqual({ sent: 0, messages: 0 });

    expect(await work.run(new Date('2026-05-20T10:00:00.000Z'))).toEqual({ sent: 2, messages: 4 });
    expect(await work.run(new Date('2026-05-20T10:05:00.000Z'))).toEqual({ sent: 0, messages: 0 });
    // Two workers' rounds at once: still nothing twice.
    expect(await Promise.all([work.run(new Date('2026-05-20T10:10:00.000Z')), work.run(new Date('2026-05-20T10:10:00.000Z'))])).toEqual([
      { sent: 0, messages: 0 },
      { sent: 0, messages: 0 },
    ]);

    const expected = (locale: Locale, kind: 'assigned' | 'dueSoon' | 'overdue', storeOne: boolean) => {
      const params = { plan: 'Morning round', shop: storeOne ? 'Store One' : 'Store Two', date: '2026-05-20', deadline: DEADLINE };
      return {
        title: translateMessage(locale, `planNotice.${kind}Title` as MessageKey, params),
        body: translateMessage(locale, `planNotice.${kind}Body` as MessageKey, params),
        refId: storeOne ? s1?.id : s2?.id,
        source: `inspection.${kind}`,
      };
    };
    // The store manager (Japanese) hears of Store One; the others (English, Chinese, Korean) of Store Two.
    for (const locale of LOCALES) {
      const storeOne = locale === 'jp';
      const page = await planMessages(byLocale[locale]);
      expect(
        page.list.map(({ title, body, refId, source }) => ({ title, body, refId, source })),
        locale,
      ).toEqual([expected(locale, 'overdue', storeOne), expected(locale, 'dueSoon', storeOne), expected(locale, 'assigned', storeOne)]);
    }
    // The store manager's bell: three plan messages, none of Store Two.
    const store = await planMessages(byLocale.jp);
    expect(store.unread).toBe(3);
    expect(store.list.every((message) => message.refId === s1?.id)).toBe(true);
    // Another customer's people are told nothing.
    const other = await ok<{ total: number }>(t.app, chain.other.admin, messageOperations.list, { kind: 2, page: 1, pageSize: 10 });
    expect(other.total).toBe(0);
  });

  it('tells an assignment first seen when overdue only that, and claims the rest silently', async () => {
    const later = await buildPlan(t.app, chain.people.admin.session, {
      name: 'Evening round',
      kind: 'single',
      shopIds: [chain.s1],
      itemIds: await buildItems(t.app, chain.people.admin.session, ['Till closed'], 'Back'),
      validFrom: '2026-05-20',
      validTo: '2026-05-20',
      periodStart: '09:00',
      periodEnd: '19:00',
      handlerIds: [chain.people.store.userId],
    });
    await inspectionWorker(t.db).round();
    const work = createPlanNoticeWork({ db: t.db });
    expect(await work.run(new Date('2026-05-20T11:30:00.000Z'))).toEqual({ sent: 1, messages: 1 });
    const [assignment] = await assignmentsOf(t.db, later);
    const claims = await t.db
      .selectFrom('inspection_assignment_notices')
      .select(['kind', 'sent_at'])
      .where('assignment_id', '=', assignment?.id ?? '')
      .orderBy('kind')
      .execute();
    expect(claims).toEqual([
      { kind: 'assigned', sent_at: null },
      { kind: 'dueSoon', sent_at: null },
      { kind: 'overdue', sent_at: '2026-05-20T11:30:00.000Z' },
    ]);
    expect(await work.run(new Date('2026-05-20T11:35:00.000Z'))).toEqual({ sent: 0, messages: 0 });
  });

  it('says nothing more of an assignment once it is done', async () => {
    const noon = await buildPlan(t.app, chain.people.admin.session, {
      name: 'Noon round',
      kind: 'single',
      shopIds: [chain.s1],
      itemIds: await buildItems(t.app, chain.people.admin.session, ['Shelves full'], 'Shelves'),
      validFrom: '2026-05-20',
      validTo: '2026-05-20',
      periodStart: '09:00',
      periodEnd: '21:00',
      handlerIds: [chain.people.store.userId],
    });
    await inspectionWorker(t.db).round();
    const work = createPlanNoticeWork({ db: t.db });
    expect(await work.run(new Date('2026-05-20T11:40:00.000Z'))).toEqual({ sent: 1, messages: 1 });
    const [assignment] = await assignmentsOf(t.db, noon);
    await completeAssignments(t.db, [assignment?.id ?? ''], '2026-05-20T11:50:00.000Z');
    // Past its due-soon hour and its end: neither is said of done work.
    expect(await work.run(new Date('2026-05-20T12:30:00.000Z'))).toEqual({ sent: 0, messages: 0 });
    expect(await work.run(new Date('2026-05-20T13:30:00.000Z'))).toEqual({ sent: 0, messages: 0 });
  });
});
