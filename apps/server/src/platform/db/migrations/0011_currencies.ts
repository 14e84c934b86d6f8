import { type Kysely, sql } from 'kysely';

/**
 * Money has a currency (issue 11 section 2). Every shop keeps its POS amounts in its own currency
 * (ISO 4217), taken here from its country: the province code's prefix, else the customer's first
 * country. The customer's reporting currency and its dated exchange rates, kept by a
 * whole-customer administrator, convert figures over shops of several currencies.
 *
 * The country -> currency map is copied, not imported: a migration must keep doing what it did.
 */
const COUNTRY_CURRENCIES: Record<string, string> = {
  CN: 'CNY',
  KR: 'KRW',
  JP: 'JPY',
  MY: 'MYR',
  VN: 'VND',
  AU: 'AUD',
  US: 'USD',
  GB: 'GBP',
  HK: 'HKD',
  SG: 'SGD',
  TW: 'TWD',
  TH: 'THB',
  ID: 'IDR',
  PH: 'PHP',
  NZ: 'NZD',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shops')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CNY'))
    .execute();

  const { rows: customers } = await sql<{ id: string; countries: string }>`select id, countries from customers`.execute(db);
  const firstCountry = new Map(customers.map((customer) => [customer.id, (JSON.parse(customer.countries) as string[])[0] ?? null]));
  const { rows: shops } = await sql<{ customer_id: string; id: string; province: string | null }>`select customer_id, id, province from shops`.execute(db);
  for (const shop of shops) {
    const country = shop.province ? shop.province.split('-')[0] : firstCountry.get(shop.customer_id);
    const currency = (country && COUNTRY_CURRENCIES[country]) ?? 'CNY';
    if (currency !== 'CNY') await sql`update shops set currency = ${currency} where customer_id = ${shop.customer_id} and id = ${shop.id}`.execute(db);
  }

  await db.schema
    .createTable('currency_settings')
    .addColumn('customer_id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('reporting_currency', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('exchange_rates')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('base_currency', 'text', (c) => c.notNull())
    .addColumn('quote_currency', 'text', (c) => c.notNull())
    /** The first local date the rate applies to; it holds until the next rate of the pair. */
    .addColumn('rate_date', 'text', (c) => c.notNull())
    /** Units of the quote currency for one unit of the base currency. */
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_rates_pk', ['customer_id', 'id'])
    .addUniqueConstraint('exchange_rates_pair_date_uq', ['customer_id', 'base_currency', 'quote_currency', 'rate_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exchange_rates').ifExists().execute();
  await db.schema.dropTable('currency_settings').ifExists().execute();
  await db.schema.alterTable('shops').dropColumn('currency').execute();
}
