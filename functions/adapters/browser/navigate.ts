/** Navigation with the interface's wait semantics: a wait that runs out is a warning, a failed load an error. */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { TimeoutError, type Page, type PuppeteerLifeCycleEvent } from 'puppeteer-core';
import {
  NETWORK_GUARD_HEADER,
  type NavigateOptions,
  type NavigationResult,
  type WindowWaitUntil,
} from '../../ports/browser.js';

const LIFECYCLE: Record<Exclude<WindowWaitUntil, 'noWait'>, PuppeteerLifeCycleEvent[]> = {
  load: ['load'],
  domContentLoaded: ['domcontentloaded'],
  // The page and all its frames loaded, and the network quiet: what "complete" promises.
  complete: ['load', 'networkidle0'],
};

/** Chromium's reason without the URL echo: "net::ERR_NAME_NOT_RESOLVED". */
const reasonOf = (error: Error): string => error.message.replace(/ at .*$/s, '');

const TUNNEL_FAILED = 'net::ERR_TUNNEL_CONNECTION_FAILED';
/** How long a look-up of the host's name may take to explain a failed tunnel. */
const LOOKUP_MS = 1_500;

/**
 * An https load goes through the network guard as a CONNECT tunnel, and Chromium reports every refused tunnel
 * alike, whatever the guard answered: "net::ERR_TUNNEL_CONNECTION_FAILED" for a name that does not exist as for a
 * closed port. The name is looked up once more to say which, in the words the guard uses for plain http.
 */
const tunnelReason = async (url: string): Promise<string> => {
  let host: string;
  let port: string;
  try {
    ({ hostname: host, port } = new URL(url));
  } catch {
    return TUNNEL_FAILED;
  }
  host = host.replace(/^\[|\]$/g, '');
  const where = `${host}:${port || 443}`;
  const reachable = `${TUNNEL_FAILED}: the network guard could not open a connection to ${where} (refused, unreachable or not allowed)`;
  if (isIP(host)) return reachable;
  const code = await Promise.race([
    lookup(host).then(
      () => undefined,
      (failure: NodeJS.ErrnoException) => failure.code ?? failure.message,
    ),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), LOOKUP_MS).unref()),
  ]);
  return code ? `bad gateway: cannot resolve ${host}: ${code} (${TUNNEL_FAILED})` : reachable;
};

/** How long stopping a load may take before the answer goes out anyway. */
const STOP_MS = 2_000;

/**
 * A load whose server never answers leaves the window waiting for a document that never comes: Chromium then
 * answers no script or layout request on it (a scroll or screenshot waits out its own budget, again and again).
 * When the wait ran out before any document of the load came, the load is stopped, as the browser's Stop button
 * would: the window keeps the page it had and stays usable. A load that did bring its document goes on.
 */
const stopLoading = async (page: Page): Promise<void> => {
  const session = await page.createCDPSession().catch(() => undefined);
  if (!session) return;
  try {
    await Promise.race([
      session.send('Page.stopLoading').catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, STOP_MS).unref()),
    ]);
  } finally {
    await session.detach().catch(() => undefined);
  }
};

export const navigate = async (page: Page, url: string, options: NavigateOptions): Promise<NavigationResult> => {
  if (options.waitUntil === 'noWait') {
    page.goto(url, { waitUntil: 'domcontentloaded', timeout: 0 }).catch(() => undefined);
    return { timedOut: false };
  }
  const before = page.url();
  try {
    // puppeteer reads a timeout of 0 as "no timeout"; 0 here means "do not wait at all".
    const response = await page.goto(url, {
      waitUntil: LIFECYCLE[options.waitUntil],
      timeout: Math.max(1, options.timeoutMs),
    });
    // The network guard's own answer (refused, unresolvable, unreachable): a failed load, whatever page it shows.
    const refusal = response?.headers()[NETWORK_GUARD_HEADER];
    if (refusal) return { timedOut: false, error: refusal };
    return response ? { timedOut: false, status: response.status() } : { timedOut: false };
  } catch (error) {
    if (error instanceof TimeoutError) {
      if (page.url() === before) await stopLoading(page);
      return { timedOut: true };
    }
    const reason = reasonOf(error as Error);
    return { timedOut: false, error: reason === TUNNEL_FAILED ? await tunnelReason(url) : reason };
  }
};
