import { type AnyOperation, DECLARED_OPERATIONS } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ACCOUNTS, DEMO_CUSTOMERS } from '../src/modules/demo/demo-plan.ts';
import { seedDemo } from '../src/modules/demo/seed-demo.ts';
import { queueDelivery } from '../src/modules/webhooks/webhooks.events.ts';
import { createWebhooksService } from '../src/modules/webhooks/webhooks.service.ts';
import { resolveActor } from '../src/platform/authz/actor.ts';
import { type Session, sheetRows, signIn } from './factories.ts';
import { call, createTestApp, type TestApp } from './harness.ts';

/**
 * Sweeps over every operation declared in packages/contracts (DECLARED_OPERATIONS): each is served
 * by the server; none answers a 5xx to garbage; and none, called by one customer's administrator
 * with the other customer's ids in every id field, answers anything of the other customer
 * (DESIGN T1). A new operation is swept as soon as it is declared.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minItems?: number;
};

/** The other customer's ids by the kind a field names (shopId, orgIds, cameraId ...). */
type ForeignIds = Map<string, string[]>;

const KIND_OF_FIELD: [RegExp, string][] = [
  [/^rectification|Rectification/, 'rectifications'],
  [/^media|Media|^image|Image/, 'rectification_media'],
  [/^handler|Handler|^reviewer|Reviewer/, 'users'],
  [/^plan|Plan/, 'inspection_plans'],
  [/^item|Item/, 'inspection_items'],
  [/^category|Category/, 'inspection_categories'],
  [/^assignment|Assignment/, 'inspection_assignments'],
  [/^panorama|Panorama/, 'panoramas'],
  [/^plan|Plan/, 'floor_plans'],
  [/^element|Element/, 'floor_plan_elements'],
  [/^shop|Shop/, 'shops'],
  [/^org|Org/, 'orgs'],
  [/^camera|Camera/, 'cameras'],
  [/^box|Box/, 'boxes'],
  [/^user|User/, 'users'],
  [/^role|Role/, 'roles'],
  [/^event|Event/, 'calendar_events'],
  [/^group|Group/, 'shop_groups'],
  [/^upload|Upload/, 'pos_uploads'],
  [/^message|Message/, 'messages'],
  [/^endpoint|Endpoint/, 'webhook_endpoints'],
  [/^delivery|Delivery/, 'webhook_deliveries'],
  [/^audience|Audience|^source/, 'crowd_audiences'],
  [/^channel|Channel/, 'crowd_channels'],
  [/^promotion|Promotion/, 'crowd_promotions'],
  [/^material|Material/, 'crowd_materials'],
  [/^batchId$/, 'batch_visits'],
];

function foreignIdFor(field: string, foreign: ForeignIds): string {
  const kind = KIND_OF_FIELD.find(([pattern]) => pattern.test(field))?.[1] ?? 'shops';
  return foreign.get(kind)?.[0] ?? foreign.get('shops')?.[0] ?? 'none';
}

/** A plausible value for a schema, with the other customer's ids wherever a field names an id. */
function sample(schema: JsonSchema, field: string, foreign: ForeignIds): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const concrete = alternatives.find((option) => option.type !== 'null') ?? alternatives[0];
    return concrete ? sample(concrete, field, foreign) : null;
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], field, foreign);
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type;
  const idField = /(^id$|Id$|^cid$)/.test(field);
  const idsField = /Ids$/.test(field);
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) value[name] = sample(property, name, foreign);
      return value;
    }
    case 'array':
      if (idsField) return [foreignIdFor(field.replace(/s$/, ''), foreign)];
      return schema.items && (schema.minItems ?? 0) > 0 ? [sample(schema.items, field, foreign)] : [];
    case 'string':
      if (idField) return foreignIdFor(field, foreign);
      if (/date/i.test(field)) return '2026-03-02';
      if (schema.format === 'email') return 'someone@example.com';
      return 'sweep';
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function inputFor(operation: AnyOperation, foreign: ForeignIds): unknown {
  const schema = operation.body ?? operation.query;
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sample(json, '', foreign);
}

