import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CdpProxy } from './cdp-proxy.js';
import { BrowserHostError, type BrowserHostErrorCode } from './errors.js';
import type { BrowserHost } from './host.js';
import type { HostLogger } from './types.js';
import { acceptRequestId } from '../net/request-id.js';

/**
 * The host's internal HTTP API, for the service that places sessions on hosts (not for end users):
 *
 *   GET    /health          unauthenticated liveness for load balancers: {status}
 *   GET    /metrics         Prometheus text (with `metrics`; it checks its own token, see observability/)
 *   GET    /capacity        slots, warm pool and live sessions
 *   POST   /sessions        {sessionId, idleTimeoutMs, proxyServer?, extensionIds?} → 201 {sessionId, wsEndpoint, pid, warm}
 *                           (422 EXTENSION_NOT_FOUND / EXTENSIONS_UNSUPPORTED for ids this host cannot load)
 *   DELETE /sessions/{id}   204, or 404 when unknown
 *   PUT    /sessions/{id}/files/{name}   raw bytes (x-file-id: the stored file) → 201 {path}   (with `files`)
 *   GET    /sessions/{id}/files/{name}   {path, bytes, fileId?}, or 404                     (with `files`)
 *
 * Everything but /health needs `Authorization: Bearer <host secret>`.
 */
export interface InternalApiOptions {
  host: Pick<BrowserHost, 'acquire' | 'release' | 'stats' | 'touch'>;
  proxy: Pick<CdpProxy, 'publicEndpoint'>;
  secret: string;
  /** The sessions' folders (file inputs, downloads), for API functions on other machines. */
  files?: SessionFiles;
  /** True once the process is shutting down: health turns 503 so traffic moves elsewhere. */
  isDraining: () => boolean;
  log?: HostLogger;
  /** Serves `GET /metrics`, authorizing the scraper itself. */
  metrics?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

export interface SessionFiles {
  putFile(sessionId: string, file: { fileName: string; bytes: Buffer; fileId?: string }): Promise<string>;
  sessionFile(
    sessionId: string,
    fileName: string,
  ): Promise<{ path: string; bytes: number; fileId?: string } | undefined>;
}

const MAX_BODY_BYTES = 64 * 1024;
/** Files pushed for file inputs: the API's own upload limit is lower. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

const STATUS_BY_CODE: Record<BrowserHostErrorCode, number> = {
  HOST_AT_CAPACITY: 503,
  HOST_STOPPED: 503,
  SESSION_EXISTS: 409,
  SESSION_NOT_FOUND: 404,
  SESSION_ENDED_DURING_START: 409,
  INVALID_SESSION_OPTIONS: 400,
  BROWSER_LAUNCH_FAILED: 502,
  CHROMIUM_NOT_FOUND: 500,
  EXTENSIONS_UNSUPPORTED: 422,
  EXTENSION_NOT_FOUND: 422,
};

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time check of `Authorization: Bearer <secret>`; hashing first hides the length too. */
export function bearerMatches(authorization: string | undefined, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(secret));
}

