/**
 * The host Dockerfile's browser steps, checked here without a container engine against this machine's Debian
 * archive and packages: Chromium and chromium-driver pinned to one version the archive has, an install that pulls
 * no Node.js of Debian's (the image's Node is its base image's), and CHROMIUM_PATH naming the binary the package
 * installs, a full Chromium that its chromedriver matches. `npm run image:test` builds and runs the real image.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../lib/api-function.js';
import { browserKind } from '../../functions/browser-host/browser-kind.js';
import { chromiumVersion } from '../../functions/browser-host/chromium.js';
import { matchingChromedriver } from '../../functions/browser-host/webdriver/driver-binary.js';

const dockerfile = readFileSync(join(projectRoot, 'Dockerfile'), 'utf8');
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const pinned = /^ARG CHROMIUM_VERSION=(\S+)$/m.exec(runtimeStage)?.[1];
/** The runtime stage's apt-get install, with the pinned version put in. */
const installStep = (
  runtimeStage
    .replace(/\\\n/g, ' ')
    .split('\n')
    .find((line) => line.startsWith('RUN ') && line.includes('apt-get install')) ?? ''
).replaceAll('${CHROMIUM_VERSION}', pinned ?? '');
const packages = installStep
  .slice(installStep.indexOf('apt-get install'))
  .split('&&')[0]!
  .split(/\s+/)
  .filter((word) => /^[a-z0-9][a-z0-9.+-]+(=\S+)?$/.test(word) && !['apt-get', 'install'].includes(word));
const chromiumPath = /CHROMIUM_PATH=(\S+)/.exec(runtimeStage)?.[1];

const has = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('the Dockerfile browser steps', { timeout: 120_000 }, () => {
  it('pins chromium, chromium-common and chromium-driver to one version', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+\.\d+-/);
    for (const name of ['chromium', 'chromium-common', 'chromium-driver'])
      expect(packages).toContain(`${name}=${pinned}`);
    expect(installStep).toContain('--no-install-recommends');
  });

  it.skipIf(!has('apt-cache'))('pins a version the Debian archive has', () => {
    const versions = execFileSync('apt-cache', ['madison', 'chromium'], { encoding: 'utf8' });
    expect(versions, 'raise CHROMIUM_VERSION to one `apt-cache policy chromium` lists').toContain(pinned!);
    // The suite publishing it must be in the image's sources even when the base image's are only `bookworm`.
    const suite = versions
      .split('\n')
      .find((line) => line.includes(`| ${pinned} |`))
      ?.split('|')[2]
      ?.trim()
      .split(' ')[1]
      ?.split('/')[0];
    if (suite && suite !== 'bookworm') expect(runtimeStage).toContain(`Suites: ${suite}`);
  });

  it.skipIf(!has('apt-get'))("installs no Node.js of Debian beside the image's own", () => {
    const plan = execFileSync('apt-get', ['install', '-s', '--no-install-recommends', ...packages], {
      encoding: 'utf8',
    });
    const installs = plan.split('\n').filter((line) => line.startsWith('Inst ') || line.startsWith('Conf '));
    expect(installs.filter((line) => /^(Inst|Conf) (nodejs|libnode)/.test(line))).toEqual([]);
  });

  it.skipIf(!chromiumPath || !existsSync(chromiumPath))(
    'points CHROMIUM_PATH at a full Chromium whose chromedriver matches it',
    async () => {
      expect(execFileSync('dpkg', ['-S', chromiumPath!], { encoding: 'utf8' })).toMatch(/^chromium:/);
      expect(await browserKind(chromiumPath!)).toBe('full');
      const driver = await matchingChromedriver(await chromiumVersion(chromiumPath!));
      expect(driver).toHaveProperty('path');
    },
  );
});