function requestOf(operation: AnyOperation, input: unknown): { method: 'GET' | 'POST'; url: string; body?: unknown } {
  if (operation.method === 'GET') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
      if (value !== null && value !== undefined) query.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    return { method: 'GET', url: `${operation.path}${query.size > 0 ? `?${query}` : ''}` };
  }
  return { method: 'POST', url: operation.path, body: input ?? {} };
}

let t: TestApp;
let admin: Session;
let foreign: ForeignIds;
let foreignValues: string[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.config.dataDir, { historyDays: 0, seed: 3 });
  const [ours, theirs] = await Promise.all(
    DEMO_CUSTOMERS.slice(0, 2).map((customer) => t.db.selectFrom('customers').select('id').where('name', '=', customer.name).executeTakeFirstOrThrow()),
  );
  const account = DEMO_ACCOUNTS[0];
  admin = await signIn(t.app, account?.loginName ?? '', ours?.id, account?.password);
  // The other customer has a webhook endpoint with a delivery (the demo registers none): their ids join the sweep.
  const theirAdmin = await t.db
    .selectFrom('memberships')
    .select('user_id')
    .where('customer_id', '=', theirs?.id ?? '')
    .executeTakeFirstOrThrow();
  const theirActor = await resolveActor(t.db, theirAdmin.user_id, theirs?.id ?? '');
  if (!theirActor) throw new Error('the other customer has no member');
  await createWebhooksService({ db: t.db, allowPrivateTargets: true }).add(theirActor, {
    url: 'http://127.0.0.1:9/sweep',
    description: 'Sweep',
    events: ['device.offline'],
    enabled: false,
  });
  const [endpoint] = await t.db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('customer_id', '=', theirs?.id ?? '')
    .execute();
  await queueDelivery(t.db, theirs?.id ?? '', { id: endpoint?.id ?? '' }, { id: 'evt_sweep', type: 'webhook.test', body: '{}' }, { test: true });
  // Every id of the other customer's tenant rows: none may ever appear in an answer to us.
  foreign = new Map();
  const tables = await t.db.introspection.getTables();
  for (const table of tables) {
    const columns = table.columns.map((column) => column.name);
    if (!columns.includes('customer_id') || !columns.includes('id')) continue;
    const rows = await t.db
      .selectFrom(table.name as 'shops')
      .select('id')
      .where('customer_id', '=', theirs?.id ?? '')
      .execute();
    if (rows.length > 0)
      foreign.set(
        table.name,
        rows.map((row) => row.id),
      );
  }
  const theirUsers = await t.db
    .selectFrom('memberships')
    .select('user_id')
    .where('customer_id', '=', theirs?.id ?? '')
    .execute();
  const ourUsers = new Set(
    (
      await t.db
        .selectFrom('memberships')
        .select('user_id')
        .where('customer_id', '=', ours?.id ?? '')
        .execute()
    ).map((row) => row.user_id),
  );
  // Operators belong to both customers: only the other customer's own people count as theirs.
  foreign.set(
    'users',
    theirUsers.map((row) => row.user_id).filter((id) => !ourUsers.has(id)),
  );
  foreignValues = [theirs?.id ?? '', ...[...foreign.values()].flat()].filter((value) => value.length >= 8);
}, 120_000);
afterAll(async () => t.close());

