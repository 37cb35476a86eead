import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { DevtoolsJsonDoc } from './cdp-http.js';
import { relayedOrigin } from './owner-relay.js';

export type { DevtoolsJsonDoc };

/**
 * The externally visible `ws(s)://host/<basePath>/<sessionId>` for a session. For a request another
 * host relayed here: the origin the client used on that host (X-Forwarded-Host/-Proto), so the
 * client keeps talking to the address it chose. Otherwise from the configured public base URL,
 * else from the request's Host and (behind a load balancer) X-Forwarded-Proto.
 */
export function publicSessionUrl(
  request: IncomingMessage,
  basePath: string,
  sessionId: string,
  publicBaseUrl?: string,
): string {
  let origin: string;
  const relayed = relayedOrigin(request);
  if (relayed) {
    origin = `${relayed.proto === 'https' ? 'wss' : 'ws'}://${relayed.host}`;
  } else if (publicBaseUrl) {
    origin = publicBaseUrl.replace(/\/+$/, '').replace(/^http(s?):/, 'ws$1:');
  } else {
    const forwarded = String(request.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim();
    const secure = forwarded === 'https' || (request.socket as TLSSocket).encrypted === true;
    origin = `${secure ? 'wss' : 'ws'}://${request.headers.host ?? 'localhost'}`;
  }
  return `${origin}${basePath}/${encodeURIComponent(sessionId)}`;
}

/** Reads `/json/version` or `/json/list` straight from the browser's DevTools HTTP server. */
export async function fetchDevtoolsJson(
  browserWsEndpoint: string,
  doc: DevtoolsJsonDoc,
  timeoutMs: number,
): Promise<unknown> {
  const { host } = new URL(browserWsEndpoint);
  const response = await fetch(`http://${host}/json/${doc}`, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`browser answered /json/${doc} with HTTP ${response.status}`);
  return response.json();
}

/**
 * Points every URL in a DevTools JSON document back through the proxy, so no client ever learns
 * (or tries to reach) the browser's own port: `ws://127.0.0.1:PORT/devtools/...` becomes
 * `<sessionUrl>/devtools/...`, and the `ws=` parameter of frontend URLs likewise.
 */
export function rewriteDevtoolsJson(doc: unknown, browserWsEndpoint: string, sessionUrl: string): unknown {
  const browserHost = new URL(browserWsEndpoint).host;
  const publicUrl = new URL(sessionUrl);
  const wsParam = publicUrl.protocol === 'wss:' ? 'wss' : 'ws';
  const hostAndPath = `${publicUrl.host}${publicUrl.pathname}`;
  const rewrite = (text: string) =>
    text
      .replaceAll(`ws://${browserHost}`, sessionUrl)
      .replaceAll(`ws=${browserHost}`, `${wsParam}=${hostAndPath}`)
      .replaceAll(`ws%3D${browserHost}`, `${wsParam}%3D${encodeURIComponent(hostAndPath)}`);
  return mapStrings(doc, rewrite);
}

function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, fn)]));
  }
  return value;
}
