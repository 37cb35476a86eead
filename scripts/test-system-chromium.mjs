/**
 * `npm test`'s last pass: every suite that drives a browser, again on the system's full Chromium
 * (/usr/bin/chromium, Debian's build that the host image runs), since the first passes use the bundled headless
 * shell. Skipped, and said so, when no system Chromium is installed: a fresh `npm ci && npm test` needs nothing
 * else. Arguments replace the folders (a file, a filter).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const chromium = '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.stderr.write(`${chromium} is not installed: the browser suites ran on the bundled headless shell only\n`);
  process.exit(0);
}
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const targets =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['test/browser', 'test/browser-host', 'test/compat', 'test/console'];
process.stderr.write(`the browser suites again on ${chromium}\n`);
const { status, error } = spawnSync(process.execPath, [vitest, 'run', ...targets], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
if (error) process.stderr.write(`could not run vitest: ${error.message}\n`);
process.exit(status ?? 1);
