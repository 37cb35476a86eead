import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { ChromiumNotFoundError } from '../../functions/browser-host/errors.js';
import { BrowserHost } from '../../functions/browser-host/host.js';
import { tempWorkDir } from './helpers.js';

describe('chromium launch flags', () => {
  const args = chromiumArgs({ userDataDir: '/tmp/x/profile', proxyServer: 'http://proxy.internal:3128' });

  it('drops the single-process presets and the same-origin opt-outs', () => {
    for (const flag of ['--single-process', '--no-zygote', '--disable-web-security', '--allow-running-insecure-content']) {
      expect(args).not.toContain(flag);
    }
    expect(args.filter((flag) => flag.startsWith('--headless'))).toEqual([]); // puppeteer adds its own
  });

  it('runs unsandboxed as root, quiet, in its own profile and proxy', () => {
    expect(args).toEqual(
      expect.arrayContaining([
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-default-apps',
        '--metrics-recording-only',
        '--disable-domain-reliability',
        '--disable-quic',
        '--user-data-dir=/tmp/x/profile',
        '--proxy-server=http://proxy.internal:3128',
        '--window-size=1280,720',
      ]),
    );
    expect(new Set(args).size).toBe(args.length);
  });

  it('fails with a typed error for a missing explicit binary, and the host start says so', async () => {
    await expect(resolveChromiumPath('/nonexistent/chromium')).rejects.toBeInstanceOf(ChromiumNotFoundError);
    const workDir = await tempWorkDir('nochrome');
    const host = new BrowserHost({ capacity: 1, chromiumPath: '/nonexistent/chromium', workDir });
    await expect(host.start()).rejects.toMatchObject({ code: 'CHROMIUM_NOT_FOUND' });
    await expect(host.acquire('s', { idleTimeoutMs: 1_000 })).rejects.toMatchObject({ code: 'HOST_STOPPED' });
    await host.shutdown();
    await rm(workDir, { recursive: true, force: true });
  });

  it('resolves the bundled binary once, shared by concurrent callers', async () => {
    const [a, b] = await Promise.all([resolveChromiumPath(), resolveChromiumPath()]);
    expect(a).toBe(b);
  });
});

describe('the unpacked binary shared between checkouts', () => {
  it('is known by the package version and archive size, not by the time the install gave the archive', async () => {
    const { bundleFingerprint } = await import('../../functions/browser-host/chromium.js');
    const { createRequire } = await import('node:module');
    const { stat, utimes } = await import('node:fs/promises');
    const { dirname, join } = await import('node:path');
    const archive = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..', 'bin', 'chromium.br');
    const before = await stat(archive);
    const fingerprint = await bundleFingerprint();
    try {
      // Another checkout installed the same package a minute later.
      await utimes(archive, before.atime, new Date(before.mtimeMs + 60_000));
      expect(await bundleFingerprint()).toBe(fingerprint);
    } finally {
      await utimes(archive, before.atime, before.mtime);
    }
    expect(fingerprint).toMatch(/^chromium\.br:\d+\.\d+\.\d+:\d+$/);
  });
});
