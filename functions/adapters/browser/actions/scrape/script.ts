/**
 * The scrape as one in-page script (see `PageCall`): an expression that sets up Readability (read from
 * node_modules once per process) and the page code inside one function scope, so nothing is left in the page's
 * globals, and gives the function that scrapes. The service's world keeps that function for later reads. The page code goes
 * as its own source text (see page-types.ts for what that asks of it).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { attributeFunctions } from './attributes.js';
import { blockFunctions } from './blocks.js';
import { extractFunctions } from './extract.js';
import { regionFunctions } from './region.js';
import { renderFunctions } from './render.js';
import { tableFunctions } from './table.js';
import { textFunctions } from './text.js';
import { visibilityFunctions } from './visibility.js';

const require = createRequire(import.meta.url);

const READABILITY = '@mozilla/readability/Readability.js';

const PAGE_PARTS = [
  visibilityFunctions,
  textFunctions,
  attributeFunctions,
  renderFunctions,
  blockFunctions,
  tableFunctions,
  regionFunctions,
  extractFunctions,
];

/** The library exports through `module.exports` when there is one. */
const asModule = (source: string) =>
  `(() => { const module = { exports: {} }; const exports = module.exports;\n${source}\n;return module.exports; })()`;

const build = async (): Promise<string> => {
  const readability = await readFile(require.resolve(READABILITY), 'utf8');
  return `(() => {
// Some TypeScript runners wrap functions in a naming helper; in the page it only has to hand the function back.
const __name = (target) => target;
const Readability = ${asModule(readability)};
const page = {};
${PAGE_PARTS.map((part) => `Object.assign(page, (${part.toString()})(page));`).join('\n')}
return () => page.extract({ Readability });
})()`;
};

let script: Promise<string> | undefined;

export const scrapeScript = (): Promise<string> => {
  script ??= build().catch((error: unknown) => {
    script = undefined;
    throw error;
  });
  return script;
};