function reply(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
  });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new RequestError(413, 'BODY_TOO_LARGE', `body over ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(req, MAX_BODY_BYTES);
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through to the same answer as a non-object body
  }
  throw new RequestError(400, 'INVALID_JSON', 'body must be a JSON object');
}

async function createSession(req: IncomingMessage, options: InternalApiOptions): Promise<unknown> {
  const body = await readJson(req);
  const { sessionId, idleTimeoutMs, proxyServer } = body;
  if (typeof sessionId !== 'string') throw new RequestError(400, 'INVALID_REQUEST', 'sessionId must be a string');
  if (typeof idleTimeoutMs !== 'number')
    throw new RequestError(400, 'INVALID_REQUEST', 'idleTimeoutMs must be a number');
  if (proxyServer !== undefined && typeof proxyServer !== 'string') {
    throw new RequestError(400, 'INVALID_REQUEST', 'proxyServer must be a string');
  }
  const { extensionIds } = body;
  if (
    extensionIds !== undefined &&
    !(Array.isArray(extensionIds) && extensionIds.every((id): id is string => typeof id === 'string'))
  ) {
    throw new RequestError(400, 'INVALID_REQUEST', 'extensionIds must be an array of strings');
  }
  const acquired = await options.host.acquire(sessionId, { idleTimeoutMs, proxyServer, extensionIds });
  return {
    sessionId,
    wsEndpoint: options.proxy.publicEndpoint(req, sessionId),
    pid: acquired.pid,
    warm: acquired.warm,
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RequestError(400, 'INVALID_REQUEST', `malformed percent-encoding in path segment "${segment}"`);
  }
}

async function route(req: IncomingMessage, res: ServerResponse, options: InternalApiOptions): Promise<void> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (req.method === 'GET' && path === '/health') {
    return reply(res, options.isDraining() ? 503 : 200, { status: options.isDraining() ? 'draining' : 'ok' });
  }
  if (path === '/metrics' && options.metrics) return options.metrics(req, res);
  if (!bearerMatches(req.headers.authorization, options.secret)) {
    throw new RequestError(401, 'UNAUTHORIZED', 'missing or wrong host secret');
  }
  if (req.method === 'GET' && path === '/capacity') {
    const stats = options.host.stats();
    return reply(res, 200, { ...stats, available: stats.capacity - stats.live, draining: options.isDraining() });
  }
  if (req.method === 'POST' && path === '/sessions') return reply(res, 201, await createSession(req, options));
  const sessionPath = /^\/sessions\/([^/]+)$/.exec(path);
  if (req.method === 'DELETE' && sessionPath) {
    const released = await options.host.release(decodeSegment(sessionPath[1]!));
    if (!released) throw new RequestError(404, 'SESSION_NOT_FOUND', 'no such session on this host');
    return reply(res, 204);
  }
  const activityPath = /^\/sessions\/([^/]+)\/activity$/.exec(path);
  if (req.method === 'POST' && activityPath) {
    // A request on the session reached an API function, not this host: it still resets the idle timer.
    if (!options.host.touch(decodeSegment(activityPath[1]!)))
      throw new RequestError(404, 'SESSION_NOT_FOUND', 'no such session on this host');
    return reply(res, 204);
  }
  const filePath = /^\/sessions\/([^/]+)\/files\/([^/]+)$/.exec(path);
  if (filePath && options.files)
    return fileRoute(req, res, options.files, decodeSegment(filePath[1]!), decodeSegment(filePath[2]!));
  throw new RequestError(404, 'NOT_FOUND', `no route for ${req.method} ${path}`);
}

async function fileRoute(
  req: IncomingMessage,
  res: ServerResponse,
  files: SessionFiles,
  sessionId: string,
  fileName: string,
): Promise<void> {
  if (req.method === 'GET') {
    const found = await files.sessionFile(sessionId, fileName);
    if (!found) throw new RequestError(404, 'FILE_NOT_FOUND', 'no such file in the session folder');
    return reply(res, 200, found);
  }
  if (req.method !== 'PUT')
    throw new RequestError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on a session file`);
  const fileIdHeader = req.headers['x-file-id'];
  const fileId = typeof fileIdHeader === 'string' && fileIdHeader ? fileIdHeader : undefined;
  const bytes = await readBody(req, MAX_FILE_BYTES);
  try {
    return reply(res, 201, { path: await files.putFile(sessionId, { fileName, bytes, fileId }) });
  } catch (error) {
    throw new RequestError(404, 'SESSION_NOT_FOUND', (error as Error).message);
  }
}

export function createInternalApiHandler(
  options: InternalApiOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(req, res, options).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof RequestError)
        return reply(res, error.status, { error: { code: error.code, message: error.message } });
      if (error instanceof BrowserHostError) {
        return reply(res, STATUS_BY_CODE[error.code], { error: { code: error.code, message: error.message } });
      }
      options.log?.('error', 'internal API request failed', {
        method: req.method,
        url: req.url,
        requestId: acceptRequestId(req.headers['x-request-id']),
        error: String(error),
      });
      reply(res, 500, { error: { code: 'INTERNAL', message: 'unexpected host failure' } });
    });
  };
}
