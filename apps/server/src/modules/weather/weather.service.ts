import { type DateRange, type WeatherCondition, type WeatherDay, type WeatherMark, weatherDaySchema } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { now } from '../../platform/time/clock.ts';
import { REGIONS } from '../org/city-tree.ts';
import { parseCsv } from './csv.ts';
import { type CityKey, weatherRepo } from './weather.repo.ts';

/** Where a shop's weather is read: its country and city (a shop without either has no weather). */
export interface ShopPlace {
  country: string | null;
  city: string | null;
}

/** A refused import: every bad line, by its line number in the file (the header is line 1). */
export class WeatherImportError extends Error {
  constructor(readonly problems: readonly { line: number; problem: string }[]) {
    super(`weather import refused: ${problems.length} bad line(s)`);
    this.name = 'WeatherImportError';
  }
}

const CSV_COLUMNS = ['country', 'city', 'date', 'condition', 'highC', 'lowC', 'precipitationMm'] as const;

const cityId = (key: CityKey) => `${key.country}|${key.city}`;

/**
 * Weather per city and day: recorded by a weather source (the `import-weather` command reads its
 * CSV export) or by the demo's simulator, and read as marks for the shops an analysis covers.
 */
export function createWeatherService(deps: { db: DB }) {
  const repo = weatherRepo(deps.db);

  async function record(days: readonly WeatherDay[], source: string): Promise<number> {
    const updatedAt = now().toISOString();
    await repo.upsert(
      days.map((day) => ({
        country: day.country,
        city: day.city.trim(),
        local_date: day.date,
        condition: day.condition,
        high_c: day.highC,
        low_c: day.lowC,
        precipitation_mm: day.precipitationMm,
        source,
        updated_at: updatedAt,
      })),
    );
    return days.length;
  }

  return {
    record,

    /**
     * A weather source's CSV (header: country,city,date,condition,highC,lowC,precipitationMm), all
     * or nothing: one bad line refuses the file and every bad line is named.
     */
    async importCsv(text: string, source: string): Promise<number> {
      const [header, ...lines] = parseCsv(text);
      const names = (header?.cells ?? []).map((cell) => cell.trim());
      if (names.join(',') !== CSV_COLUMNS.join(',')) {
        throw new WeatherImportError([{ line: 1, problem: `the header must be ${CSV_COLUMNS.join(',')}` }]);
      }
      const days: WeatherDay[] = [];
      const problems: { line: number; problem: string }[] = [];
      const seen = new Set<string>();
      for (const { line, cells } of lines) {
        if (cells.every((cell) => cell.trim() === '')) continue;
        const raw = Object.fromEntries(CSV_COLUMNS.map((column, index) => [column, cells[index]?.trim() ?? '']));
        const parsed = weatherDaySchema.safeParse({
          ...raw,
          highC: raw.highC === '' ? Number.NaN : Number(raw.highC),
          lowC: raw.lowC === '' ? Number.NaN : Number(raw.lowC),
          precipitationMm: raw.precipitationMm === '' ? Number.NaN : Number(raw.precipitationMm),
        });
        if (!parsed.success) {
          problems.push({ line, problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
          continue;
        }
        const id = `${parsed.data.country}|${parsed.data.city}|${parsed.data.date}`;
        if (seen.has(id)) problems.push({ line, problem: `${parsed.data.city} ${parsed.data.date} appears twice` });
        seen.add(id);
        days.push(parsed.data);
      }
      if (problems.length > 0) throw new WeatherImportError(problems);
      return record(days, source);
    },

    /** The weather of the cities where these shops are, one mark per city and day, with the number of shops there. */
    async marksFor(shops: readonly ShopPlace[], range: DateRange): Promise<WeatherMark[]> {
      const shopsByCity = new Map<string, { key: CityKey; count: number }>();
      for (const shop of shops) {
        const city = shop.city?.trim();
        if (!shop.country || !city) continue;
        const key = { country: shop.country, city };
        const entry = shopsByCity.get(cityId(key)) ?? { key, count: 0 };
        entry.count += 1;
        shopsByCity.set(cityId(key), entry);
      }
      const rows = await repo.forCities(
        [...shopsByCity.values()].map((entry) => entry.key),
        range.startDate,
        range.endDate,
      );
      return rows.map((row) => ({
        date: row.local_date,
        country: row.country,
        city: row.city,
        // A city code of the region list is named (CN-SH-SH -> Shanghai); a city typed as text keeps its text.
        cityName: REGIONS.get(row.city)?.name ?? row.city,
        condition: row.condition as WeatherCondition,
        highC: row.high_c,
        lowC: row.low_c,
        precipitationMm: row.precipitation_mm,
        shopCount: shopsByCity.get(cityId(row))?.count ?? 0,
        source: row.source,
      }));
    },
  };
}
export type WeatherService = ReturnType<typeof createWeatherService>;
