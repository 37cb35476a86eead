/** Plain HTTP through the guard: an absolute-form request (`GET http://host/path`) forwarded with bodies streaming. */
import { NETWORK_GUARD_HEADER } from '../../ports/browser.js';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { absoluteHttpUrl, endToEndHeaders } from '../proxy-http.js';
import { openDestination, type GuardContext } from './opening.js';

const answer = (response: ServerResponse, status: number, body: string): void => {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
    // Navigation reads the reason here (see the port); a header value holds printable ASCII only.
    [NETWORK_GUARD_HEADER]: body.replace(/[^\x20-\x7e]/g, '?'),
  });
  response.end(body);
};

export const forwardRequest =
  (context: GuardContext) =>
  async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = absoluteHttpUrl(request.url);
    if (!url)
      return answer(response, 400, 'the network guard is a proxy: send absolute http:// URLs, or CONNECT for https');
    const gone = new AbortController();
    response.once('close', () => gone.abort());
    const opening = await openDestination(context, url.hostname, Number(url.port || 80), gone.signal);
    if ('status' in opening) return answer(response, opening.status, opening.body);
    if (gone.signal.aborted) return void opening.socket.destroy();

    const upstream = http.request({
      createConnection: () => opening.socket,
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: { ...endToEndHeaders(request.headers), host: url.host },
    });
    upstream.on('response', (upstreamResponse) => {
      response.writeHead(
        upstreamResponse.statusCode ?? 502,
        upstreamResponse.statusMessage,
        endToEndHeaders(upstreamResponse.headers),
      );
      upstreamResponse.pipe(response);
      upstreamResponse.once('error', () => response.destroy());
    });
    upstream.on('error', (error) =>
      answer(
        response,
        502,
        `bad gateway: ${url.host} failed: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
      ),
    );
    // The browser gave up (tab closed, navigation cancelled): stop the upstream side too.
    response.once('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  };
