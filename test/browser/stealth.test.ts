/**
 * Sessions that detection scripts do not flag as automated, read back through the API the way a client would see
 * it: a window opens the detection page (BotD plus the checks of `fixtures/pages/stealth/checks.js`, in the page, a
 * frame of another origin and a dedicated, shared and service worker), and its verdicts come back as scraped text.
 * The same page on a session with the disguise turned off is flagged, so the page can tell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
const sessions: string[] = [];

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
});
afterAll(async () => {
  for (const id of sessions) await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  await svc?.stop();
  await fixtures?.close();
});

const SCOPES = ['main', 'iframe', 'worker', 'shared-worker', 'service-worker'];

interface Verdict {
  bot?: string;
  fired: string;
  line: string;
}

const session = async (configuration: Record<string, unknown> = {}): Promise<string> => {
  const { id } = await createRunningSession(svc, svc.auth, configuration);
  sessions.push(id);
  return id;
};

/** Opens the detection page in a new window of the session and reads its verdicts by scraping it, once all are in. */
const verdicts = async (
  sessionId: string,
  expected: { locale: string; timezone?: string },
): Promise<Map<string, Verdict>> => {
  const query = new URLSearchParams({
    locale: expected.locale,
    ...(expected.timezone ? { timezone: expected.timezone } : {}),
  });
  const opened = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${fixtures.url}/stealth/detect.html?${query}` },
  });
  expect(opened.statusCode, JSON.stringify(opened.json)).toBe(201);
  const windowId = opened.json.data.windowId;
  const scrape = () =>
    svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${sessionId}/windows/${windowId}/scrape-content`,
      headers: svc.auth,
      body: {},
    });
  const text = await waitFor(
    async () => String((await scrape()).json?.data?.modelResponse?.scrapedContent?.text ?? ''),
    (scraped) => SCOPES.every((scope) => scraped.includes(`VERDICT ${scope}:`)),
    60_000,
  );
  const found = new Map<string, Verdict>();
  for (const match of text.matchAll(/VERDICT ([\w-]+):(?: bot=(\w+)(?: kind=\S+)?)? fired=(.*?) \|/g)) {
    found.set(match[1]!, { bot: match[2], fired: match[3]!, line: match[0] });
  }
  return found;
};

const expectUndetected = (found: Map<string, Verdict>) => {
  for (const scope of SCOPES) {
    const verdict = found.get(scope);
    expect(verdict, `${scope} answered`).toBeDefined();
    expect(verdict!.fired, `signals in ${scope}: ${verdict!.line}`).toBe('none');
  }
  expect(found.get('main')!.bot, 'BotD in the page').toBe('false');
  expect(found.get('iframe')!.bot, 'BotD in the frame').toBe('false');
};

describe('disguise', () => {
  it('a default session passes BotD and every check, in the page, a cross-origin frame and each kind of worker', async () => {
    expectUndetected(await verdicts(await session(), { locale: 'en-US' }));
  });

  it("a session's locale and time zone reach languages, Accept-Language, Intl and Date everywhere, consistently", async () => {
    const id = await session({ locale: 'de-DE', timezone: 'Asia/Tokyo' });
    expectUndetected(await verdicts(id, { locale: 'de-DE', timezone: 'Asia/Tokyo' }));
  });

  it('with the disguise off the same page flags the session as headless Chrome (the checks can tell)', async () => {
    const found = await verdicts(await session({ disguise: false }), { locale: 'en-US' });
    expect(found.get('main')!.bot).toBe('true');
    expect(found.get('main')!.line).toMatch(/headless/);
    for (const scope of SCOPES) expect(found.get(scope)!.fired, scope).toMatch(/userAgent: headless/);
    // The headless shell's own tell: Notification.permission 'denied' while the permission query says 'prompt'
    // (a full Chromium answers consistently). A shell is the browser that cannot load extensions.
    const shell = (await svc.deps.fleet.features?.())?.extensionIds === undefined;
    if (shell) expect(found.get('main')!.fired).toMatch(/notification permission/);
  });

  it("the service's own reads and actions are invisible to a page that hooks DOM methods and watches its globals", async () => {
    const sessionId = await session();
    const opened = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${sessionId}/windows`,
      headers: svc.auth,
      body: { url: `${fixtures.url}/stealth/hooks.html` },
    });
    expect(opened.statusCode, JSON.stringify(opened.json)).toBe(201);
    const post = (route: string, body: Record<string, unknown>) =>
      svc.app.inject({
        method: 'POST',
        path: `/v1/sessions/${sessionId}/windows/${opened.json.data.windowId}/${route}`,
        headers: svc.auth,
        body,
      });
    const hooks = async () =>
      /HOOKS armed clicks=(\d+) calls=(.*?) globals=(.*?) \|/.exec(
        String((await post('scrape-content', {})).json?.data?.modelResponse?.scrapedContent?.text ?? ''),
      );
    await waitFor(hooks, (found) => found !== null, 30_000);
    for (const [route, body] of [
      ['click', { elementDescription: 'the Save draft button' }],
      ['scroll', { scrollBy: { yAxis: '300px' } }],
      ['page-query', { prompt: 'When does the quarterly review take place?' }],
    ] as const) {
      const res = await post(route, body);
      expect(res.statusCode, `${route}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
    }
    // The page reports on a timer: the line read back must already count the click.
    const found = await waitFor(hooks, (line) => line?.[1] === '1', 30_000);
    expect(found?.[1], `clicks the page counted: ${found?.[0]}`).toBe('1');
    expect(found?.[2], `DOM methods the page saw called: ${found?.[0]}`).toBe('none');
    expect(found?.[3], 'globals the page did not define').toBe('none');
  });

  it.each([
    ['locale', 'english', /language tag/],
    ['locale', 'en-us', /language tag/],
    ['timezone', 'Mars/Olympus_Mons', /IANA time zone/],
    ['timezone', '+05:00', /IANA time zone/],
    ['disguise', 'no', /boolean/],
  ])('an invalid %s (%s) is refused with 422 naming the field', async (field, value, message) => {
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions',
      headers: svc.auth,
      body: { configuration: { [field]: value } },
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(422);
    expect(JSON.stringify(res.json)).toContain(`configuration.${field}`);
    expect(JSON.stringify(res.json)).toMatch(message);
  });
});
