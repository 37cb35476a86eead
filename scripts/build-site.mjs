/**
 * Builds the web console and the API reference page into one folder that the service serves at `/console` and
 * `/docs` (`npm run build:site`; `npm start` runs it). The console's TypeScript and its CSS (rrweb-player's
 * included) are bundled and minified by esbuild; the reference page uses Redoc's standalone bundle from
 * node_modules, less the one logo it would fetch from Redocly's CDN. Nothing is loaded from anywhere else at run time.
 *
 *   node scripts/build-site.mjs [outDir]     (default .build-site)
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = join(root, 'functions/console');

export const DEFAULT_SITE_DIR = join(root, '.build-site');

/**
 * Redoc's sidebar footer shows a logo it fetches from Redocly's CDN, and has no option to leave it out. A `data:`
 * address that is not an image makes the logo's own error handler drop it, so the page asks no other origin.
 */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const withoutOutsideLogo = (bundle) => bundle.replaceAll(`"${REDOC_LOGO}"`, '"data:,"');

export const buildSite = async (outDir = DEFAULT_SITE_DIR) => {
  const { build } = await import('esbuild');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'console'), { recursive: true });
  await mkdir(join(outDir, 'docs'), { recursive: true });
  await build({
    entryPoints: { app: join(SOURCES, 'app/main.ts') },
    outdir: join(outDir, 'console'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox110', 'safari16'],
    logLevel: 'warning',
  });
  const require = createRequire(import.meta.url);
  await Promise.all([
    copyFile(join(SOURCES, 'app/index.html'), join(outDir, 'console/index.html')),
    copyFile(join(SOURCES, 'docs/index.html'), join(outDir, 'docs/index.html')),
    copyFile(join(SOURCES, 'docs/init.js'), join(outDir, 'docs/init.js')),
    readFile(join(dirname(require.resolve('redoc/package.json')), 'bundles/redoc.standalone.js'), 'utf8').then(
      (bundle) => writeFile(join(outDir, 'docs/redoc.standalone.js'), withoutOutsideLogo(bundle)),
    ),
  ]);
  return outDir;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const out = await buildSite(process.argv[2] ? resolve(process.argv[2]) : undefined);
  process.stderr.write(
    `built the console and API reference into ${out} in ${Math.round(performance.now() - started)} ms\n`,
  );
}
