/**
 * The two browsers side by side, so the README can say which to run where: the bundled headless shell
 * (`@sparticuz/chromium`) and a system full Chromium (Debian's `chromium`, new headless mode) when installed. Each
 * round launches one browser as a session gets it (the host's launcher, disguise included), opens a large real
 * documentation page, takes a screenshot and stops it; rounds alternate between the browsers so that load from
 * elsewhere on the machine falls on both alike. Medians of launch time, the browser's process tree memory (PSS) with
 * the page open, and the screenshot.
 *
 *   npm run bench -- --only browsers          (BROWSERS_ROUNDS=6 by default)
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { browserKind, findSystemChromium } from '../../functions/browser-host/browser-kind.js';
import { BUNDLED_CHROMIUM, chromiumVersion, resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { BrowserLauncher } from '../../functions/browser-host/launcher.js';
import { startFixtureServer } from '../../test/fixtures/server.js';
import { treePssMiB } from '../pss.js';
import { percentile, round } from '../support.js';

const ROUNDS = Number(process.env.BROWSERS_ROUNDS ?? 6);
const PAGE = '/docs/node/url.html';

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

interface Side {
  name: string;
  launcher: BrowserLauncher;
  times: { launchMs: number[]; pssMiB: number[]; processes: number[]; screenshotMs: number[] };
}

const round1 = async (side: Side, url: string) => {
  const started = performance.now();
  const launched = await side.launcher.launch({});
  side.times.launchMs.push(performance.now() - started);
  const client = await puppeteer.connect({ browserWSEndpoint: launched.wsEndpoint, defaultViewport: null });
  try {
    const page = await client.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const pss = await treePssMiB(launched.pid);
    side.times.pssMiB.push(pss.mib);
    side.times.processes.push(pss.processes);
    const shot = performance.now();
    await page.screenshot({ type: 'png' });
    side.times.screenshotMs.push(performance.now() - shot);
  } finally {
    await client.disconnect();
    await side.launcher.stop(launched);
  }
};

export const browsersSuite = async () => {
  const loadBefore = { uptime: uptime(), loadavg: loadavg().map((v) => round(v)) };
  const scratch = await mkdtemp(join(tmpdir(), 'browsers-bench-'));
  const fixtures = await startFixtureServer();
  const paths = [await resolveChromiumPath(BUNDLED_CHROMIUM)];
  const system = await findSystemChromium();
  if (system) paths.push(await resolveChromiumPath(system));
  const sides: Side[] = [];
  for (const path of paths) {
    const kind = await browserKind(path);
    sides.push({
      name: `${kind} ${await chromiumVersion(path)}`,
      launcher: new BrowserLauncher({ executablePath: path, kind, browsersDir: scratch }),
      times: { launchMs: [], pssMiB: [], processes: [], screenshotMs: [] },
    });
  }
  try {
    // One untimed round each: the binaries' files are in the page cache for both.
    for (const side of sides)
      await round1(
        { ...side, times: { launchMs: [], pssMiB: [], processes: [], screenshotMs: [] } },
        `${fixtures.url}${PAGE}`,
      );
    for (let i = 0; i < ROUNDS; i += 1) {
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) await round1(side, `${fixtures.url}${PAGE}`);
      process.stderr.write(`browsers: round ${i + 1}/${ROUNDS}\n`);
    }
  } finally {
    await fixtures.close();
    await rm(scratch, { recursive: true, force: true });
  }
  const median = (values: number[]) => round(percentile(values, 50), 1);
  return {
    page: PAGE,
    rounds: ROUNDS,
    ...(system ? {} : { note: 'no system Chromium installed: the headless shell alone' }),
    browsers: Object.fromEntries(
      sides.map((side) => [
        side.name,
        {
          launchMs: median(side.times.launchMs),
          pssMiB: median(side.times.pssMiB),
          processes: median(side.times.processes),
          screenshotMs: median(side.times.screenshotMs),
        },
      ]),
    ),
    load: { before: loadBefore, after: { uptime: uptime(), loadavg: loadavg().map((v) => round(v)) } },
  };
};
