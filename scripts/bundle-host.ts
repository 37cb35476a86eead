/**
 * Bundles the standalone browser host (`functions/composition/host/main.ts`) into one ES module for the container
 * image: `tsx scripts/bundle-host.ts <outfile>`. The Dockerfile runs this, and test/infra/host-entry.test.ts runs
 * the same bundle with the environment the ECS task gets, so the image's entry is checked without Docker.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const bundleHost = async (outfile: string): Promise<void> => {
  await build({
    absWorkingDir: root,
    entryPoints: ['functions/composition/host/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    // CommonJS dependencies call `require`, which an ES module does not have.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
};

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const outfile = process.argv[2];
  if (!outfile) {
    process.stderr.write('usage: tsx scripts/bundle-host.ts <outfile>\n');
    process.exit(2);
  }
  await bundleHost(outfile);
}
