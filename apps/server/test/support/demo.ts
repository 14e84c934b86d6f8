import { DEMO_ACCOUNTS, DEMO_CUSTOMERS } from '../../src/modules/demo/demo-plan.ts';
import { type Session, signIn } from '../factories.ts';
import type { TestApp } from '../harness.ts';

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
