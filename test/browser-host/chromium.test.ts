import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFingerprint, chromiumArgs, resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { ChromiumNotFoundError } from '../../functions/browser-host/errors.js';
import { BrowserHost } from '../../functions/browser-host/host.js';
import { tempWorkDir } from './helpers.js';

describe('chromium launch flags', () => {
  const args = chromiumArgs({ userDataDir: '/tmp/x/profile', proxyServer: 'http://proxy.internal:3128' });

  it('drops the single-process presets and the same-origin opt-outs', () => {
    for (const flag of [
      '--single-process',
      '--no-zygote',
      '--disable-web-security',
      '--allow-running-insecure-content',
    ]) {
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

describe('bundled binary identity', () => {
  /** A package as npm installs it: the same files, given the time of the install as mtime. */
  const install = async (root: string, version: string, mtime: Date) => {
    await mkdir(join(root, 'bin'), { recursive: true });
    await writeFile(join(root, 'package.json'), JSON.stringify({ name: '@sparticuz/chromium', version }));
    await writeFile(join(root, 'bin', 'chromium.br'), Buffer.alloc(1024, 7));
    await utimes(join(root, 'bin', 'chromium.br'), mtime, mtime);
  };

  it('is the same for two installs of one version made at different times, and differs between versions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bundle-identity-'));
    try {
      await install(join(dir, 'a'), '147.0.0', new Date('2026-01-01T10:00:00Z'));
      await install(join(dir, 'b'), '147.0.0', new Date('2026-01-02T11:30:00Z'));
      await install(join(dir, 'c'), '148.0.0', new Date('2026-01-01T10:00:00Z'));
      expect(await bundleFingerprint(join(dir, 'a'))).toBe(await bundleFingerprint(join(dir, 'b')));
      expect(await bundleFingerprint(join(dir, 'a'))).not.toBe(await bundleFingerprint(join(dir, 'c')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
