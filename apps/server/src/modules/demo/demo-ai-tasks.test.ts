import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { aiTasksOfBox, createAiTasksService } from '../ai-tasks/ai-tasks.service.ts';
import { DEMO_RETAIL } from './demo-plan.ts';
import { seedActor } from './seed-actor.ts';
import { seedDemo } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.config.dataDir, { historyDays: 0, seed: 3 });
}, 180_000);
afterAll(async () => t.close());

describe('the demo AI tasks', () => {
  it('are the retail customer’s, made through the service, and reach its boxes’ configuration', async () => {
    const customer = await t.db.selectFrom('customers').select('id').where('name', '=', DEMO_RETAIL).executeTakeFirstOrThrow();
    const page = await createAiTasksService({ db: t.db }).page(seedActor(customer.id), { page: 1, pageSize: 20 }, 'en');
    expect(page.list.map((task) => [task.name, task.enabled]).sort()).toEqual([
      ['Counter service', true],
      ['Kitchen hygiene (trial)', false],
      ['Night security', true],
      ['Shelf check', true],
    ]);
    const box = await t.db.selectFrom('boxes').select('id').where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
    const tasks = await aiTasksOfBox(t.db, customer.id, box.id, false);
    expect(tasks.map((task) => task.name).sort()).toEqual(['Counter service', 'Night security', 'Shelf check']);
    expect(tasks.find((task) => task.name === 'Night security')?.eventCodes).toEqual(['door_left_open', 'rodent', 'smoking']);
  });
});
