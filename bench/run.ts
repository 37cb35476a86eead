/**
 * `npm run bench`: the performance suite. Prints one JSON document (and writes it to .bench/latest.json).
 *   npm run bench -- --seconds 10 --only api
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { apiSuite } from './suites/api.js';
import { asyncSuite } from './suites/async.js';
import { browsersSuite } from './suites/browsers.js';
import { bundlesSuite } from './suites/bundles.js';
import { chaosSuite } from './suites/chaos.js';
import { filesSuite } from './suites/files.js';
import { fleetSuite } from './suites/fleet.js';
import { floorSuite } from './suites/floor.js';
import { formFillSuite } from './suites/form-fill.js';
import { liveViewSuite } from './suites/live-view.js';
import { profilesSuite } from './suites/profiles.js';
import { resolveSuite } from './suites/resolve.js';
import { scrapeSuite } from './suites/scrape.js';
import { screenshotSuite } from './suites/screenshot.js';
import { sessionsSuite } from './suites/sessions.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, only: { type: 'string' } } });
const seconds = Number(values.seconds);

const suites: Record<string, () => Promise<unknown>> = {
  api: () => apiSuite({ seconds }),
  sessions: () => sessionsSuite(),
  files: () => filesSuite(),
  profiles: () => profilesSuite(),
  screenshot: () => screenshotSuite(),
  scrape: () => scrapeSuite(),
  resolve: () => resolveSuite(),
  'form-fill': () => formFillSuite({ seconds }),
  'live-view': () => liveViewSuite(),
  async: () => asyncSuite(),
  fleet: () => fleetSuite(),
  chaos: () => chaosSuite(),
  floor: () => floorSuite(),
  bundles: () => bundlesSuite(),
  browsers: () => browsersSuite(),
};

const results: Record<string, unknown> = {};
for (const [name, run] of Object.entries(suites)) {
  if (values.only && !values.only.split(',').includes(name)) continue;
  process.stderr.write(`bench: ${name}…\n`);
  results[name] = await run();
}

const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  results,
};
const text = JSON.stringify(report, null, 2);
await mkdir('.bench', { recursive: true });
await writeFile('.bench/latest.json', `${text}\n`);
process.stdout.write(`${text}\n`);
