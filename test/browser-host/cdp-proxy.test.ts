import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createCdpProxy,
  MAX_CLIENT_SOCKETS_PER_SESSION,
  type CdpProxy,
} from '../../functions/browser-host/cdp-proxy.js';
import { BrowserHost } from '../../functions/browser-host/host.js';
import type { SessionEndReason } from '../../functions/browser-host/types.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { sleep, tempWorkDir, waitFor } from './helpers.js';

const KEY = 'test-key-for-the-proxy';
/** What the service's own functions bear: their commands are not screened. */
const SERVICE_KEY = 'the-services-own-secret';
let fixture: FixtureServer;
let workDir: string;
let host: BrowserHost;
let proxy: CdpProxy;
let server: Server;
let base: string;
const ended: [string, SessionEndReason][] = [];
const authorizeCalls: string[] = [];

beforeAll(async () => {
  fixture = await startFixtureServer();
  workDir = await tempWorkDir('proxy');
  host = new BrowserHost({ capacity: 3, warmPoolSize: 1, workDir, idleCheckMs: 50 });
  host.on('sessionEnded', (sessionId, reason) => ended.push([sessionId, reason]));
  await host.start();
  // Stands in for the API server that shares its port with the proxy.
  server = createServer((_req, res) => res.end('api says hi'));
  proxy = createCdpProxy({
    sessions: host,
    authorize: async (request, sessionId) => {
      authorizeCalls.push(sessionId);
      if (request.headers.authorization === `Bearer ${SERVICE_KEY}`) return 'service';
      return request.headers.authorization === `Bearer ${KEY}` && 'client';
    },
  });
  proxy.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(host.stats().sessions.map((s) => host.release(s.sessionId)));
});

afterAll(async () => {
  await host.shutdown();
  await proxy.close();
  await new Promise((resolve) => server.close(resolve));
  await fixture.close();
  await rm(workDir, { recursive: true, force: true });
});

const connect = (sessionId: string, authorization?: string) =>
  puppeteer.connect({
    browserWSEndpoint: `ws://${base}/cdp/${sessionId}`,
    headers: authorization ? { Authorization: authorization } : {},
  });

/** The HTTP status a refused upgrade answers with, or 101 on success. */
function upgradeStatus(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${base}${path}`, { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_req, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}

/** A refused upgrade's status and JSON body. */
function upgradeRefusal(path: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${base}${path}`, { headers });
    socket.once('open', () => reject(new Error(`${path} was accepted`)));
    socket.once('unexpected-response', (_req, response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    socket.once('error', reject);
  });
}