describe('every declared operation', () => {
  it('is served by the server, once per name', () => {
    const names = DECLARED_OPERATIONS.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    for (const operation of DECLARED_OPERATIONS) {
      expect(t.app.hasRoute({ method: operation.method, url: operation.path }), `${operation.name} ${operation.method} ${operation.path}`).toBe(true);
    }
    console.info(`declared operations served: ${DECLARED_OPERATIONS.length}`);
  });

  it('is documented in the OpenAPI document from its declaration: path, method, summary, body and answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Documented = { summary?: string; requestBody?: unknown; parameters?: unknown[]; responses?: Record<string, unknown> };
    const paths = (response.json() as { paths: Record<string, Record<string, Documented>> }).paths;
    let documented = 0;
    for (const operation of DECLARED_OPERATIONS) {
      const entry = paths[operation.path]?.[operation.method.toLowerCase()];
      const label = `${operation.name} ${operation.method} ${operation.path}`;
      expect(entry, label).toBeDefined();
      expect(entry?.summary, label).toBe(operation.summary);
      if (operation.body && !operation.upload) expect(entry?.requestBody, label).toBeDefined();
      if (operation.query) expect(entry?.parameters?.length ?? 0, label).toBeGreaterThan(0);
      expect(Object.keys(entry?.responses ?? {}), label).toContain('200');
      documented += 1;
    }
    expect(documented).toBe(DECLARED_OPERATIONS.length);
    console.info(`OpenAPI: ${documented} declared operations documented`);
  });

  it('is every operation the server serves: no route outside the registry', () => {
    const declared = new Set(DECLARED_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`));
    const served: string[] = [];
    for (const route of t.app.printRoutes({ commonPrefix: false, method: undefined }).split('\n')) {
      const match = route.match(/(\/api\/\S+) \(([^)]*)\)/);
      if (!match?.[1] || match[1].startsWith('/api/docs')) continue;
      for (const method of (match[2] ?? '').split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') served.push(`${method} ${match[1]}`);
    }
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((route) => !declared.has(route))).toEqual([]);
  });

  it("answers nothing of another customer, given that customer's ids", async () => {
    expect(foreignValues.length).toBeGreaterThan(20);
    const outcomes = new Map<number, number>();
    const acceptedForeign: string[] = [];
    let swept = 0;
    for (const operation of DECLARED_OPERATIONS) {
      if (operation.guard.auth !== 'customer' || operation.upload) continue;
      const { method, url, body } = requestOf(operation, inputFor(operation, foreign));
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${admin.token}`, 'x-customer-code': admin.cid },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      swept += 1;
      outcomes.set(response.statusCode, (outcomes.get(response.statusCode) ?? 0) + 1);
      expect(response.statusCode, `${operation.name}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      // A file's text is inside its zip: read every cell of a spreadsheet answer.
      const text = String(response.headers['content-type']).includes('spreadsheet') ? (await sheetRows(response.rawPayload)).flat().join('\n') : response.body;
      const leaked = foreignValues.filter((value) => text.includes(value));
      // An input naming the other customer's ids is 'not found' (or refused), never an empty success.
      const sent = JSON.stringify(body ?? url);
      if (response.statusCode === 200 && foreignValues.some((value) => sent.includes(value))) acceptedForeign.push(operation.name);
      expect(leaked, `${operation.name} answered another customer's ids`).toEqual([]);
    }
    console.info(
      `cross-customer sweep: ${swept} operations, answers ${[...outcomes]
        .sort()
        .map(([status, count]) => `${status} x${count}`)
        .join(', ')}`,
    );
    expect(swept).toBe(DECLARED_OPERATIONS.filter((operation) => operation.guard.auth === 'customer' && !operation.upload).length);
    expect(acceptedForeign, "answered 200 to the other customer's ids").toEqual([]);
  });

  it('answers garbage with a 4xx envelope and a message, never a 5xx', async () => {
    const garbage: unknown[] = ['{"broken": ', '[1,2,3]', '"just a string"', JSON.stringify({ id: { nested: true }, page: 'x', shopIds: 7, startDate: [] })];
    let swept = 0;
    for (const operation of DECLARED_OPERATIONS) {
      if (operation.upload || operation.method === 'GET') continue;
      for (const body of garbage) {
        const response = await call(t.app, 'POST', operation.path, body, admin);
        expect(response.http, `${operation.name} ${String(body)}`).toBeLessThan(500);
        if (response.http >= 400) expect(response.body.msg.length, operation.name).toBeGreaterThan(0);
      }
      swept += 1;
    }
    console.info(`bad-input sweep: ${swept} operations x ${garbage.length} bodies`);
    expect(swept).toBeGreaterThan(0);
  });
});
