/**
 * Raw byte streams through the guard: `CONNECT host:port` tunnels (https, wss) and absolute-form upgrade requests
 * (ws:// from clients that do not tunnel). Either way the two sockets are spliced once the destination is open.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { absoluteHttpUrl, connectTarget } from '../proxy-http.js';
import { openDestination, rawAnswer, type GuardContext } from './opening.js';

const splice = (client: Duplex, upstream: Duplex): void => {
  const closeBoth = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', closeBoth).on('close', closeBoth);
  upstream.on('error', closeBoth).on('close', closeBoth);
  client.pipe(upstream).pipe(client);
};

/** Opens the destination for a raw socket, or answers on it and returns undefined. */
const openFor = async (context: GuardContext, client: Duplex, host: string, port: number) => {
  const gone = new AbortController();
  client.once('close', () => gone.abort());
  client.on('error', () => client.destroy());
  const opening = await openDestination(context, host, port, gone.signal);
  if ('status' in opening) {
    client.end(rawAnswer(opening.status, opening.status === 403 ? 'Forbidden' : 'Bad Gateway', opening.body));
    return undefined;
  }
  if (gone.signal.aborted) {
    opening.socket.destroy();
    return undefined;
  }
  return opening.socket;
};

export const openTunnel =
  (context: GuardContext) =>
  async (request: IncomingMessage, client: Duplex, head: Buffer): Promise<void> => {
    const target = connectTarget(request.url);
    if (!target) return void client.end(rawAnswer(400, 'Bad Request', 'CONNECT needs host:port'));
    const upstream = await openFor(context, client, target.host, target.port);
    if (!upstream) return;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    splice(client, upstream);
  };

export const forwardUpgrade =
  (context: GuardContext) =>
  async (request: IncomingMessage, client: Duplex, head: Buffer): Promise<void> => {
    const url = absoluteHttpUrl(request.url);
    if (!url)
      return void client.end(
        rawAnswer(400, 'Bad Request', 'the network guard forwards upgrades of absolute http:// URLs only'),
      );
    const upstream = await openFor(context, client, url.hostname, Number(url.port || 80));
    if (!upstream) return;
    // The request head as received, minus what was meant for the proxy; Connection and Upgrade must stay.
    const lines = [`${request.method} ${url.pathname}${url.search} HTTP/1.1`];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      if (!/^proxy-/i.test(request.rawHeaders[i])) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    }
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    splice(client, upstream);
  };
