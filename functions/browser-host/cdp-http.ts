import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** The browser's DevTools JSON documents the proxy serves. */
export type DevtoolsJsonDoc = 'version' | 'list';

/** What a path under the proxy's base path asks for. */
export type Route =
  | { kind: 'socket'; sessionId: string; upstreamPath?: string }
  | { kind: 'json'; sessionId: string; doc: DevtoolsJsonDoc };

export function parseRoute(url: string | undefined, basePath: string): Route | undefined {
  const path = (url ?? '').split('?')[0] ?? '';
  if (!path.startsWith(`${basePath}/`)) return undefined;
  const [rawId = '', ...rest] = path.slice(basePath.length + 1).split('/');
  let sessionId: string;
  try {
    sessionId = decodeURIComponent(rawId);
  } catch {
    return undefined;
  }
  const tail = rest.join('/');
  if (tail === '') return { kind: 'socket', sessionId };
  if (/^devtools\/(browser|page)\/[A-Za-z0-9._-]+$/.test(tail))
    return { kind: 'socket', sessionId, upstreamPath: `/${tail}` };
  if (tail === 'json/version') return { kind: 'json', sessionId, doc: 'version' };
  if (tail === 'json' || tail === 'json/list') return { kind: 'json', sessionId, doc: 'list' };
  return undefined;
}

export function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

/** A refused upgrade still gets a real HTTP status line, so clients fail fast instead of hanging. */
export function refuseUpgrade(socket: Duplex, status: number, code: string, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = errorBody(code, message);
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...(status === 401 ? ['WWW-Authenticate: Bearer'] : []),
  ];
  socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
}

export function sendJson(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
  });
  response.end(body);
}
