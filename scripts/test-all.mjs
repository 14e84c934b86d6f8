#!/usr/bin/env node
// `npm test`: every test, in tiers. Unit and API tests on SQLite; the same API tests on PostgreSQL
// when DATABASE_URL is set; then the end-to-end tests in Chromium against the built app.
// Prints one closing line 'tests: N passed, N failed' summed over every tier.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-test-'));
const tiers = [{ name: 'unit and API (SQLite)', args: ['--project', 'contracts', '--project', 'server', '--project', 'web'], env: { DATABASE_URL: '' } }];
if (process.env.DATABASE_URL?.startsWith('postgres')) {
  tiers.push({ name: 'API (PostgreSQL)', args: ['--project', 'server-postgres'], env: {} });
}
tiers.push({ name: 'end to end (Chromium)', args: ['--config', 'e2e/vitest.config.ts'], env: { DATABASE_URL: '' } });

let passed = 0;
let failed = 0;
const brokenTiers = [];
const tierSeconds = [];
const slowestFiles = [];

/** The `count` slowest test files of a vitest JSON report, as 'file 12 s' (where a tier's time goes). */
function slowest(report, count) {
  return (report.testResults ?? [])
    .map((file) => ({ name: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((file) => `${file.name} ${Math.round(file.seconds)} s`)
    .join(', ');
}
for (const [index, tier] of tiers.entries()) {
  const output = path.join(reportDir, `tier-${index}.json`);
  console.log(`\n=== ${tier.name} ===`);
  const started = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', ...tier.args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...tier.env },
  });
  tierSeconds.push(`${tier.name} ${Math.round((Date.now() - started) / 1000)} s`);
  if (fs.existsSync(output)) {
    const report = JSON.parse(fs.readFileSync(output, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    if ((report.numTotalTests ?? 0) === 0) brokenTiers.push(`${tier.name}: no test ran`);
    slowestFiles.push(`${tier.name}: ${slowest(report, 8)}`);
  } else {
    brokenTiers.push(`${tier.name}: no report`);
  }
  // A tier can fail outside any test (global setup, an unhandled error): say so, not just '0 failed'.
  if (result.status !== 0 && !brokenTiers.some((line) => line.startsWith(tier.name))) brokenTiers.push(`${tier.name}: exit ${result.status}`);
}
// Where CI's time goes (its budget is 45 minutes): one line per tier.
console.log(`\ntier times: ${tierSeconds.join(', ')}`);
for (const line of slowestFiles) console.log(`slowest files, ${line}`);
for (const line of brokenTiers) console.log(`broken tier: ${line}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${brokenTiers.length > 0 ? `, ${brokenTiers.length} tier(s) broken` : ''}`);
process.exit(brokenTiers.length > 0 || failed > 0 ? 1 : 0);
