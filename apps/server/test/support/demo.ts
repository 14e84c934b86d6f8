import { DEMO_ACCOUNTS, DEMO_CUSTOMERS } from '../../src/modules/demo/demo-plan.ts';
import { seedDemo } from '../../src/modules/demo/seed-demo.ts';
import { type Session, signIn } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';

/** Signs in as the first demo account with the first demo customer selected (after seed-demo); `cid` is that customer's id. */
export async function signInAsDemoAdmin(t: Pick<TestApp, 'app' | 'db'>): Promise<Session> {
  const customer = await t.db
    .selectFrom('customers')
    .select('id')
    .where('name', '=', DEMO_CUSTOMERS[0]?.name ?? '')
    .executeTakeFirstOrThrow();
  const account = DEMO_ACCOUNTS[0];
  return signIn(t.app, account?.loginName ?? '', customer.id, account?.password);
}

/** A fresh app with the demo seeded (no traffic history) and the demo administrator signed in: the demo seeds' tests. */
export async function seededDemoApp(seed = 5): Promise<{ t: TestApp; admin: Session; seeded: Awaited<ReturnType<typeof seedDemo>> }> {
  const t = await createTestApp();
  const seeded = await seedDemo(t.db, t.config.dataDir, { historyDays: 0, seed });
  return { t, seeded, admin: await signInAsDemoAdmin(t) };
}
