/**
 * `npm start`'s build (its prestart): the service's TypeScript (bin/, functions/) compiled file for file into
 * `.build/`, the same layout, so the service starts as plain JavaScript instead of being transpiled on every start.
 * Skipped when nothing changed since the last build: a start after an unchanged checkout pays a few hundred stat
 * calls, not a compile. Plain JavaScript itself, so it needs nothing but esbuild to run.
 */
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const ROOTS = ['bin', 'functions'];
const OUT = '.build';
const STAMP = join(OUT, '.sources.json');
/** Read by the service at run time next to its modules (the OpenAPI document is imported as JSON). */
const COPIED = /\.(json|mjs)$/;

const walk = async (dir) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));

const files = (await Promise.all(ROOTS.map(walk))).flat().filter((file) => file.endsWith('.ts') || COPIED.test(file));
// The build is current when the same files have the same sizes and times as when it was made.
const fingerprint = JSON.stringify(
  await Promise.all(files.map(async (file) => stat(file).then(({ mtimeMs, size }) => [file, mtimeMs, size]))),
);
if ((await readFile(STAMP, 'utf8').catch(() => '')) === fingerprint) process.exit(0);

const started = performance.now();
// Loaded only when there is something to compile.
const { build } = await import('esbuild');
await rm(OUT, { recursive: true, force: true });
await build({
  entryPoints: files.filter((file) => file.endsWith('.ts')),
  outdir: OUT,
  outbase: '.',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Node 20 reads `import … with { type: 'json' }`; esbuild would otherwise drop the attribute for this target.
  supported: { 'import-attributes': true },
  logLevel: 'warning',
});
await Promise.all(
  files
    .filter((file) => COPIED.test(file))
    .map(async (file) => {
      await mkdir(dirname(join(OUT, file)), { recursive: true });
      await copyFile(file, join(OUT, file));
    }),
);
await writeFile(STAMP, fingerprint);
process.stderr.write(`compiled ${files.length} files into ${OUT}/ in ${Math.round(performance.now() - started)} ms\n`);
