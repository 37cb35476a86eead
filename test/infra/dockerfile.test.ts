/**
 * The host Dockerfile's Chromium steps, run here without a container engine: the unpack step exactly as written
 * (paths moved into a temporary directory), and the runtime stage's package list against the libraries the unpacked
 * binary links, resolved to the Debian packages that ship them on this machine. `npm run image:test` builds and runs
 * the real image; this catches the same mistakes in seconds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../lib/api-function.js';

const dockerfile = readFileSync(join(projectRoot, 'Dockerfile'), 'utf8');
/** Each RUN instruction with its continuation lines joined. */
const runSteps = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .filter((line) => line.startsWith('RUN '))
  .map((line) => line.slice(4));
const unpackStep = runSteps.find((step) => step.includes('@sparticuz/chromium'))!;
/** Packages the runtime stage installs (the last stage's apt-get install). */
const installed = (runSteps.filter((step) => step.includes('apt-get install')).at(-1) ?? '')
  .split(/\s+/)
  .filter((word) => /^[a-z0-9][a-z0-9.+-]+$/.test(word) && !['apt-get', 'install', 'update', 'rm', 'rf'].includes(word));
/** What `node:22-bookworm-slim` already has that a binary may link: the C library and the GCC runtime. */
const basePackages = ['libc6', 'libgcc-s1'];

const has = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('the Dockerfile Chromium steps', { timeout: 300_000 }, () => {
  let dir: string;
  let binary: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dockerfile-unpack-'));
    // The step as the build runs it, with its target directory moved here.
    execFileSync('sh', ['-c', unpackStep.replaceAll('/opt/chromium', dir)], { cwd: projectRoot, stdio: 'pipe' });
    binary = join(dir, 'chromium');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('unpacks a binary the unprivileged host user can read and run', () => {
    const mode = statSync(binary).mode;
    expect(mode & 0o005, `mode ${(mode & 0o777).toString(8)}`).toBe(0o005);
    for (const name of execFileSync('ls', [dir], { encoding: 'utf8' }).split('\n').filter((n) => n.endsWith('.so') || n.includes('.so.'))) {
      expect(statSync(join(dir, name)).mode & 0o004, name).toBe(0o004);
    }
  });

  it.skipIf(!has('ldd') || !has('dpkg'))('installs the Debian package of every library the binary links', () => {
    const resolved = execFileSync('ldd', [binary], { encoding: 'utf8' })
      .split('\n')
      .map((line) => /=>\s+(\/\S+)/.exec(line)?.[1])
      .filter((path): path is string => path !== undefined);
    expect(resolved.length).toBeGreaterThan(5);
    const missing = resolved
      .map((path) => ({ path, pkg: execFileSync('sh', ['-c', `dpkg -S "$(readlink -f ${path})" 2>/dev/null || dpkg -S ${path}`], { encoding: 'utf8' }).split(':')[0]!.trim() }))
      .filter(({ pkg }) => !installed.includes(pkg) && !basePackages.includes(pkg));
    expect(missing, `installed: ${installed.join(' ')}`).toEqual([]);
  });
});
