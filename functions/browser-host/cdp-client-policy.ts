/**
 * What a client's CDP connection may not ask of a browser. A session's browser runs on a host shared with other
 * sessions (other orgs' profiles, downloads and the host's own secrets sit on its disk), so the commands that reach
 * the host's file system are answered here instead of reaching Chromium: navigations and new targets outside the
 * web (`file:`, `chrome:`, ...), setting files on inputs or drags from host paths, loading extensions or apps from
 * paths, crashing the browser on purpose. Download settings are acknowledged without being applied: the service
 * keeps every download in the session's own folder, where it becomes a file of the session. So are answers to
 * JavaScript dialogs: the host accepts each as it opens.
 */
import { isPageUrl, PAGE_URL_RULE } from '../net/page-urls.js';

interface Command {
  id?: unknown;
  sessionId?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
}

const URL_PARAM: Record<string, string> = {
  'Page.navigate': 'url',
  'Target.createTarget': 'url',
  'Network.loadNetworkResource': 'url',
  'Fetch.continueRequest': 'url',
};

const REFUSED: Record<string, string> = {
  'DOM.setFileInputFiles':
    'files from the host cannot be set on inputs: push a file to the session and use the file-input operation',
  'Extensions.loadUnpacked': 'extensions cannot be loaded from the host',
  'PWA.install': 'apps cannot be installed from the host',
  'PWA.launchFilesInApp': 'apps cannot open files from the host',
  // It hands a page the browser's whole protocol, past this screen.
  'Target.exposeDevToolsProtocol': 'pages cannot be given the browser protocol',
  'Browser.getBrowserCommandLine': "the browser's command line belongs to the host",
  // A crash leaves a dump on the host's disk and the session in error; ending the session stops the browser.
  'Browser.crash': 'the browser cannot be crashed on purpose: end the session to stop it',
  'Browser.crashGpuProcess': "the browser's processes cannot be crashed on purpose: end the session to stop it",
  // Closed from under the service, the browser looks crashed: the session would end in error, its profile unsaved.
  // puppeteer's `browser.close()` on a connected browser ignores this answer and disconnects.
  'Browser.close':
    'the browser belongs to the session: end the session to close it (DELETE /v1/sessions/{id}), or disconnect',
};

/** Per-context proxies would route around the host's network guard, which is the browser's own proxy. */
const CONTEXT_PROXY_PARAMS = ['proxyServer', 'proxyBypassList'];

/**
 * Acknowledged, not applied: download settings (every download is kept in the session's folder), and a client's
 * answer to a JavaScript dialog, which the host has given as the dialog opened (dialogs.ts). Forwarded, the answer
 * would fail with "No dialog is showing", and a puppeteer client whose `dialog.accept()` rejects unhandled ends
 * its own process.
 */
const ACKNOWLEDGED = new Set([
  'Browser.setDownloadBehavior',
  'Page.setDownloadBehavior',
  'Page.handleJavaScriptDialog',
]);

// Only frames that name one of these methods, or that hold an escape (JSON may spell a method name with `\u`
// escapes, which a text search would miss), are parsed; every other command passes untouched.
const SUSPECT = new RegExp(
  [
    ...Object.keys(URL_PARAM),
    ...Object.keys(REFUSED),
    ...ACKNOWLEDGED,
    'Input.dispatchDragEvent',
    'Target.createBrowserContext',
  ]
    .map((name) => name.replace('.', '\\.'))
    .join('|'),
);

const reasonToRefuse = (command: Command): string | undefined => {
  const method = String(command.method);
  const params = command.params ?? {};
  // Own entries only: a method named `constructor` or `__proto__` is no entry (Chromium answers it unknown).
  if (Object.hasOwn(REFUSED, method)) return REFUSED[method];
  const urlParam = Object.hasOwn(URL_PARAM, method) ? URL_PARAM[method] : undefined;
  const url = urlParam ? params[urlParam] : undefined;
  if (typeof url === 'string' && url !== '' && !isPageUrl(url)) return `${method} ${urlParam} ${PAGE_URL_RULE}`;
  const files = (params.data as { files?: unknown } | undefined)?.files;
  if (method === 'Input.dispatchDragEvent' && Array.isArray(files) && files.length > 0)
    return 'files from the host cannot be dragged into a page';
  if (method === 'Target.createBrowserContext' && CONTEXT_PROXY_PARAMS.some((name) => params[name] !== undefined)) {
    return "a browser context cannot have a proxy of its own: the session's proxy is set when it is created";
  }
  return undefined;
};

/**
 * The answer to send the client instead of forwarding its frame, or undefined to forward it. A frame that is not
 * a command (not JSON, no method) is forwarded: Chromium answers it as it would anyway.
 */
export const answerInstead = (frame: string): string | undefined => {
  if (!frame.includes('\\') && !SUSPECT.test(frame)) return undefined;
  let command: Command;
  try {
    command = JSON.parse(frame) as Command;
  } catch {
    return undefined;
  }
  if (typeof command !== 'object' || command === null || typeof command.method !== 'string') return undefined;
  const address = { id: command.id, ...(command.sessionId === undefined ? {} : { sessionId: command.sessionId }) };
  if (ACKNOWLEDGED.has(command.method)) return JSON.stringify({ ...address, result: {} });
  const reason = reasonToRefuse(command);
  return reason
    ? JSON.stringify({ ...address, error: { code: -32000, message: `refused by the session host: ${reason}` } })
    : undefined;
};

/**
 * The same policy for one command that arrives by another door (WebDriver's CDP endpoints): `acknowledge` (answer
 * success, apply nothing), a reason to refuse it, or undefined to pass it on.
 */
export const commandVerdict = (
  method: string,
  params: Record<string, unknown> = {},
): 'acknowledge' | { refuse: string } | undefined => {
  if (ACKNOWLEDGED.has(method)) return 'acknowledge';
  const reason = reasonToRefuse({ method, params });
  return reason ? { refuse: reason } : undefined;
};
