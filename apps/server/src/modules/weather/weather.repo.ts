import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../platform/db/database.ts';
import type { WeatherDailyTable } from '../../platform/db/schema.ts';

/** Rows per insert: well under both dialects' bound-parameter limits (9 columns a row). */
const INSERT_CHUNK = 400;

export type CityKey = Pick<Selectable<WeatherDailyTable>, 'country' | 'city'>;
export type WeatherDayRow = Selectable<WeatherDailyTable>;

/** Weather is public (no tenant): the only table read without a tenant scope on a customer's behalf. */
export function weatherRepo(db: DB) {
  return {
    /** Inserts or replaces city-days (a source's later report of a day wins). */
    async upsert(rows: readonly Insertable<WeatherDailyTable>[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const chunk = rows.slice(start, start + INSERT_CHUNK);
        await db
          .insertInto('weather_daily')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['country', 'city', 'local_date']).doUpdateSet((eb) => ({
              condition: eb.ref('excluded.condition'),
              high_c: eb.ref('excluded.high_c'),
              low_c: eb.ref('excluded.low_c'),
              precipitation_mm: eb.ref('excluded.precipitation_mm'),
              source: eb.ref('excluded.source'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    },

    /** The weather of these cities between two local dates (inclusive), in date order. */
    async forCities(cities: readonly CityKey[], from: string, to: string): Promise<WeatherDayRow[]> {
      if (cities.length === 0) return [];
      return db
        .selectFrom('weather_daily')
        .selectAll()
        .where((eb) => eb.or(cities.map((key) => eb.and([eb('country', '=', key.country), eb('city', '=', key.city)]))))
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .orderBy('local_date')
        .orderBy('country')
        .orderBy('city')
        .execute();
    },
  };
}
export type WeatherRepo = ReturnType<typeof weatherRepo>;
