import { runSalesBench, salesBenchOptions } from './sales-bench.ts';
import { runTrafficBench, trafficBenchOptions } from './traffic-bench.ts';
import { runVideoBench, videoBenchOptions } from './video-bench.ts';
import { runWebBench, webBenchOptions } from './web-bench.ts';

const USAGE = `usage: npm run bench -- traffic [--stores N] [--days D] [--visits V] [--samples S] [--sync full|normal] [--keep | --reuse DIR|DB]
  traffic   builds a chain (default 1,000 shops x 365 days, about 40 customer visits per shop-day with visit-level
            data) through the device API's service, on the embedded SQLite in a temporary DATA_DIR, or with
            DATABASE_URL=postgres://... in a new database on that server (dropped at the end unless --keep); then
            times the analytics queries against the same answers computed from raw events by naive SQL and by DuckDB
       npm run bench -- sales [--rows N] [--shops S] [--days D] [--keep]
  sales     imports a POS file of 200,000 rows (default) through the upload path on SQLite, then a second
            one replacing it: time and peak resident memory of each import (targets 15 s, 300 MB)
       npm run bench -- web [--runs N] [--page /login]
  web       Lighthouse (default mobile settings, Chromium at CHROME_PATH or /usr/bin/chromium) on a page of the
            built web app (built first when missing), served compressed and, beside it, naively
            (HTTP_COMPRESSION=false); median of N runs (default 3) per mode, and the page's JavaScript sizes
       npm run bench -- video [--index-cameras N] [--samples S] [--record-cameras K] [--seconds T] [--skip-cpu] [--clip-samples C] [--player-runs R] [--skip-player]
  video     the playback axis of a camera with 30 days of 10 s segments (N cameras in the index, default 3): p50/p95
            from the availability rollup against a naive count over the segments (same answer checked); then K demo
            cameras (default 7, the demo's) recorded continuously from real streams for T seconds (default 60): CPU from /proc;
            a 10-minute download clip generated C times (default 10), queue to 'generated', duration by ffprobe;
            then the players in headless Chromium against the built app with the demo's video (R runs, default 10;
            --skip-player skips them): time to first frame of live and of playback, and a seek within 24 hours (medians)`;

/** `npm run bench -- <name> [options]`: benchmarks print a table; they are not timed tests. */
export async function runBench(args: string[]): Promise<void> {
  const [name, ...rest] = args;
  if (name === 'sales') return runSalesBench(salesBenchOptions(rest));
  if (name === 'web') return runWebBench(webBenchOptions(rest));
  if (name === 'video') return runVideoBench(videoBenchOptions(rest));
  if (name !== 'traffic') {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  await runTrafficBench(trafficBenchOptions(rest));
}