describe('CDP proxy', () => {
  it('drives a session browser through puppeteer.connect with the right bearer', async () => {
    await host.acquire('proxy-ok', { idleTimeoutMs: 60_000 });
    const browser = await connect('proxy-ok', `Bearer ${KEY}`);
    const page = await browser.newPage();
    await page.goto(`${fixture.url}/form.html`);
    expect(await page.title()).toBe('Fixture Form');
    await page.type('#name', 'Ada');
    await page.click('#submit');
    expect(await page.$eval('#result', (el) => el.textContent)).toBe('Hello, Ada');
    await browser.disconnect();
    // The API server keeps everything outside /cdp.
    expect(await (await fetch(`http://${base}/v1/anything`)).text()).toBe('api says hi');
  });

  it("leaves the session's browser running when a client closes it: puppeteer's close() disconnects", async () => {
    await host.acquire('proxy-close', { idleTimeoutMs: 60_000 });
    const browser = await connect('proxy-close', `Bearer ${KEY}`);
    await browser.close();
    expect(browser.connected).toBe(false);
    await sleep(300);
    expect(ended.filter(([id]) => id === 'proxy-close')).toEqual([]);
    const again = await connect('proxy-close', `Bearer ${KEY}`);
    expect((await again.pages()).length).toBeGreaterThanOrEqual(0);
    await again.disconnect();
  });

  it("lets a client's page go on past its dialogs, which the host accepts, and still tells the client of them", async () => {
    await host.acquire('proxy-dialogs', { idleTimeoutMs: 60_000 });
    const browser = await connect('proxy-dialogs', `Bearer ${KEY}`);
    const page = await browser.newPage();
    const heard: string[] = [];
    const answers: Array<Promise<string>> = [];
    page.on('dialog', (dialog) => {
      heard.push(dialog.message());
      // The host has answered already; the client's own answer is acknowledged, so it does not reject.
      answers.push(
        (dialog.type() === 'confirm' ? dialog.dismiss() : dialog.accept('Bob')).then(
          () => 'answered',
          (error: Error) => error.message,
        ),
      );
    });
    const [confirmed, named] = await page.evaluate(() => [confirm('Go on?'), prompt('Your name?', 'Ada')]);
    // The host's answer: OK, and a prompt's default text.
    expect(confirmed).toBe(true);
    expect(named).toBe('Ada');
    expect(heard).toEqual(['Go on?', 'Your name?']);
    expect(await Promise.all(answers)).toEqual(['answered', 'answered']);
    await browser.disconnect();
  });

  it('refuses a wrong or missing bearer with 401 and an unknown session with 404, without hanging', async () => {
    await host.acquire('proxy-guarded', { idleTimeoutMs: 60_000 });
    const started = Date.now();
    await expect(connect('proxy-guarded', 'Bearer wrong')).rejects.toThrow(/401/);
    await expect(connect('proxy-guarded')).rejects.toThrow(/401/);
    await expect(connect('no-such-session', `Bearer ${KEY}`)).rejects.toThrow(/404/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await upgradeStatus('/cdp/proxy-guarded', { Authorization: 'Bearer nope' })).toBe(401);
    expect(await upgradeStatus('/cdp/no-such-session', { Authorization: `Bearer ${KEY}` })).toBe(404);
    expect(await upgradeStatus('/elsewhere')).toBe(404);
    expect(await upgradeStatus('/cdp/proxy-guarded', { Authorization: `Bearer ${KEY}` })).toBe(101);
  });

  it('answers 404 for an id no session can have, before asking who the caller is', async () => {
    const auth = { Authorization: `Bearer ${KEY}` };
    authorizeCalls.length = 0;
    // A kilobyte and more: the records could not even look it up (their keys stop at 1,024 bytes).
    for (const id of ['x'.repeat(2_000), '-leading-dash', 'has space']) {
      const path = `/cdp/${encodeURIComponent(id)}`;
      expect(await upgradeRefusal(path, auth)).toMatchObject({
        status: 404,
        body: { error: { code: 'SESSION_NOT_FOUND' } },
      });
      const json = await fetch(`http://${base}${path}/json/version`, { headers: auth });
      expect(json.status).toBe(404);
    }
    expect(authorizeCalls).toEqual([]);
  });

  it('answers 404 naming the target for a page id the session browser does not hold, not a 502 of the browser', async () => {
    await host.acquire('proxy-targets', { idleTimeoutMs: 60_000 });
    const auth = { Authorization: `Bearer ${KEY}` };
    const refusal = await upgradeRefusal('/cdp/proxy-targets/devtools/page/0123456789ABCDEF0123456789ABCDEF', auth);
    expect(refusal).toEqual({
      status: 404,
      body: { error: { code: 'TARGET_NOT_FOUND', message: expect.stringContaining('page/0123456789ABCDEF') } },
    });
    // A page it holds still connects through the same path.
    const browser = await connect('proxy-targets', `Bearer ${KEY}`);
    await browser.newPage();
    await browser.disconnect();
    const listed = (await (await fetch(`http://${base}/cdp/proxy-targets/json/list`, { headers: auth })).json()) as {
      id: string;
      type: string;
    }[];
    const pageId = listed.find((target) => target.type === 'page')?.id;
    expect(await upgradeStatus(`/cdp/proxy-targets/devtools/page/${pageId}`, auth)).toBe(101);
  });

  it('serves json/version and json/list with every URL pointing back through the proxy', async () => {
    const acquired = await host.acquire('proxy-json', { idleTimeoutMs: 60_000 });
    const browserPort = new URL(acquired.wsEndpoint).port;
    const auth = { headers: { Authorization: `Bearer ${KEY}` } };

    expect((await fetch(`http://${base}/cdp/proxy-json/json/version`)).status).toBe(401);
    const versionText = await (await fetch(`http://${base}/cdp/proxy-json/json/version`, auth)).text();
    expect(versionText).not.toContain(`:${browserPort}`);
    const version = JSON.parse(versionText) as { Browser: string; webSocketDebuggerUrl: string };
    console.log(`Chromium under test: ${version.Browser}`);
    expect(version.webSocketDebuggerUrl).toMatch(new RegExp(`^ws://${base}/cdp/proxy-json/devtools/browser/`));

    // The rewritten browser URL is itself usable.
    const browser = await puppeteer.connect({ browserWSEndpoint: version.webSocketDebuggerUrl, ...auth });
    const page = await browser.newPage();
    await page.goto(`${fixture.url}/index.html`);

    const listText = await (await fetch(`http://${base}/cdp/proxy-json/json/list`, auth)).text();
    expect(listText).not.toContain(`:${browserPort}`);
    const list = JSON.parse(listText) as { url: string; webSocketDebuggerUrl: string }[];
    const target = list.find((entry) => entry.url.endsWith('/index.html'));
    expect(target?.webSocketDebuggerUrl).toMatch(new RegExp(`^ws://${base}/cdp/proxy-json/devtools/page/`));
    expect(await (await fetch(`http://${base}/cdp/proxy-json/json`, auth)).json()).toHaveLength(list.length);

    // A page-level socket through the proxy answers CDP commands.
    const pageSocket = new WebSocket(target!.webSocketDebuggerUrl, auth);
    await new Promise((resolve) => pageSocket.once('open', resolve));
    pageSocket.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: 'document.title' } }));
    const answer = await new Promise<string>((resolve) => pageSocket.once('message', (data) => resolve(String(data))));
    expect(JSON.parse(answer)).toMatchObject({ id: 1, result: { result: { value: 'Fixture Index' } } });
    pageSocket.close();
    await browser.disconnect();
  });

  it('closes a client socket that sends a frame over 64 MiB (1009), and the session goes on', async () => {
    await host.acquire('proxy-big-frame', { idleTimeoutMs: 60_000 });
    const raw = new WebSocket(`ws://${base}/cdp/proxy-big-frame`, { headers: { Authorization: `Bearer ${KEY}` } });
    await new Promise((resolve) => raw.once('open', resolve));
    const closed = new Promise<number>((resolve) => raw.once('close', resolve));
    raw.on('error', () => undefined);
    raw.send(`{"id":1,"method":"Runtime.evaluate","params":{"expression":"'${'x'.repeat(65 * 1024 * 1024)}'"}}`);
    expect(await closed).toBe(1009);
    const browser = await connect('proxy-big-frame', `Bearer ${KEY}`);
    expect((await browser.pages()).length).toBeGreaterThan(0);
    await browser.disconnect();
  });

  it('holds a session to its most client sockets at once: one more answers 429, a closed one frees its place', async () => {
    await host.acquire('proxy-many', { idleTimeoutMs: 60_000 });
    const path = '/cdp/proxy-many';
    const open = (authorization: string) =>
      new Promise<WebSocket | number>((resolve, reject) => {
        const socket = new WebSocket(`ws://${base}${path}`, { headers: { Authorization: authorization } });
        socket.once('open', () => resolve(socket));
        socket.once('unexpected-response', (_req, response) => resolve(response.statusCode ?? 0));
        socket.once('error', reject);
      });
    // All at once, as a flood would come: exactly the cap gets through, whatever the order of admission.
    const tries = await Promise.all(
      Array.from({ length: MAX_CLIENT_SOCKETS_PER_SESSION + 8 }, () => open(`Bearer ${KEY}`)),
    );
    const sockets = tries.filter((t): t is WebSocket => t instanceof WebSocket);
    expect(sockets).toHaveLength(MAX_CLIENT_SOCKETS_PER_SESSION);
    expect(tries.filter((t) => t === 429)).toHaveLength(8);
    const refusal = await upgradeRefusal(path, { Authorization: `Bearer ${KEY}` });
    expect(refusal).toMatchObject({ status: 429, body: { error: { code: 'TOO_MANY_CONNECTIONS' } } });
    expect(JSON.stringify(refusal.body)).toContain(`${MAX_CLIENT_SOCKETS_PER_SESSION} CDP connections open`);
    // The service's own functions are not the client: they still get in.
    const service = await open(`Bearer ${SERVICE_KEY}`);
    expect(service).toBeInstanceOf(WebSocket);
    // Every open socket still drives the browser.
    const last = sockets[sockets.length - 1];
    last.send(JSON.stringify({ id: 1, method: 'Browser.getVersion' }));
    const answer = await new Promise<string>((resolve) => last.once('message', (data) => resolve(String(data))));
    expect(JSON.parse(answer)).toMatchObject({ id: 1, result: { product: expect.any(String) } });
    // One closed: its place is free again.
    const closed = new Promise((resolve) => sockets[0].once('close', resolve));
    sockets[0].close();
    await closed;
    await waitFor(async () => (await upgradeStatus(path, { Authorization: `Bearer ${KEY}` })) === 101);
    for (const socket of [...sockets, service as WebSocket]) socket.terminate();
  });

  it("keeps a client's CDP off the host's disk: file: and chrome: navigations, host files on inputs, download paths", async () => {
    await host.acquire('proxy-disk', { idleTimeoutMs: 60_000 });
    const browser = await connect('proxy-disk', `Bearer ${KEY}`);
    const page = await browser.newPage();
    await expect(page.goto('file:///etc/hostname')).rejects.toThrow(
      /refused by the session host: Page.navigate url must be an http or https URL/,
    );
    await expect(page.goto('chrome://version')).rejects.toThrow(/refused by the session host/);
    const cdp = await browser.target().createCDPSession();
    await expect(cdp.send('Target.createTarget', { url: 'file:///etc/passwd' })).rejects.toThrow(
      /refused by the session host/,
    );
    await expect(
      cdp.send('Network.loadNetworkResource', {
        url: 'file:///etc/passwd',
        options: { disableCache: true, includeCredentials: false },
      }),
    ).rejects.toThrow(/refused/);
    await expect(cdp.send('Target.createBrowserContext', { proxyServer: 'direct://' })).rejects.toThrow(
      /proxy of its own/,
    );
    // A method name spelt with an escape, as Chromium would read it, is screened all the same.
    const raw = new WebSocket(`ws://${base}/cdp/proxy-disk`, { headers: { Authorization: `Bearer ${KEY}` } });
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send('{"id":1,"method":"Target.createTarg\\u0065t","params":{"url":"file:///etc/hostname"}}');
    const refusal = JSON.parse(
      await new Promise<string>((resolve) => raw.once('message', (data) => resolve(String(data)))),
    );
    expect(refusal).toMatchObject({ id: 1, error: { message: expect.stringMatching(/refused by the session host/) } });
    raw.close();
    // Acknowledged, not applied: a download path on the host is never set.
    await expect(cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: '/tmp' })).resolves.toEqual(
      {},
    );

    await page.goto(`${fixture.url}/form.html`);
    const input = await page.evaluateHandle(() => {
      const element = document.createElement('input');
      element.type = 'file';
      document.body.append(element);
      return element;
    });
    await expect(
      (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile('/etc/hostname'),
    ).rejects.toThrow(/files from the host cannot be set/);
    expect(
      await page.evaluate(() => (document.querySelector('input[type=file]') as HTMLInputElement).files?.length),
    ).toBe(0);
    // The web itself is untouched, in the same connection.
    expect(await page.title()).toBe('Fixture Form');
    expect(page.url()).toBe(`${fixture.url}/form.html`);
    await browser.disconnect();

    // The service's own connection (file inputs from the session's folder) is not screened.
    const service = await connect('proxy-disk', `Bearer ${SERVICE_KEY}`);
    const [servicePage] = (await service.pages()).filter((p) => p.url().endsWith('/form.html'));
    const serviceInput = await servicePage!.$('input[type=file]');
    await (serviceInput as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(workDir);
    await service.disconnect();
  });

  it('counts proxied traffic as activity and disconnects clients when the session ends', async () => {
    await host.acquire('proxy-busy', { idleTimeoutMs: 400 });
    const browser = await connect('proxy-busy', `Bearer ${KEY}`);
    const page = await browser.newPage();
    const disconnected = new Promise<void>((resolve) => browser.once('disconnected', () => resolve()));
    const until = Date.now() + 1_200;
    while (Date.now() < until) {
      await page.evaluate(() => 1 + 1);
      await sleep(100);
    }
    expect(ended.filter(([id]) => id === 'proxy-busy')).toEqual([]);

    await waitFor(() => ended.some(([id]) => id === 'proxy-busy'), 5_000, 'idle expiry once traffic stops');
    expect(ended.find(([id]) => id === 'proxy-busy')).toEqual(['proxy-busy', 'idle']);
    await disconnected;
    expect(proxy.connectionCount).toBe(0);
  });
});
