import { type Catalogue, extensionsOperations, hygieneOperations, type ServiceDetail, temperatureOperations } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoleWithout, buildUser, postFiles, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch } from '../../../test/support/traffic.ts';
import { setClock } from '../../platform/time/clock.ts';

/**
 * The service catalogue over HTTP: its numbers are computed by hand from a few sensors, readings,
 * staff, certificates and disinfection records written through the services' own operations, for
 * the whole customer and for a store manager's one store; another customer sees none of them.
 */
const NOW = Date.parse('2026-05-20T04:00:00.000Z'); // noon in Shanghai: today 05-20, yesterday 05-19
const MINUTE = 60_000;
const minutesAgo = (minutes: number) => new Date(NOW - minutes * MINUTE).toISOString();
const notFound = 'Not found or no access';

let t: TestApp;
let chain: RectificationChain;
let admin: Session;
let store: Session;
const { post } = postersFor(() => t.app);

async function imageId(session: Session): Promise<string> {
  const response = await postFiles(t.app, hygieneOperations.uploadImage.path, [{ name: 'photo.jpg', content: await picture() }], session);
  expect(response.body.status, response.body.msg).toBe(200);
  return (response.body.data as { mediaId: string }).mediaId;
}
async function employeeWith(shopId: string, name: string, expiries: readonly string[]): Promise<void> {
  const { employeeId } = await ok<{ employeeId: string }>(t.app, admin, hygieneOperations.employeeCreate, { shopId, name, position: 'Cook' });
  for (const expiresOn of expiries) {
    await ok(t.app, admin, hygieneOperations.certificateCreate, {
      employeeId,
      number: `HC-${name}-${expiresOn}`,
      issuer: 'Shanghai CDC',
      issuedOn: '2025-05-01',
      expiresOn,
      imageId: await imageId(admin),
    });
  }
}
async function disinfection(shopId: string, occurredAt: string): Promise<void> {
  await ok(t.app, admin, hygieneOperations.disinfectionCreate, {
    shopId,
    area: 'Kitchen',
    method: 'Wipe',
    agent: 'Chlorine 500 mg/L',
    occurredAt,
    person: 'Li Lei',
    imageId: await imageId(admin),
  });
}
async function sensor(boxId: string, name: string, enabled = true): Promise<string> {
  const saved = await ok<{ sensorId: string }>(t.app, admin, temperatureOperations.sensorSave, {
    boxId,
    name,
    kind: 'fridge',
    limits: { low: 0, high: 5 },
    delayMinutes: 10,
    enabled,
  });
  return saved.sensorId;
}
const reading = (sensorId: string, minutes: number, celsius: number) => ({ type: 'temperature', sensorId, at: minutesAgo(minutes), celsius });

beforeAll(async () => {
  t = await createTestApp({ sessionTtlHours: 24 });
  setClock(new Date(NOW).toISOString());
  chain = await buildRectificationChain(t);
  admin = chain.people.admin.session;
  store = chain.people.store.session;

  // Temperature. S1: a normal fridge read 2 minutes ago (online), a warm one read over the 10-minute
  // delay (online, one open alert), one never read (offline), one disabled (neither). S2: one read
  // 30 minutes ago, past the 15-minute offline threshold (offline).
  const boxS1 = await buildBox(t.db, chain.customerId, chain.s1, 0);
  const boxS2 = await buildBox(t.db, chain.customerId, chain.s2, 0);
  const normal = await sensor(boxS1.boxId, 'Dairy');
  const warm = await sensor(boxS1.boxId, 'Drinks');
  await sensor(boxS1.boxId, 'Never read');
  await sensor(boxS1.boxId, 'Switched off', false);
  const quiet = await sensor(boxS2.boxId, 'Freezer');
  const s1 = await sendBatch(t.app, boxS1.token, [reading(normal, 2, 3), reading(warm, 20, 9), reading(warm, 15, 9.5), reading(warm, 5, 9)]);
  expect(s1.body.status, s1.body.msg).toBe(200);
  const s2 = await sendBatch(t.app, boxS2.token, [reading(quiet, 30, 3)]);
  expect(s2.body.status, s2.body.msg).toBe(200);

  // Hygiene. S1: one expiring (05-20 + 21 days), one valid, one expired, one without a certificate;
  // disinfected yesterday (not overdue). S2: one valid; last disinfected 05-17 (overdue).
  await employeeWith(chain.s1, 'Cook', ['2026-06-10']);
  await employeeWith(chain.s1, 'Waiter', ['2027-05-01']);
  await employeeWith(chain.s1, 'Baker', ['2026-05-01']);
  await employeeWith(chain.s1, 'Newbie', []);
  await employeeWith(chain.s2, 'Butcher', ['2026-04-30', '2027-04-30']);
  await disinfection(chain.s1, '2026-05-19T02:00:00.000Z');
  await disinfection(chain.s2, '2026-05-17T02:00:00.000Z');
}, 180_000);
afterAll(async () => t.close());

