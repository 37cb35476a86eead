/**
 * `GET /metrics` over node:http, for the local server and the browser host's internal API.
 *
 * Whether it needs a token: the metrics carry no org, session or key ids (see telemetry.ts), only counts and
 * timings of the whole process, so they name no customer; they still tell load and traffic, so they are not for
 * the public. With `METRICS_TOKEN` set, a scraper sends `Authorization: Bearer <token>`. Without it, `npm start`
 * serves them openly (it listens on loopback unless told otherwise), and a browser host asks for its host secret,
 * like the rest of its internal API.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PrometheusTelemetry } from './prometheus.js';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time `Bearer <token>` check; hashing first hides the length too. */
const bearerIs = (authorization: string | undefined, token: string): boolean => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
};

export const isMetricsRequest = (request: IncomingMessage): boolean =>
  (request.url ?? '').split('?')[0] === METRICS_PATH;

/** Answers a request for `/metrics`; `token` undefined: no token asked. */
export const serveMetrics = async (
  request: IncomingMessage,
  response: ServerResponse,
  metrics: PrometheusTelemetry,
  token: string | undefined,
): Promise<void> => {
  const problem = (status: number, detail: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/problem+json', ...headers });
    response.end(
      JSON.stringify({
        type: 'about:blank',
        title: status === 401 ? 'Unauthorized' : 'Method Not Allowed',
        status,
        detail,
        instance: METRICS_PATH,
      }),
    );
  };
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return problem(405, `${request.method} is not allowed on ${METRICS_PATH}`, { allow: 'GET, HEAD' });
  if (token !== undefined && !bearerIs(request.headers.authorization, token)) {
    return problem(401, 'the metrics token is missing or wrong (Authorization: Bearer <METRICS_TOKEN>)', {
      'www-authenticate': 'Bearer',
    });
  }
  const { contentType, body } = await metrics.render();
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : body);
};
