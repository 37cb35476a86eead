/**
 * The local HTTP adapter: node:http in front of the in-process app. It reads the body (stopping at the limit),
 * builds the API Gateway event, and writes the result back, piping stream bodies (server-sent events) as they come.
 */
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { ClientClosedError, PayloadTooLargeError, toAppError } from '../../core/shared/errors.js';
import { httpStatusOf, problemResponse } from '../middleware/problem.js';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Deps } from '../../api/deps.js';
import { buildEvent } from './event.js';
import { acceptRequestId } from '../../net/request-id.js';
import { isMetricsRequest, serveMetrics } from '../../observability/metrics-endpoint.js';
import type { PrometheusTelemetry } from '../../observability/prometheus.js';

/**
 * The body as text, or as base64 when its bytes are not UTF-8, as API Gateway passes a binary body: the JSON body
 * step then refuses it with a 400 (decoding it here would turn those bytes into U+FFFD without a word).
 */
const asEventBody = (bytes: Buffer): { body: string; isBase64Encoded: boolean } =>
  isUtf8(bytes)
    ? { body: bytes.toString('utf8'), isBase64Encoded: false }
    : { body: bytes.toString('base64'), isBase64Encoded: true };

const readBody = (request: http.IncomingMessage, limit: number): Promise<Buffer | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new PayloadTooLargeError(limit));
        request.removeAllListeners('data');
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(size === 0 ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });

const isStream = (body: unknown): body is NodeJS.ReadableStream =>
  typeof body === 'object' && body !== null && typeof (body as { pipe?: unknown }).pipe === 'function';

/** What the server serves: the whole API as one function over API Gateway-shaped events. */
export interface ServedApp {
  handle(event: APIGatewayProxyEvent, options?: { clientGone?: AbortSignal }): Promise<APIGatewayProxyResult>;
  deps: Pick<Deps, 'config' | 'log'>;
}

/** `metrics`: served at `/metrics` (beside the route table: it is this process's, not the API's). */
export const createHttpServer = (
  app: ServedApp,
  options: { metrics?: PrometheusTelemetry; metricsToken?: string } = {},
): http.Server => {
  const limit = app.deps.config.maxBodyBytes;
  return http.createServer(async (request, response) => {
    const requestId = acceptRequestId(request.headers['x-request-id']) ?? randomUUID();
    try {
      if (options.metrics && isMetricsRequest(request))
        return await serveMetrics(request, response, options.metrics, options.metricsToken);
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > limit) throw new PayloadTooLargeError(limit);
      const bytes = await readBody(request, limit);
      // A client that leaves before its answer: the operation is told, and stops rather than work for nobody.
      const left = new AbortController();
      response.once('close', () => {
        if (!response.writableFinished) left.abort(new ClientClosedError());
      });
      const result = await app.handle(
        buildEvent({
          method: request.method ?? 'GET',
          path: request.url ?? '/',
          headers: request.headers,
          ...(bytes ? asEventBody(bytes) : {}),
          requestId,
          sourceIp: request.socket.remoteAddress,
        }),
        { clientGone: left.signal },
      );
      response.writeHead(result.statusCode, result.headers as http.OutgoingHttpHeaders);
      const payload: unknown = result.body;
      // pipeline destroys the body when the response closes, also when the client left while the answer was being
      // made: its 'close' has then already fired, and a stream body kept alive would hold its org's stream slot.
      if (isStream(payload)) pipeline(payload, response, () => undefined);
      else response.end(payload);
    } catch (error) {
      // The client went away mid-request, or the answer already started: nothing more can be said on this socket.
      if (request.destroyed || (error as { code?: string }).code === 'ECONNRESET' || response.headersSent)
        return void response.destroy();
      const appError = toAppError(error);
      if (httpStatusOf(appError) >= 500)
        app.deps.log.error('request failed outside the handler stack', { requestId, error: appError.message });
      const problem = problemResponse(appError, {
        requestId,
        instance: request.url ?? '',
        showInternal: false,
      });
      response.writeHead(problem.statusCode, {
        ...problem.headers,
        'x-request-id': requestId,
        connection: 'close',
      } as http.OutgoingHttpHeaders);
      response.end(problem.body);
    }
  });
};

export const listen = (server: http.Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