const catalogue = (session: Session) => ok<Catalogue>(t.app, session, extensionsOperations.catalogue, {});
const detail = (session: Session, service: string) => ok<ServiceDetail>(t.app, session, extensionsOperations.serviceDetail, { service });

describe('the service catalogue', () => {
  it('counts sensors online and offline, open alerts, certificates and overdue logs in the whole customer', async () => {
    expect(await catalogue(admin)).toEqual([
      { service: 'temperature', setUp: true, stores: 2, sensors: 5, online: 2, offline: 2, openAlerts: 1 },
      { service: 'warehousePatrol', setUp: false, stores: 0, plans: 0, awaiting: 0, missed7Days: 0, passRate7Days: null },
      {
        service: 'hygieneLog',
        setUp: true,
        stores: 2,
        employees: 5,
        expiredCertificates: 1,
        missingCertificates: 1,
        expiringCertificates: 1,
        overdueStores: 1,
      },
    ]);
  });

  it("keeps to a store manager's stores, in the catalogue and in each service's stores", async () => {
    const mine = await catalogue(store);
    expect(mine.find((row) => row.service === 'temperature')).toEqual({
      service: 'temperature',
      setUp: true,
      stores: 1,
      sensors: 4,
      online: 2,
      offline: 1,
      openAlerts: 1,
    });
    expect(mine.find((row) => row.service === 'hygieneLog')).toMatchObject({ stores: 1, employees: 4, overdueStores: 0 });
    const temperature = await detail(store, 'temperature');
    expect(temperature.temperatureStores).toEqual([{ shopId: chain.s1, shopName: 'Store One', sensors: 4, online: 2, offline: 1, openAlerts: 1 }]);
    const hygiene = await detail(admin, 'hygieneLog');
    expect(hygiene.hygieneStores.find((row) => row.shopId === chain.s1)).toEqual({
      shopId: chain.s1,
      shopName: 'Store One',
      employees: 4,
      expired: 1,
      missing: 1,
      expiring: 1,
      lastDisinfection: '2026-05-19',
      overdue: false,
    });
    expect(hygiene.hygieneStores.find((row) => row.shopId === chain.s2)).toMatchObject({
      employees: 1,
      expired: 0,
      lastDisinfection: '2026-05-17',
      overdue: true,
    });
    expect((await detail(chain.people.store2.session, 'hygieneLog')).hygieneStores.map((row) => row.shopId)).toEqual([chain.s2]);
  });

  it('shows another customer nothing of ours', async () => {
    const theirs = await catalogue(chain.other.admin);
    expect(theirs.find((row) => row.service === 'temperature')).toEqual({
      service: 'temperature',
      setUp: false,
      stores: 0,
      sensors: 0,
      online: 0,
      offline: 0,
      openAlerts: 0,
    });
    expect(theirs.find((row) => row.service === 'hygieneLog')).toMatchObject({ setUp: false, stores: 0, employees: 0 });
    expect((await detail(chain.other.admin, 'temperature')).temperatureStores).toEqual([]);
  });

  it('lists only the services whose group the caller has; the tab itself is required', async () => {
    const noTemperature = await buildUser(t.db, [
      { customerId: chain.customerId, roleId: await buildRoleWithout(t.db, chain.customerId, ['cueretail_ext_temperature', 'cueretail_ext_patrol_inspect']) },
    ]);
    const session = await signIn(t.app, noTemperature.loginName, chain.customerId);
    expect((await catalogue(session)).map((row) => row.service)).toEqual(['hygieneLog']);
    expect((await post(session, extensionsOperations.serviceDetail.path, { service: 'temperature' })).body.msg).toBe(notFound);
    const noTab = await buildUser(t.db, [{ customerId: chain.customerId, roleId: await buildRoleWithout(t.db, chain.customerId, ['extservice_nav']) }]);
    expect((await post(await signIn(t.app, noTab.loginName, chain.customerId), extensionsOperations.catalogue.path, {})).body.status).toBe(403);
    expect((await post(admin, extensionsOperations.serviceDetail.path, { service: 'parking' })).body.status).toBe(400);
  });
});
