import { runTrafficBench, trafficBenchOptions } from './traffic-bench.ts';

const USAGE = `usage: npm run bench -- traffic [--stores N] [--days D] [--visits V] [--samples S] [--sync full|normal] [--keep]
  traffic   builds a chain on the embedded SQLite in a temporary DATA_DIR (default 1,000 shops x 365 days,
            about 40 customer visits per shop-day with visit-level data) through the device API's service,
            then times the analytics queries against the same answers computed from raw events`;

/** `npm run bench -- <name> [options]`: benchmarks print a table; they are not timed tests. */
export async function runBench(args: string[]): Promise<void> {
  const [name, ...rest] = args;
  if (name !== 'traffic') {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  await runTrafficBench(trafficBenchOptions(rest));
}
