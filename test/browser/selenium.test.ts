/**
 * Selenium through a session's `chromedriverUrl`, as a client of the interface uses it: `selenium-webdriver` with the
 * API key as bearer drives the session's own browser (navigate, find, type, click), and the official client's
 * `windows.getWindowInfoForSeleniumDriver` finds the driver's window among the session's windows. The endpoint is
 * the session's org's only, refuses the host's files, and ends with the session. Needs a full Chromium and its
 * chromedriver (Debian's `chromium` and `chromium-driver`); the headless shell's sessions carry no `chromedriverUrl`.
 */
import { AirtopClient } from '@airtop/sdk';
import { By, Capabilities, until, WebDriver } from 'selenium-webdriver';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CHROMIUM, chromiumVersion, resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { matchingChromedriver } from '../../functions/browser-host/webdriver/driver-binary.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { fullChromium } from '../support/browsers.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

// The package's `http` module is CommonJS without an exports map: reached by require, typed by its declarations.
const { Executor, HttpClient } = createRequire(import.meta.url)(
  'selenium-webdriver/http',
) as typeof import('selenium-webdriver/http.js');

/** selenium-webdriver's HTTP client with a bearer on every request, the way the interface's Selenium guide has it. */
class BearerHttpClient extends HttpClient {
  constructor(
    url: string,
    private readonly apiKey: string,
  ) {
    super(url);
  }
  override send(request: import('selenium-webdriver/http.js').Request) {
    (request as unknown as { headers: Map<string, string> }).headers.set('Authorization', `Bearer ${this.apiKey}`);
    return super.send(request);
  }
}

/** A WebDriver session on the endpoint, created the way selenium-webdriver creates one on any remote server. */
const webDriverFor = (chromedriverUrl: string, apiKey: string): WebDriver =>
  WebDriver.createSession(new Executor(new BearerHttpClient(chromedriverUrl, apiKey)), Capabilities.chrome());

const fullBrowser = await fullChromium();
const hasDriver =
  fullBrowser !== undefined &&
  'path' in (await matchingChromedriver(await chromiumVersion(await resolveChromiumPath(fullBrowser))));

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await startFixtureServer();
});
afterAll(async () => {
  await fixtures?.close();
});

