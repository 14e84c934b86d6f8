import {
  type CurrencyCode,
  type CurrencySettingsResponse,
  type CurrencyShare,
  currencyOfCountry,
  type DateRange,
  type ExchangeRateListRequest,
  type ExchangeRateRow,
  type ExchangeRateSaveRequest,
  FALLBACK_CURRENCY,
  type MessageParams,
  type MoneyCheckResponse,
  type MoneyInfo,
  type Page,
  type UsedRate,
} from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { AppError, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { type MoneyRepo, moneyRepo, type StoredRate } from './money.repo.ts';

/** A shop as the money plan needs it. */
export interface MoneyShop {
  id: string;
  currency: string;
  floor_area: number | null;
}

/** Rows of sums grouped by some columns; `local_date` among them when a plan converts. */
export interface GroupedSums<S> {
  group: Record<string, string | number>;
  sums: S;
}

/**
 * How the money of one answer is read. Without conversion (one currency, or no money asked for)
 * `read` just reads; with conversion it reads each currency's shops by day and multiplies their
 * money by the rate of that day, noting each rate it used for `info()`.
 */
export interface MoneyPlan {
  converting: boolean;
  read<G extends string, S>(
    shopIds: readonly string[],
    groups: readonly G[],
    reader: (shopIds: readonly string[], groups: readonly (G | 'local_date')[]) => Promise<GroupedSums<S>[]>,
    scale: (sums: S, rate: number) => S,
  ): Promise<GroupedSums<S>[]>;
  info(): MoneyInfo;
}

/** Refused when amounts of several currencies would be added up without a rate. */
export interface MoneyRefusal {
  key: 'money.mixedCurrencies';
  params: MessageParams;
}

/** A dated series of one currency -> reporting currency: direct entries, or inverse pairs (1 / rate). */
interface RateSeries {
  dates: string[];
  entries: { date: string; factor: number; used: UsedRate }[];
}

function seriesOf(currency: string, reporting: string, rates: readonly StoredRate[]): RateSeries {
  const byDate = new Map<string, { date: string; factor: number; used: UsedRate }>();
  for (const rate of rates) {
    const direct = rate.base_currency === currency && rate.quote_currency === reporting;
    const inverse = rate.base_currency === reporting && rate.quote_currency === currency;
    if (!direct && !inverse) continue;
    // A rate entered for the pair itself wins over the inverse pair's of the same date.
    if (inverse && byDate.has(rate.rate_date)) continue;
    byDate.set(rate.rate_date, {
      date: rate.rate_date,
      factor: direct ? rate.rate : 1 / rate.rate,
      used: { baseCurrency: rate.base_currency, quoteCurrency: rate.quote_currency, date: rate.rate_date, rate: rate.rate, source: rate.source },
    });
  }
  const entries = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  return { dates: entries.map((entry) => entry.date), entries };
}

/** The latest entry on or before `date` (binary search), or undefined. */
function entryOn(series: RateSeries, date: string) {
  let low = 0;
  let high = series.dates.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((series.dates[middle] ?? '') <= date) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found >= 0 ? series.entries[found] : undefined;
}

function sharesOf(shops: readonly MoneyShop[]): CurrencyShare[] {
  const counts = new Map<string, number>();
  for (const shop of shops) counts.set(shop.currency, (counts.get(shop.currency) ?? 0) + 1);
  return [...counts.entries()].map(([currency, shopCount]) => ({ currency, shopCount })).sort((a, b) => a.currency.localeCompare(b.currency));
}

function rateRow(row: StoredRate & { surname?: string | null; given_name?: string | null }): ExchangeRateRow {
  return {
    rateId: row.id,
    baseCurrency: row.base_currency,
    quoteCurrency: row.quote_currency,
    date: row.rate_date,
    rate: Number(row.rate),
    source: row.source,
    updatedBy: row.surname !== undefined && row.surname !== null ? `${row.surname} ${row.given_name ?? ''}`.trim() : null,
    updatedAt: row.updated_at,
  };
}

/**
 * Currencies of money (issue 11 section 2): the customer's reporting currency, the dated exchange
 * rates an administrator keeps, and the plan by which the sales analytics read money over shops of
 * several currencies (convert with the rate of each day, or refuse; never add raw amounts).
 */
export function createMoneyService(deps: { db: DB }) {
  const { db } = deps;
  const repoOf = (customerId: string) => moneyRepo(tenantScope(db, customerId));

  async function reportingCurrencyOf(repo: MoneyRepo): Promise<{ currency: string; isDefault: boolean; updatedAt: string | null }> {
    const settings = await repo.settings();
    if (settings) return { currency: settings.reporting_currency, isDefault: false, updatedAt: settings.updated_at };
    return { currency: currencyOfCountry((await repo.customerCountries())[0]) ?? FALLBACK_CURRENCY, isDefault: true, updatedAt: null };
  }

  async function settingsOf(customerId: string): Promise<CurrencySettingsResponse> {
    const repo = repoOf(customerId);
    const [reporting, shopCurrencies] = await Promise.all([reportingCurrencyOf(repo), repo.shopCurrencies()]);
    return { reportingCurrency: reporting.currency, isDefault: reporting.isDefault, shopCurrencies, updatedAt: reporting.updatedAt };
  }

  async function saveReportingCurrency(customerId: string, userId: string | null, currency: CurrencyCode): Promise<CurrencySettingsResponse> {
    await repoOf(customerId).saveSettings(currency, userId, nowIso());
    return settingsOf(customerId);
  }

  async function saveRate(customerId: string, userId: string | null, input: ExchangeRateSaveRequest): Promise<ExchangeRateRow> {
    const repo = repoOf(customerId);
    if (input.rateId !== undefined && !(await repo.findRate(input.rateId))) throw notFound();
    const clash = await repo.rateOfPairOn(input.baseCurrency, input.quoteCurrency, input.date);
    const taken = () => refused('money.rateExists', { base: input.baseCurrency, quote: input.quoteCurrency, date: input.date });
    if (clash && clash.id !== input.rateId) throw taken();
    const id = input.rateId ?? newId();
    const row = {
      base_currency: input.baseCurrency,
      quote_currency: input.quoteCurrency,
      rate_date: input.date,
      rate: input.rate,
      source: input.source,
      updated_by: userId,
      updated_at: nowIso(),
    };
    try {
      if (input.rateId !== undefined) await repo.updateRate(id, row);
      else await repo.insertRate({ id, ...row });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    const stored = await repo.findRate(id);
    if (!stored) throw notFound();
    return rateRow(stored);
  }

  /**
   * The plan of one answer over `shops`. Several currencies with money asked for: each currency
   * other than the reporting one needs a rate on or before the first day of every range, else
   * the answer is refused with the currencies and the first missing rate named.
   */
  async function plan(customerId: string, shops: readonly MoneyShop[], ranges: readonly DateRange[], needsMoney: boolean): Promise<MoneyPlan> {
    const repo = repoOf(customerId);
    const reporting = (await reportingCurrencyOf(repo)).currency;
    const currencies = sharesOf(shops);
    const shopsWithoutArea = shops.filter((shop) => !shop.floor_area || shop.floor_area <= 0).length;
    const only = currencies.length === 1 ? currencies[0]?.currency : undefined;
    if (currencies.length <= 1 || !needsMoney) {
      const info: MoneyInfo = { currency: only ?? reporting, converted: false, reportingCurrency: reporting, currencies, rates: [], shopsWithoutArea };
      return { converting: false, read: (shopIds, groups, reader) => reader(shopIds, groups), info: () => info };
    }
    const firstDay = ranges.map((range) => range.startDate).sort()[0] ?? '';
    const lastDay =
      ranges
        .map((range) => range.endDate)
        .sort()
        .at(-1) ?? '';
    const foreign = currencies.map((share) => share.currency).filter((currency) => currency !== reporting);
    const stored = await repo.ratesWith(reporting, foreign, lastDay);
    const series = new Map(foreign.map((currency) => [currency, seriesOf(currency, reporting, stored)]));
    for (const currency of foreign) {
      if (!entryOn(series.get(currency) as RateSeries, firstDay)) {
        throw refused(
          'money.mixedCurrencies',
          { currencies: currencies.map((share) => share.currency).join(', '), missing: currency, reporting, date: firstDay },
          { currencies },
        );
      }
    }
    const used = new Map<string, UsedRate>();
    const currencyOf = new Map(shops.map((shop) => [shop.id, shop.currency]));
    return {
      converting: true,
      async read(shopIds, groups, reader, scale) {
        const withDate = groups.includes('local_date' as never) ? [...groups] : [...groups, 'local_date' as const];
        const parts = await Promise.all(
          currencies.map(async ({ currency }) => {
            const ids = shopIds.filter((id) => currencyOf.get(id) === currency);
            if (ids.length === 0) return [];
            const rows = await reader(ids, withDate);
            if (currency === reporting) return rows;
            const rates = series.get(currency) as RateSeries;
            return rows.map((row) => {
              const entry = entryOn(rates, String(row.group.local_date));
              if (!entry) return { ...row, sums: scale(row.sums, Number.NaN) };
              used.set(`${entry.used.baseCurrency}/${entry.used.quoteCurrency}/${entry.date}`, entry.used);
              return { ...row, sums: scale(row.sums, entry.factor) };
            });
          }),
        );
        return parts.flat();
      },
      info: () => ({
        currency: reporting,
        converted: true,
        reportingCurrency: reporting,
        currencies,
        rates: [...used.values()].sort((a, b) => a.date.localeCompare(b.date) || a.baseCurrency.localeCompare(b.baseCurrency)),
        shopsWithoutArea,
      }),
    };
  }

  return {
    settings: (actor: CustomerActor) => settingsOf(actor.customerId),
    saveSettings: (actor: CustomerActor, input: { reportingCurrency: CurrencyCode }) =>
      saveReportingCurrency(actor.customerId, actor.userId, input.reportingCurrency),

    async listRates(actor: CustomerActor, input: ExchangeRateListRequest): Promise<Page<ExchangeRateRow>> {
      const repo = repoOf(actor.customerId);
      const [total, rows] = await Promise.all([
        repo.countRates(input.currency),
        repo.pageRates(input.currency, (input.page - 1) * input.pageSize, input.pageSize),
      ]);
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.map((row) => rateRow({ ...row, updated_by: null })),
      };
    },
    saveRate: (actor: CustomerActor, input: ExchangeRateSaveRequest) => saveRate(actor.customerId, actor.userId, input),
    async deleteRate(actor: CustomerActor, input: { rateId: string }): Promise<null> {
      const repo = repoOf(actor.customerId);
      if (!(await repo.findRate(input.rateId))) throw notFound();
      await repo.deleteRate(input.rateId);
      return null;
    },

    /** Seed path (the demo): the same writes as an administrator's, as the system. */
    seedReportingCurrency: (customerId: string, currency: CurrencyCode) => saveReportingCurrency(customerId, null, currency),
    seedRate: (customerId: string, input: ExchangeRateSaveRequest) => saveRate(customerId, null, input),

    /** The currency check a page asks before its figures: the currencies, and the refusal if any. */
    async check(customerId: string, shops: readonly MoneyShop[], range: DateRange): Promise<MoneyCheckResponse> {
      const repo = repoOf(customerId);
      const reporting = (await reportingCurrencyOf(repo)).currency;
      try {
        await plan(customerId, shops, [range], true);
        return { reportingCurrency: reporting, currencies: sharesOf(shops), refusal: null };
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return { reportingCurrency: reporting, currencies: sharesOf(shops), refusal };
      }
    },

    plan,
  };
}
export type MoneyService = ReturnType<typeof createMoneyService>;

function refusalOf(error: unknown): MoneyRefusal | null {
  return error instanceof AppError && error.messageKey === 'money.mixedCurrencies' ? { key: 'money.mixedCurrencies', params: error.params } : null;
}
