import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { analyticsRepo } from '../modules/traffic/analytics.repo.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { resetClock, setClock } from '../platform/time/clock.ts';
import { type DuckDbPeer, loadDuckDbPeer } from './duckdb-peer.ts';
import { answerTrafficQuestions, type BenchChain, buildBenchChain, sameAnswer } from './traffic-bench.ts';

/** 20:00 in Shanghai, 22:00 in Sydney: every shop of the chain has had today's traffic. */
const NOW = '2026-06-15T12:00:00Z';
const DAYS = 3;

describe("the traffic bench's DuckDB peer", () => {
  let t: TestApp;
  let chain: BenchChain;
  let duckdb: DuckDbPeer;
  beforeAll(async () => {
    t = await createTestApp();
    setClock(NOW);
    chain = await buildBenchChain(t.db, { stores: 5, days: DAYS, visits: 20 }, () => {});
    duckdb = await loadDuckDbPeer(
      analyticsRepo(tenantScope(t.db, chain.customerId)),
      chain.shops.map((shop) => shop.shopId),
    );
  });
  afterAll(async () => {
    duckdb?.close();
    resetClock();
    await t.close();
  });

  it('holds every raw row of the chain', async () => {
    const rows = async (table: 'traffic_line_events' | 'traffic_passerby_events' | 'traffic_visits') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(duckdb.loaded.lines).toBe(await rows('traffic_line_events'));
    expect(duckdb.loaded.passers).toBe(await rows('traffic_passerby_events'));
    expect(duckdb.loaded.visits).toBe(await rows('traffic_visits'));
    expect(duckdb.loaded.visits).toBeGreaterThan(0);
  });

  it('answers every analytics question as our rollups and the naive SQL do', async () => {
    const answers = await answerTrafficQuestions(t.db, chain, { duckdb }, { samples: 1, days: DAYS });
    expect(answers).toHaveLength(7);
    for (const answer of answers) {
      expect(answer.answers.ours, answer.name).toBeGreaterThan(0);
      expect(answer.answers, answer.name).toEqual({ ours: answer.answers.ours, naive: answer.answers.ours, duckdb: answer.answers.ours });
      expect(sameAnswer(answer)).toBe('yes');
    }
  });

  it('says so when DuckDB answers differently', async () => {
    // One more entry on every entrance count, and the women's visits taken for staff.
    await duckdb.connection.run("update line_events set count = count + 1 where direction = 'in'");
    await duckdb.connection.run("update visits set is_staff = 1 where gender = 'female'");
    const answers = await answerTrafficQuestions(t.db, chain, { duckdb }, { samples: 1, days: DAYS });
    for (const answer of answers) {
      expect(answer.answers.duckdb, answer.name).not.toBe(answer.answers.ours);
      expect(answer.answers.naive, answer.name).toBe(answer.answers.ours);
      expect(sameAnswer(answer)).toBe('NO (DuckDB)');
    }
  });
});
