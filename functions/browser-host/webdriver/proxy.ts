/**
 * Sessions' WebDriver endpoints (`/webdriver/{sessionId}/…`, the `chromedriverUrl` clients get): behind the same
 * API key as the CDP proxy, each request goes to the session's own chromedriver (drivers.ts), after the policy of
 * requests.ts. Plain HTTP: WebDriver (W3C and ChromeDriver's own commands) has no sockets. In a fleet a request
 * that reached a host not running the session goes on to its owner, as CDP does (owner-relay.ts).
 */
import { request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { attachAhead } from '../attach.js';
import type { CdpSessionDirectory } from '../cdp-proxy.js';
import { isValidSessionId } from '../session-options.js';
import { createOwnerRelay, fromTrustedHost, isRelayed, type OwnerLookup } from '../owner-relay.js';
import type { HostLogger } from '../types.js';
import type { SessionDrivers } from './drivers.js';
import { FILE_INPUT_REFUSAL, hideDebuggerAddress, verdictFor, webDriverError } from './requests.js';

export const WEBDRIVER_BASE_PATH = '/webdriver';

/** WebDriver bodies are small JSON; element screenshots come back, not in. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const DRIVER_TIMEOUT_MS = 120_000;

export interface WebDriverProxyOptions {
  sessions: CdpSessionDirectory;
  drivers: SessionDrivers;
  /** Whether this request may drive this session (the caller's API key owns it). Called before any lookup. */
  authorize: (request: IncomingMessage, sessionId: string) => Promise<boolean> | boolean;
  /** Who runs a session this host does not (a fleet); without it such sessions answer 404. */
  owner?: OwnerLookup;
  /** The hosts' shared secret: relayed requests bear it and are admitted without `authorize`. */
  relaySecret?: string;
  publicBaseUrl?: string;
  log?: HostLogger;
}

interface DriverAnswer {
  status: number;
  contentType: string;
  body: string;
}

export function createWebDriverProxy(options: WebDriverProxyOptions) {
  const log: HostLogger = options.log ?? (() => undefined);
  const relay = createOwnerRelay({ publicBaseUrl: options.publicBaseUrl, log });

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(text);
  };
  const sendError = (response: ServerResponse, status: number, error: string, message: string) => {
    const refused = webDriverError(status, error, message);
    send(response, refused.status, refused.body);
  };

  async function serve(
    sessionId: string,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    if (!fromTrustedHost(request, options.relaySecret) && !(await options.authorize(request, sessionId))) {
      return sendError(
        response,
        401,
        'unknown error',
        // One answer for both, as everywhere: whether another org's session exists is not told.
        `refused: UNAUTHORIZED: session ${sessionId} is not running (ended, failed, or never was), or the key sent is not one of its organization's (Authorization: Bearer <api key>)`,
      );
    }
    const endpoint = options.sessions.endpointOf(sessionId);
    // A relayed request is answered here or nowhere: one hop at most.
    const owner = !endpoint && options.owner && !isRelayed(request) ? await options.owner(sessionId) : undefined;
    if (owner) return relay.request(request, response, { address: owner.address, bearer: options.relaySecret });
    if (!endpoint) return sendError(response, 404, 'invalid session id', `session ${sessionId} has no running browser`);
    const body = await readBody(request);
    if (body === undefined)
      return sendError(response, 413, 'invalid argument', `request body over ${MAX_BODY_BYTES} bytes`);
    const debuggerAddress = new URL(endpoint).host;
    const verdict = verdictFor(request.method ?? 'GET', path, body, debuggerAddress);
    if (verdict.kind === 'answer') return send(response, verdict.status, verdict.body);
    const driverUrl = await options.drivers.urlFor(sessionId);
    if (verdict.kind === 'unless-file-input') {
      const probe = await callDriver(driverUrl, 'GET', verdict.probePath);
      const type = (JSON.parse(probe.body || '{}') as { value?: unknown }).value;
      if (probe.status === 200 && typeof type === 'string' && type.toLowerCase() === 'file')
        return send(response, FILE_INPUT_REFUSAL.status, FILE_INPUT_REFUSAL.body);
    }
    const answer = await callDriver(driverUrl, request.method ?? 'GET', path, verdict.body ?? body);
    options.sessions.touch(sessionId);
    const isNewSession = request.method === 'POST' && path === '/session';
    response.writeHead(answer.status, { 'content-type': answer.contentType, 'cache-control': 'no-store' });
    response.end(isNewSession ? hideDebuggerAddress(answer.body) : answer.body);
  }

  const handler = {
    handleRequest(request: IncomingMessage, response: ServerResponse): boolean {
      // The path as sent, before any parsing: a target no URL parser takes ("//[") is still only a path here.
      const pathname = (request.url ?? '/').split('?')[0]!;
      if (pathname !== WEBDRIVER_BASE_PATH && !pathname.startsWith(`${WEBDRIVER_BASE_PATH}/`)) return false;
      const match = /^\/webdriver\/([^/]+)(\/.*)?$/.exec(pathname);
      const sessionId = match ? decodedOrEmpty(match[1]!) : '';
      if (!match || !isValidSessionId(sessionId)) {
        sendError(response, 404, 'unknown command', 'WebDriver endpoints are /webdriver/{sessionId}/…');
        return true;
      }
      const path = (match[2] ?? '/').replace(/\/+$/, '') || '/';
      void serve(sessionId, path, request, response).catch((error: unknown) => {
        log('warn', 'WebDriver request failed', { sessionId, path, error: String(error) });
        if (!response.headersSent)
          sendError(
            response,
            502,
            'unknown error',
            `the session's chromedriver did not answer: ${(error as Error).message}`,
          );
        else response.destroy();
      });
      return true;
    },
    // WebDriver has no sockets; an upgrade under the base path is no one's.
    handleUpgrade: () => false,
  };

  return {
    ...handler,
    /** Serves the endpoints from an existing server, ahead of its own listeners. Returns the undo. */
    attach(server: Server): () => void {
      return attachAhead(server, handler);
    },
    /** Drops requests being relayed to other hosts. */
    close: () => relay.close(),
  };
}

/** A path segment decoded, or '' when its escapes are malformed (`%E0`): such an id names no session. */
const decodedOrEmpty = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
};

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function callDriver(baseUrl: string, method: string, path: string, body?: string): Promise<DriverAnswer> {
  return new Promise((resolve, reject) => {
    const hasBody = body !== undefined && method !== 'GET' && method !== 'DELETE';
    const outgoing = httpRequest(`${baseUrl}${path}`, {
      method,
      headers: hasBody
        ? { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body!) }
        : {},
      timeout: DRIVER_TIMEOUT_MS,
    });
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 502,
          contentType: incoming.headers['content-type'] ?? 'application/json; charset=utf-8',
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${DRIVER_TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(hasBody ? body : undefined);
  });
}
