import type { DB } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { createCrowd } from '../crowd/crowd.module.ts';
import { seedActor } from './seed-actor.ts';

/**
 * The demo's audiences (issue 17) through the crowd services, as the customer's administrator would
 * make them: the privacy setting that collects Wi-Fi sightings, a channel, custom, intelligent and
 * combined audiences over the first stores, and a promotion to the regulars that ended a few days
 * ago (its effect is measured from the simulated returns). Generation is queued as jobs: the server's
 * worker makes them once it runs, from the sightings the seed's history wrote.
 */
export async function seedDemoAudiences(
  deps: { db: DB; storage: ObjectStorage; calendar: CalendarService },
  customers: readonly { customerId: string; shopIds: string[]; timeZone: string }[],
  at: Date,
): Promise<number> {
  const { crowd, promotions } = createCrowd({ db: deps.db, storage: deps.storage });
  let made = 0;
  for (const customer of customers) {
    const actor = seedActor(customer.customerId);
    const privacy = await deps.calendar.privacySettings(customer.customerId);
    await deps.calendar.updatePrivacy(actor, { ...privacy, collectWifi: true });
    if (customer.shopIds.length === 0) continue;
    const today = todayIn(customer.timeZone, at);
    await crowd.addChannel(actor, { name: 'Demo ad network', format: 'csv', description: 'Hashed identifiers for the ad network’s custom audiences' });
    const shops = customer.shopIds.slice(0, 3);
    // Chosen from the weeks before the mailing: an audience picked by visits during a promotion would
    // measure its own selection, not the promotion (docs/decisions/crowd.md).
    const regulars = await crowd.add(actor, {
      name: 'Regulars before the spring mailing',
      type: 'inStore',
      strategy: 'custom',
      conditions: { shopIds: shops, startDate: addDays(today, -34), endDate: addDays(today, -11), minVisits: 2, sourceIds: [] },
    });
    const lingerers = await crowd.add(actor, {
      name: 'Long stays in the afternoon',
      type: 'inStore',
      strategy: 'custom',
      conditions: {
        shopIds: shops,
        startDate: addDays(today, -28),
        endDate: addDays(today, -1),
        minVisits: 1,
        minDwellMinutes: 15,
        fromHour: 13,
        toHour: 18,
        sourceIds: [],
      },
    });
    await crowd.add(actor, {
      name: 'Most frequent visitors',
      type: 'inStore',
      strategy: 'intelligent',
      conditions: { shopIds: shops.slice(0, 1), minVisits: 1, sourceIds: [] },
    });
    await crowd.add(actor, {
      name: 'Regulars or lingerers',
      type: 'inStore',
      strategy: 'combined',
      conditions: { shopIds: [], minVisits: 1, operation: 'union', sourceIds: [regulars.audienceId, lingerers.audienceId] },
    });
    await promotions.add(actor, {
      name: 'Spring newsletter',
      audienceId: regulars.audienceId,
      startDate: addDays(today, -10),
      endDate: addDays(today, -4),
      landingUrl: 'https://example.com/spring',
      description: 'A mailing to the regulars with a spring voucher',
    });
    made += 4;
  }
  return made;
}
