/**
 * What a client's WebDriver request may ask, and how it is changed on its way to the session's chromedriver. The
 * browser runs on a host shared with other sessions, so the WebDriver doors to the host's files are closed as the CDP
 * proxy closes them (cdp-client-policy.ts): navigations outside the web, files from host paths on file inputs, and
 * the CDP commands the CDP proxy refuses. A new WebDriver session always attaches to the session's running browser:
 * whatever the client asks of `goog:chromeOptions` (a binary, flags, extensions) belongs to a browser it would launch.
 */
import { statSync } from 'node:fs';
import { isPageUrl, PAGE_URL_RULE } from '../../net/page-urls.js';
import { commandVerdict } from '../cdp-client-policy.js';

export type Verdict =
  | { kind: 'forward'; body?: string }
  | { kind: 'answer'; status: number; body: unknown }
  /** Forward `body` only if the element at `probePath` (GET, on the driver) is not a file input. */
  | { kind: 'unless-file-input'; probePath: string; body: string };

type Json = Record<string, unknown>;

/** WebDriver's error shape (W3C), which every client library reads. */
export const webDriverError = (status: number, error: string, message: string) => ({
  status,
  body: { value: { error, message, stacktrace: '' } },
});

const refuse = (message: string): Extract<Verdict, { kind: 'answer' }> => ({
  kind: 'answer',
  ...webDriverError(400, 'invalid argument', `refused by the session host: ${message}`),
});

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parse = (body: string): Json | undefined => {
  try {
    const value: unknown = JSON.parse(body || '{}');
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/** `path` is the request path below the session's WebDriver base (`/session/{id}/url`). */
export function verdictFor(method: string, path: string, body: string, debuggerAddress: string): Verdict {
  if (method !== 'POST') return { kind: 'forward' };
  // What is judged is what the driver gets: the body as parsed here, written out again. The driver's own parser
  // takes more than JSON (comments, "\x66" escapes), so a body only it could read would pass every check below
  // unseen; such a body is refused, and a parsed one is sent on as written here (one key once, no comments).
  const json = parse(body);
  if (json === undefined && body.trim() !== '') return refuse('the request body is not a JSON object');
  const canonical = JSON.stringify(json ?? {});
  if (path === '/session') {
    const unmatched = capabilitiesFault(json ?? {});
    if (unmatched) return unmatched;
    return { kind: 'forward', body: JSON.stringify(attachCapabilities(json ?? {}, debuggerAddress)) };
  }
  const command = /^\/session\/[^/]+(\/.*)$/.exec(path)?.[1];
  if (!command) return { kind: 'forward', body: canonical };
  // Selenium's upload of a client's file writes it on the host for a file input to take: the host's disk is not
  // the client's, and file inputs get files pushed to the session instead.
  if (command === '/se/file' || command === '/file') return FILE_INPUT_REFUSAL;
  if (command === '/url') {
    const url = json?.url;
    return typeof url === 'string' && !isPageUrl(url)
      ? refuse(`navigation: url ${PAGE_URL_RULE}`)
      : { kind: 'forward', body: canonical };
  }
  if (
    command === '/goog/cdp/execute' ||
    command === '/chromium/send_command_and_get_result' ||
    command === '/chromium/send_command'
  ) {
    const cmd = json?.cmd;
    if (typeof cmd !== 'string') return refuse('a CDP command needs its name in "cmd"');
    const verdict = commandVerdict(cmd, (json?.params as Json | undefined) ?? {});
    if (verdict === 'acknowledge') return { kind: 'answer', status: 200, body: { value: {} } };
    return verdict ? refuse(`${cmd}: ${verdict.refuse}`) : { kind: 'forward', body: canonical };
  }
  const element = /^\/element\/([^/]+)\/value$/.exec(command)?.[1];
  if (element) {
    // The type probe below runs in the page, which can lie about it; a host path is refused whatever it says.
    if (hostPathsIn(json ?? {}).length) return FILE_INPUT_REFUSAL;
    return {
      kind: 'unless-file-input',
      probePath: `${path.slice(0, path.length - '/value'.length)}/property/type`,
      body: canonical,
    };
  }
  return { kind: 'forward', body: canonical };
}

/**
 * The lines of typed text that name something on the host's disk: the driver sets each line of text sent to a
 * file input as a file, and it takes absolute paths only. Typing such a path into a text field is refused too.
 */
export function hostPathsIn(json: Json): string[] {
  const text = typeof json.text === 'string' ? json.text : Array.isArray(json.value) ? json.value.join('') : '';
  return text.split('\n').filter((line) => {
    const path = line.trim();
    if (path.length < 2 || !(path.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(path))) return false;
    try {
      statSync(path);
      return true;
    } catch {
      return false;
    }
  });
}

export const FILE_INPUT_REFUSAL = refuse(
  'files from the host cannot be set on inputs: push a file to the session and use the file-input operation',
);

/** The browsers a `browserName` may name here: the session's browser is Chromium, on Linux. */
const CHROMIUM_NAMES = new Set(['chrome', 'chromium', 'chrome-headless-shell', 'headless chrome', 'googlechrome']);
const PLATFORMS = new Set(['linux', 'any']);

const sessionNotCreated = (message: string): Extract<Verdict, { kind: 'answer' }> => ({
  kind: 'answer',
  ...webDriverError(500, 'session not created', message),
});

/** Why no set of the request's capabilities can be this session's browser, as W3C's matching would say; else none. */
const mismatchOf = (entry: Json): string | undefined => {
  const { browserName, platformName } = entry;
  if (browserName !== undefined && !(typeof browserName === 'string' && CHROMIUM_NAMES.has(browserName.toLowerCase())))
    return `browserName ${JSON.stringify(browserName)}: the session's browser is Chromium ("chrome")`;
  if (platformName !== undefined && !(typeof platformName === 'string' && PLATFORMS.has(platformName.toLowerCase())))
    return `platformName ${JSON.stringify(platformName)}: the session's browser runs on "linux"`;
  return undefined;
};

/**
 * A new session's capabilities, checked as W3C processes them: not an object (or an `alwaysMatch` or `firstMatch`
 * of the wrong shape) is an invalid argument; a browser or platform this session's browser is not, in
 * `alwaysMatch` or in every `firstMatch` entry, creates no session.
 */
const capabilitiesFault = (request: Json): Extract<Verdict, { kind: 'answer' }> | undefined => {
  const { capabilities } = request;
  if (capabilities === undefined) return undefined;
  if (!isObject(capabilities)) return refuse('capabilities must be a JSON object');
  const { alwaysMatch, firstMatch } = capabilities;
  if (alwaysMatch !== undefined && !isObject(alwaysMatch))
    return refuse('capabilities.alwaysMatch must be a JSON object');
  if (firstMatch !== undefined && !(Array.isArray(firstMatch) && firstMatch.every(isObject)))
    return refuse('capabilities.firstMatch must be a list of JSON objects');
  const always = isObject(alwaysMatch) ? mismatchOf(alwaysMatch) : undefined;
  if (always) return sessionNotCreated(`no browser matches the capabilities: ${always}`);
  const entries = Array.isArray(firstMatch) ? (firstMatch as Json[]) : [];
  const misses = entries.map((entry) => mismatchOf(entry));
  if (entries.length && misses.every(Boolean))
    return sessionNotCreated(`no browser matches any firstMatch entry: ${misses.join('; ')}`);
  return undefined;
};

/**
 * The client's capabilities with `goog:chromeOptions` replaced by the running browser's address, in `alwaysMatch`
 * and in every `firstMatch` entry (where a client may have put its own options).
 */
export function attachCapabilities(request: Json, debuggerAddress: string): Json {
  const capabilities = isObject(request.capabilities) ? request.capabilities : {};
  // `webSocketUrl` asks for WebDriver BiDi, which the door does not serve: the driver's BiDi socket would be on
  // the host's loopback, out of the client's reach, so the client is answered without one (and keeps to classic).
  const strip = (entry: unknown): Json => {
    const {
      'goog:chromeOptions': _options,
      browserName: _name,
      webSocketUrl: _bidi,
      ...rest
    } = isObject(entry) ? entry : {};
    return rest;
  };
  const fitting = Array.isArray(capabilities.firstMatch)
    ? (capabilities.firstMatch as Json[]).filter((entry) => !mismatchOf(entry))
    : [];
  const firstMatch = fitting.length > 0 ? fitting.map(strip) : [{}];
  return {
    capabilities: {
      // The driver names the browser itself; a client's `chrome` or `chromium` would only be a way to mismatch.
      alwaysMatch: { ...strip(capabilities.alwaysMatch), 'goog:chromeOptions': { debuggerAddress } },
      firstMatch,
    },
  };
}

/**
 * The driver's new-session answer without the browser's loopback address, which is the host's, not the client's, and
 * without a BiDi socket address (`webSocketUrl`), which would be the host's loopback too.
 */
export function hideDebuggerAddress(body: string): string {
  const json = parse(body);
  const capabilities = (json?.value as Json | undefined)?.capabilities;
  if (!isObject(capabilities)) return body;
  const options = capabilities['goog:chromeOptions'];
  const address = isObject(options) && 'debuggerAddress' in options;
  if (!address && !('webSocketUrl' in capabilities)) return body;
  if (address) delete options.debuggerAddress;
  delete capabilities.webSocketUrl;
  return JSON.stringify(json);
}
