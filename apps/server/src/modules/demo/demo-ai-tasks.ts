import type { DB } from '../../platform/db/database.ts';
import { createAiTasksService } from '../ai-tasks/ai-tasks.service.ts';
import { seedActor } from './seed-actor.ts';

export interface DemoAiTaskCustomer {
  customerId: string;
  /** Camera ids of each store (by number), in the store's camera order. */
  cameraIds: ReadonlyMap<string, readonly string[]>;
}

/** The demo's AI tasks, by the event codes of the standard catalogue (migration 0034). */
export const DEMO_AI_TASKS = [
  {
    name: 'Counter service',
    codes: ['no_staff_at_counter', 'staff_on_phone', 'no_uniform'],
    cameras: 'first' as const,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '09:00',
    endTime: '22:00',
    priority: 'high' as const,
    enabled: true,
  },
  {
    name: 'Night security',
    codes: ['door_left_open', 'smoking', 'rodent'],
    cameras: 'all' as const,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '22:00',
    endTime: '08:00',
    priority: 'high' as const,
    enabled: true,
  },
  {
    name: 'Shelf check',
    codes: ['empty_shelf'],
    cameras: 'last' as const,
    weekdays: [1, 2, 3, 4, 5],
    startTime: '10:00',
    endTime: '20:00',
    priority: 'low' as const,
    enabled: true,
  },
  {
    name: 'Kitchen hygiene (trial)',
    codes: ['no_chef_hat', 'no_mask'],
    cameras: 'last' as const,
    weekdays: [6, 7],
    startTime: '11:00',
    endTime: '14:00',
    priority: 'low' as const,
    enabled: false,
  },
];

/**
 * A few AI tasks per demo customer (issue 15 section 1), made through the service as an
 * administrator would: the boxes' configuration carries them from the first poll on.
 */
export async function seedDemoAiTasks(db: DB, customers: readonly DemoAiTaskCustomer[]): Promise<void> {
  const service = createAiTasksService({ db });
  for (const customer of customers) {
    const stores = [...customer.cameraIds.values()].filter((cameras) => cameras.length > 0);
    if (stores.length === 0) continue;
    const actor = seedActor(customer.customerId);
    const items = await service.items({}, 'en');
    const idOf = new Map(items.map((item) => [item.eventCode, item.itemId]));
    for (const task of DEMO_AI_TASKS) {
      const cameraIds = stores.flatMap((cameras) =>
        task.cameras === 'all' ? [...cameras] : [(task.cameras === 'first' ? cameras[0] : cameras.at(-1)) as string],
      );
      await service.add(actor, {
        name: task.name,
        cameraIds: [...new Set(cameraIds)],
        itemIds: task.codes.map((code) => idOf.get(code) as string),
        weekdays: task.weekdays,
        startTime: task.startTime,
        endTime: task.endTime,
        priority: task.priority,
        enabled: task.enabled,
      });
    }
  }
}
