import type { Insertable, Selectable } from 'kysely';
import type { ExchangeRatesTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type StoredRate = Omit<Selectable<ExchangeRatesTable>, 'customer_id'>;
export type NewRate = Omit<Insertable<ExchangeRatesTable>, 'customer_id'>;

/** The reporting currency and the exchange rates of one customer. */
export function moneyRepo(scope: TenantScope) {
  return {
    async customerCountries(): Promise<string[]> {
      // Customers are not a tenant table; this reads the caller's own customer row only.
      const row = await scope.db.selectFrom('customers').select('countries').where('id', '=', scope.customerId).executeTakeFirst();
      return row ? (JSON.parse(row.countries) as string[]) : [];
    },

    settings: () => scope.selectFrom('currency_settings').select(['reporting_currency', 'updated_at']).executeTakeFirst(),

    async saveSettings(reportingCurrency: string, userId: string | null, at: string): Promise<void> {
      const updated = await scope
        .updateTable('currency_settings')
        .set({ reporting_currency: reportingCurrency, updated_by: userId, updated_at: at })
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await scope.insertInto('currency_settings', [{ reporting_currency: reportingCurrency, updated_by: userId, updated_at: at }]).execute();
      }
    },

    /** How many shops keep each currency (all shops, or these). */
    async shopCurrencies(shopIds?: readonly string[]): Promise<{ currency: string; shopCount: number }[]> {
      if (shopIds && shopIds.length === 0) return [];
      const rows = await scope
        .selectFrom('shops')
        .select((eb) => ['currency', eb.fn.countAll<number>().as('n')])
        .$if(shopIds !== undefined, (q) => q.where('id', 'in', [...(shopIds ?? [])]))
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      return rows.map((row) => ({ currency: row.currency, shopCount: Number(row.n) }));
    },

    async countRates(currency?: string): Promise<number> {
      const row = await scope
        .selectFrom('exchange_rates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .$if(currency !== undefined, (q) => q.where((eb) => eb.or([eb('base_currency', '=', currency ?? ''), eb('quote_currency', '=', currency ?? '')])))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    pageRates(currency: string | undefined, offset: number, limit: number) {
      return scope
        .selectFrom('exchange_rates')
        .leftJoin('users', 'users.id', 'exchange_rates.updated_by')
        .select([
          'exchange_rates.id',
          'exchange_rates.base_currency',
          'exchange_rates.quote_currency',
          'exchange_rates.rate_date',
          'exchange_rates.rate',
          'exchange_rates.source',
          'exchange_rates.updated_at',
          'users.surname',
          'users.given_name',
        ])
        .$if(currency !== undefined, (q) =>
          q.where((eb) => eb.or([eb('exchange_rates.base_currency', '=', currency ?? ''), eb('exchange_rates.quote_currency', '=', currency ?? '')])),
        )
        .orderBy('exchange_rates.rate_date', 'desc')
        .orderBy('exchange_rates.base_currency')
        .orderBy('exchange_rates.quote_currency')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    findRate: (id: string) => scope.selectFrom('exchange_rates').selectAll().where('id', '=', id).executeTakeFirst(),

    async rateOfPairOn(base: string, quote: string, date: string): Promise<{ id: string } | undefined> {
      return scope
        .selectFrom('exchange_rates')
        .select('id')
        .where('base_currency', '=', base)
        .where('quote_currency', '=', quote)
        .where('rate_date', '=', date)
        .executeTakeFirst();
    },

    insertRate: (row: NewRate) => scope.insertInto('exchange_rates', [row]).execute(),
    updateRate: (id: string, row: Omit<NewRate, 'id'>) => scope.updateTable('exchange_rates').set(row).where('id', '=', id).execute(),
    deleteRate: (id: string) => scope.deleteFrom('exchange_rates').where('id', '=', id).execute(),

    /** Every rate between these currencies and the reporting currency (either direction) dated on or before `upTo`. */
    ratesWith(reporting: string, currencies: readonly string[], upTo: string): Promise<StoredRate[]> {
      if (currencies.length === 0) return Promise.resolve([]);
      return scope
        .selectFrom('exchange_rates')
        .select(['id', 'base_currency', 'quote_currency', 'rate_date', 'rate', 'source', 'updated_by', 'updated_at'])
        .where('rate_date', '<=', upTo)
        .where((eb) =>
          eb.or([
            eb.and([eb('base_currency', 'in', [...currencies]), eb('quote_currency', '=', reporting)]),
            eb.and([eb('quote_currency', 'in', [...currencies]), eb('base_currency', '=', reporting)]),
          ]),
        )
        .orderBy('rate_date')
        .execute();
    },
  };
}
export type MoneyRepo = ReturnType<typeof moneyRepo>;
