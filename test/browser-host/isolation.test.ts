/**
 * Isolation between a session's browser and the rest of the host, checked on a real Chromium: a cross-site frame
 * gets its own renderer process (site isolation on), and the browser's environment holds none of the host's secrets.
 */
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { browserEnvironment, keepSiteIsolation } from '../../functions/browser-host/isolation.js';
import { BrowserLauncher, type LaunchedBrowser } from '../../functions/browser-host/launcher.js';
import { tempWorkDir } from './helpers.js';

describe('site isolation flags', () => {
  it('drops what turns it off and keeps the other disabled features', () => {
    expect(
      keepSiteIsolation([
        '--a',
        '--disable-site-isolation-trials',
        '--disable-features=AudioServiceOutOfProcess,IsolateOrigins,site-per-process',
      ]),
    ).toEqual(['--a', '--disable-features=AudioServiceOutOfProcess', '--site-per-process']);
    expect(keepSiteIsolation(['--disable-features=site-per-process'])).toEqual(['--site-per-process']);
  });

  it('leaves nothing that disables it in the launch flags', () => {
    const args = chromiumArgs({ userDataDir: '/tmp/x' });
    expect(args).not.toContain('--disable-site-isolation-trials');
    for (const flag of args.filter((f) => f.startsWith('--disable-features=')))
      expect(flag).not.toMatch(/IsolateOrigins|site-per-process/);
  });
});

describe('the browser environment', () => {
  it('keeps what a browser needs and nothing else of the host', () => {
    const env = browserEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/node',
      LANG: 'C.UTF-8',
      TZ: 'UTC',
      HOST_SECRET: 's',
      SIGNING_SECRET: 's',
      AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '/v2/x',
      AWS_SECRET_ACCESS_KEY: 'k',
      TABLE_NAME: 't',
    });
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/home/node', LANG: 'C.UTF-8', TZ: 'UTC' });
  });
});

describe('a launched browser', { timeout: 120_000 }, () => {
  let server: Server;
  let port: number;
  let workDir: string;
  let launcher: BrowserLauncher;
  let launched: LaunchedBrowser;
  const planted = { HOST_SECRET: 'planted-host-secret', AWS_SECRET_ACCESS_KEY: 'planted-key' };

  beforeAll(async () => {
    // Two sites on one server: 127.0.0.1 embeds a frame from localhost.
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(req.url === '/inner' ? '<p>inner</p>' : `<iframe src="http://localhost:${port}/inner"></iframe>`);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
    workDir = await tempWorkDir('isolation');
    Object.assign(process.env, planted);
    launcher = new BrowserLauncher({
      executablePath: await resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
      browsersDir: workDir,
    });
    launched = await launcher.launch();
  });

  afterAll(async () => {
    for (const name of Object.keys(planted)) delete process.env[name];
    if (launched) await launcher.stop(launched);
    server?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('does not inherit the host secrets', async () => {
    const environ = await readFile(`/proc/${launched.pid}/environ`, 'utf8');
    expect(environ).not.toContain('planted-host-secret');
    expect(environ).not.toContain('planted-key');
    expect(environ).toMatch(/(^|\0)PATH=/);
  });

  it('renders a cross-site frame in a process of its own', async () => {
    // The launcher's own connection attaches to no page; a client connects the way sessions do.
    const client = await puppeteer.connect({ browserWSEndpoint: launched.wsEndpoint });
    const page = await client.newPage();
    try {
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
      const inner = page.frames().find((frame) => frame.url().endsWith('/inner'));
      expect(inner, 'the frame loaded').toBeDefined();
      // An out-of-process frame is a target of its own, type "iframe"; an in-process one is not a target at all.
      const session = await client.target().createCDPSession();
      const { targetInfos } = await session.send('Target.getTargets');
      await session.detach();
      expect(targetInfos.filter((t) => t.type === 'iframe').map((t) => t.url)).toEqual([
        `http://localhost:${port}/inner`,
      ]);
    } finally {
      await page.close();
      await client.disconnect();
    }
  });
});
