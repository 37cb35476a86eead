/**
 * The in-page code is TypeScript bundled into committed strings (`bin/page-scripts.ts`): these fail when a
 * committed string no longer matches its source, when the in-page code does not type-check, or when a bundle
 * carries something a page must not see.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BUNDLER_HELPERS, generatePageScripts, pageEntries, stalePageScripts } from '../../bin/page-scripts.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('in-page scripts', () => {
  it('are committed as their sources bundle them', async () => {
    expect(await stalePageScripts()).toEqual([]);
  });

  it('type-check against the DOM, without Node types', async () => {
    const run = promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.page.json'], { cwd: ROOT });
    await expect(
      run.catch((error: { stdout?: string }) => Promise.reject(new Error(error.stdout))),
    ).resolves.toBeDefined();
  }, 120_000);

  it('are expressions the page can evaluate, with no bundler helper and strict like the modules they come from', async () => {
    const generated = await generatePageScripts();
    expect(pageEntries().length).toBeGreaterThan(0);
    for (const [path, text] of generated) {
      expect(readFileSync(path, 'utf8')).toBe(text);
      const source = text.slice(text.indexOf('"'), text.lastIndexOf('"') + 1);
      const script = JSON.parse(source) as string;
      expect(script, path).not.toMatch(BUNDLER_HELPERS);
      expect(script.startsWith("(() => {\n'use strict';"), path).toBe(true);
      expect(() => new Script(`(${script})`), path).not.toThrow();
    }
  });
});
