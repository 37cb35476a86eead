/**
 * Writes functions/api/openapi.json from the route table. With --check it writes nothing and exits 1 when the
 * committed file differs from what the table produces (the test run calls it that way).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from '../functions/api/openapi.js';
import { routes } from '../functions/api/routes.js';
import { Problem } from '../functions/api/schemas/common.js';

const target = fileURLToPath(new URL('../functions/api/openapi.json', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const text = `${JSON.stringify(buildOpenApi(routes, Problem, pkg.version), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // Missing counts as drift.
  }
  if (current !== text) {
    console.error(
      'functions/api/openapi.json is out of date with the route table: run `npm run openapi` and commit it.',
    );
    process.exit(1);
  }
  console.log('openapi.json is current');
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
