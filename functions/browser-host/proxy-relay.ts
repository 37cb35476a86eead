/**
 * A proxy on loopback in front of an upstream proxy that wants credentials. Chromium's `--proxy-server` takes no
 * credentials, and answering the challenge over CDP reaches only pages someone attached to; this relay adds
 * `Proxy-Authorization` to every request and tunnel instead, so all of the browser's traffic (pages opened by CDP
 * clients, workers, downloads) goes through the upstream authenticated. HTTP and HTTPS upstreams are supported.
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface ProxyRelay {
  /** `http://127.0.0.1:PORT`, for Chromium's --proxy-server. */
  url: string;
  close(): Promise<void>;
}

export interface UpstreamProxy {
  /** `http://host:port` or `https://host:port`. */
  server: string;
  username: string;
  password: string;
}

const HEAD_LIMIT = 64 * 1024;

export const startProxyRelay = async (upstream: UpstreamProxy): Promise<ProxyRelay> => {
  const target = new URL(upstream.server);
  const secure = target.protocol === 'https:';
  const port = Number(target.port || (secure ? 443 : 80));
  const authorization = `Basic ${Buffer.from(`${upstream.username}:${upstream.password}`).toString('base64')}`;
  const dial = (): Socket => (secure ? tlsConnect({ host: target.hostname, port, servername: target.hostname }) : tcpConnect({ host: target.hostname, port }));
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    return socket;
  };

  const server = http.createServer((request, response) => {
    // Plain HTTP through a proxy: forward the absolute-form request with the credentials added.
    const forward = http.request({
      createConnection: () => track(dial()),
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'proxy-authorization': authorization },
    });
    forward.on('response', (upstreamResponse) => {
      response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
      upstreamResponse.pipe(response);
    });
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    request.pipe(forward);
  });

  // HTTPS through a proxy: open the tunnel upstream with the credentials, then splice the two sockets.
  server.on('connect', (request: http.IncomingMessage, client: Socket, head: Buffer) => {
    track(client);
    const upstreamSocket = track(dial());
    upstreamSocket.write(`CONNECT ${request.url} HTTP/1.1\r\nHost: ${request.url}\r\nProxy-Authorization: ${authorization}\r\n\r\n`);
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buffered.length > HEAD_LIMIT) client.destroy();
        return;
      }
      upstreamSocket.off('data', onData);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(buffered.subarray(0, end).toString('latin1'))?.[1];
      if (status !== '200') {
        client.end(`HTTP/1.1 ${status ?? '502'} Tunnel refused by upstream proxy\r\n\r\n`);
        upstreamSocket.destroy();
        return;
      }
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      const rest = buffered.subarray(end + 4);
      if (rest.length > 0) client.write(rest);
      if (head.length > 0) upstreamSocket.write(head);
      client.pipe(upstreamSocket).pipe(client);
    };
    upstreamSocket.on('data', onData);
    const fail = () => {
      client.destroy();
      upstreamSocket.destroy();
    };
    upstreamSocket.on('error', fail);
    client.on('error', fail);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
