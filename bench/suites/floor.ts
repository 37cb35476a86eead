/**
 * Performance at the floor: every operation side by side with what a user would do instead, puppeteer-core driving
 * the same Chromium binary with the same flags directly. Two large real documentation pages (116 KB and 707 KB of
 * HTML, test/fixtures/pages/docs), rounds interleaved (ours, direct, direct, ours, …) so that load from elsewhere on
 * the machine falls on both sides alike; medians per operation and the ratio ours / direct.
 *
 *   npm run bench -- --only floor            (FLOOR_ROUNDS=12 by default)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startFixtureServer } from '../../test/fixtures/server.js';
import { resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { percentile, round, startServiceProcess } from '../support.js';
import { directSide } from './floor/direct.js';
import { oursSide } from './floor/ours.js';
import { runRound } from './floor/plan.js';

const ROUNDS = Number(process.env.FLOOR_ROUNDS ?? 12);
const UPLOAD_BYTES = 100 * 1024;

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const merge = (into: Record<string, number[]>, from: Record<string, number[]>) => {
  for (const [name, values] of Object.entries(from)) (into[name] ??= []).push(...values);
};

export const floorSuite = async () => {
  const loadBefore = { uptime: uptime(), loadavg: loadavg().map((v) => round(v)) };
  const scratch = await mkdtemp(join(tmpdir(), 'floor-'));
  const uploadPath = join(scratch, 'upload.bin');
  await writeFile(uploadPath, Buffer.alloc(UPLOAD_BYTES, 7));
  const executablePath = await resolveChromiumPath(process.env.CHROMIUM_PATH);
  // The service is handed the very binary the direct side launches: left to itself, `npm start` prefers a system
  // Chromium when one is installed, and the two sides would not drive the same browser.
  const [fixtures, service] = await Promise.all([
    startFixtureServer(),
    startServiceProcess({ WARM_POOL_SIZE: '1', CHROMIUM_PATH: executablePath }),
  ]);
  const sides = { ours: oursSide(service, uploadPath), direct: directSide(executablePath, uploadPath) };
  const times = { ours: {} as Record<string, number[]>, direct: {} as Record<string, number[]> };
  try {
    // One untimed round each first: both sides' code is loaded and compiled, Chromium's files are in the page cache.
    await runRound(sides.ours, fixtures.url);
    await runRound(sides.direct, fixtures.url);
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternating which side goes first, so neither always runs right after the other's clean-up.
      const order = i % 2 === 0 ? (['ours', 'direct'] as const) : (['direct', 'ours'] as const);
      for (const side of order)
        merge(
          times[side],
          side === 'ours' ? await runRound(sides.ours, fixtures.url) : await runRound(sides.direct, fixtures.url),
        );
      process.stderr.write(`floor: round ${i + 1}/${ROUNDS}\n`);
    }
  } catch (error) {
    process.stderr.write(`floor: the service said:\n${service.output().slice(-20_000)}\n`);
    throw error;
  } finally {
    await service.stop();
    await fixtures.close();
    await rm(scratch, { recursive: true, force: true });
  }
  const operations: Record<string, { oursMs: number; directMs: number; ratio: number; n: number }> = {};
  for (const name of Object.keys(times.ours)) {
    const oursMs = percentile(times.ours[name], 50);
    const directMs = percentile(times.direct[name] ?? [], 50);
    operations[name] = {
      oursMs: round(oursMs, 1),
      directMs: round(directMs, 1),
      ratio: round(oursMs / directMs),
      n: times.ours[name].length,
    };
  }
  return {
    rounds: ROUNDS,
    load: { before: loadBefore, after: { uptime: uptime(), loadavg: loadavg().map((v) => round(v)) } },
    start: { processStartToReadyMs: round(service.startMs, 0), reportedReadyMs: service.readyMs },
    operations,
    over1_2: Object.entries(operations)
      .filter(([, o]) => o.ratio > 1.2)
      .map(([name]) => name),
  };
};
