import { alarmsBenchOptions, runAlarmsBench } from './alarms-bench.ts';
import { extensionsBenchOptions, runExtensionsBench } from './extensions-bench.ts';
import { floorplanBenchOptions, runFloorplanBench } from './floorplan-bench.ts';
import { inspectionBenchOptions, runInspectionBench } from './inspection-bench.ts';
import { realtimeBenchOptions, runRealtimeBench } from './realtime-bench.ts';
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
            --skip-player skips them): time to first frame of live and of playback, and a seek within 24 hours (medians)
       npm run bench -- inspection [--stores N] [--items I] [--days D]
  inspection  a chain of N stores (default 1,000) in four time zones with a daily plan of I items (default 20), through
            the services; the day's occurrences as the scan's jobs make them (target 5 s), beside a naive generation
            (a transaction per store, a row at a time), and the same day again (idempotent: nothing made); then D days
            of completed history (default 365: about 7 million item results; --days 0 skips it) and p50/p95 of the
            to-do list, a plan's results and the analysis page (target 100 ms) beside naive answers (same answer checked)
       npm run bench -- floorplan [--stores N] [--days D] [--plan-days P] [--visits V] [--ingest-shop-days K] [--samples S]
  floorplan stores with the demo floor plan (default 200 x 90 days): track and heat-grid ingestion through the device
            API's service (K shop-days, durable), every plan's raw tracks for P days (copies of the measured plan's), one
            plan's heat map (a day, 30 days) and from-and-go (30 days) beside the same answers from raw tracks and heat
            minutes, and the built app's /area/storeFlow drawing a day's trajectories in headless Chromium (its own measure)
       npm run bench -- realtime [--clients N] [--samples S] [--shops K]
  realtime  the server in its own process with N (default 100) open event streams: a box's post to the device API
            timed to the dashboard event at every client, and messages.post in another process timed to the bell's
            notice event (S samples each, default 40); beside them the 30 s / 60 s polls they replace
       npm run bench -- alarms [--stores N] [--ingest K] [--alarms M] [--days D] [--keep]
  alarms    K alarms (default 2,000) with one image each through the device API's service in batches of 100, beside one per
            request (target 500 alarms/s); then M alarms of history (default 5 million over 90 days in 1,000 stores, each with
            its report, image row, history and totals; the time of each phase printed) and p50/p95 of the alarm list with filters and of the analysis (target 100 ms) beside naive answers (same answer checked)
       npm run bench -- extensions [--stores N] [--sensors S] [--days D] [--every M] [--sample-stores K] [--live-minutes L]
                                   [--rollup-days R] [--sync full|normal] [--warehouse-stores W] [--warehouse-days K] [--samples X]
  extensions temperature at issue 16's shape (default 1,000 stores x 10 sensors, a reading a minute, 90 days): the sample
            stores' (default 1) raw readings through the device API's service (readings/s committed), every box live for
            L minutes (default 3), the other stores' history copied from the sample's rows; p50/p95 of a day curve, a 31-day
            curve two months back and a store's 90-day compliance beside answers from the raw readings (same answer checked);
            then a warehouse plan of W stores (default 300) x 3 checks x K days (default 90) made by the
            occurrence jobs and the scan, and p50/p95 of the warehouse analysis beside a count over the check rows`;

/** `npm run bench -- <name> [options]`: benchmarks print a table; they are not timed tests. */
export async function runBench(args: string[]): Promise<void> {
  const [name, ...rest] = args;
  if (name === 'sales') return runSalesBench(salesBenchOptions(rest));
  if (name === 'web') return runWebBench(webBenchOptions(rest));
  if (name === 'video') return runVideoBench(videoBenchOptions(rest));
  if (name === 'inspection') return runInspectionBench(inspectionBenchOptions(rest));
  if (name === 'floorplan') return runFloorplanBench(floorplanBenchOptions(rest));
  if (name === 'realtime') return runRealtimeBench(realtimeBenchOptions(rest));
  if (name === 'alarms') return runAlarmsBench(alarmsBenchOptions(rest));
  if (name === 'extensions') return runExtensionsBench(extensionsBenchOptions(rest));
  if (name !== 'traffic') {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  await runTrafficBench(trafficBenchOptions(rest));
}