describe.skipIf(!hasDriver)('WebDriver on a full Chromium', () => {
  let svc: TestService;
  let client: AirtopClient;
  beforeAll(async () => {
    svc = await startTestService({ chromiumPath: fullBrowser });
    client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('drives the session with selenium-webdriver, and the client finds its window', async () => {
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const chromedriverUrl = session.data.chromedriverUrl;
    expect(chromedriverUrl).toBe(`${svc.url}/webdriver/${session.data.id}`);
    const driver = webDriverFor(chromedriverUrl!, svc.key);
    try {
      await driver.get(`${fixtures.url}/form.html`);
      await driver.findElement(By.id('name')).sendKeys('Ada');
      await driver.findElement(By.id('submit')).click();
      await driver.wait(until.elementTextIs(driver.findElement(By.id('result')), 'Hello, Ada'), 10_000);
      expect(await driver.findElement(By.id('result')).getText()).toBe('Hello, Ada');
      const info = await client.windows.getWindowInfoForSeleniumDriver(session.data, driver as never);
      const windows = await client.windows.list(session.data.id);
      expect(windows.data.windows?.find((w) => w.windowId === info.data.windowId)?.url).toBe(
        `${fixtures.url}/form.html`,
      );
      expect(info.data.liveViewUrl).toContain(`/live/${session.data.id}/`);
    } finally {
      await driver.quit();
    }
    // Quitting the WebDriver session detaches from the browser; the session goes on.
    expect((await client.sessions.getInfo(session.data.id)).data.status).toBe('running');
    await client.sessions.terminate(session.data.id);
  });

  it("is the session org's only: no key, or another org's key, is refused", async () => {
    const { id } = await createRunningSession(svc);
    const other = await svc.newOrg('selenium-other');
    const newSession = { capabilities: { alwaysMatch: { browserName: 'chrome' } } };
    const post = (headers: Record<string, string>) =>
      fetch(`${svc.url}/webdriver/${id}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(newSession),
      });
    for (const headers of [{}, other.auth]) {
      const refused = await post(headers);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { value: { error: string } }).value.error).toBe('unknown error');
    }
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });

  it("refuses the host's files: file: navigations, and host paths on file inputs", async () => {
    const { id } = await createRunningSession(svc);
    const driver = webDriverFor(`${svc.url}/webdriver/${id}`, svc.key);
    try {
      await expect(driver.get('file:///etc/passwd')).rejects.toThrow(/refused by the session host/);
      await driver.get(`${fixtures.url}/files/one-input.html`);
      const input = await driver.findElement(By.css('input[type=file]'));
      await expect(input.sendKeys('/etc/passwd')).rejects.toThrow(/files from the host cannot be set on inputs/);
      // CDP through the driver passes the CDP proxy's policy.
      const cdp = await fetch(
        `${svc.url}/webdriver/${id}/session/${(await driver.getSession()).getId()}/goog/cdp/execute`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${svc.key}` },
          body: JSON.stringify({ cmd: 'Page.navigate', params: { url: 'file:///etc/hostname' } }),
        },
      );
      expect(cdp.status).toBe(400);
    } finally {
      await driver.quit();
    }
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });

  it('judges what the driver will read: bodies only the driver can parse, and pages that lie about their inputs', async () => {
    const { id } = await createRunningSession(svc);
    const driver = webDriverFor(`${svc.url}/webdriver/${id}`, svc.key);
    try {
      const base = `${svc.url}/webdriver/${id}/session/${(await driver.getSession()).getId()}`;
      const raw = (path: string, body: string) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${svc.key}` },
          body,
        });
      // chromedriver reads "\x66" escapes and comments; JSON does not.
      expect((await raw('/url', '{"url":"\\x66ile:///etc/passwd"}')).status).toBe(400);
      const command = JSON.stringify({ cmd: 'Browser.getBrowserCommandLine', params: {} });
      expect((await raw('/goog/cdp/execute', `${command}//`)).status).toBe(400);
      expect(await driver.getCurrentUrl()).not.toMatch(/^file:/);
      // The page answers "text" to the first question about its file input's type.
      await driver.get(`${fixtures.url}/files/lying-input.html`);
      const input = await driver.findElement(By.css('#document'));
      await expect(input.sendKeys('/etc/passwd')).rejects.toThrow(/files from the host cannot be set on inputs/);
      expect(await driver.findElement(By.css('#result')).getText()).toBe('');
    } finally {
      await driver.quit();
    }
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });

  it('ends with the session: its chromedriver stops, the endpoint refuses, the session shows no URL', async () => {
    const { id } = await createRunningSession(svc);
    const driver = webDriverFor(`${svc.url}/webdriver/${id}`, svc.key);
    await driver.get(`${fixtures.url}/index.html`);
    expect(await driver.getTitle()).toBe('Fixture Index');
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
    // The service runs in this process: its chromedrivers are this process's children.
    const drivers = () =>
      execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)])
        .toString()
        .split('\n')
        .filter((name) => name.startsWith('chromedriver'));
    expect(
      await waitFor(
        async () => drivers(),
        (running) => running.length === 0,
        10_000,
      ),
    ).toEqual([]);
    // As for CDP: only a running session of the caller's org may be driven.
    const after = await fetch(`${svc.url}/webdriver/${id}/session/${(await driver.getSession()).getId()}/url`, {
      headers: { authorization: `Bearer ${svc.key}` },
    });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { value: { message: string } }).value.message).toContain(`${id} is not running`);
    const info = await svc.app.inject({ method: 'GET', path: `/v1/sessions/${id}`, headers: svc.auth });
    expect(info.json.data.chromedriverUrl).toBeUndefined();
  });
});

describe('the headless shell', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ chromiumPath: BUNDLED_CHROMIUM });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('has no matching chromedriver: its sessions carry no chromedriverUrl and the endpoint is not served', async () => {
    const { id, created } = await createRunningSession(svc);
    expect(created.data.cdpWsUrl).toBeTruthy();
    expect(created.data.chromedriverUrl).toBeUndefined();
    const res = await fetch(`${svc.url}/webdriver/${id}/status`, { headers: { authorization: `Bearer ${svc.key}` } });
    expect(res.status).toBe(404);
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });
});
