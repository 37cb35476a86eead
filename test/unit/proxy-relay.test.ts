/**
 * The session proxy relay without a browser: raw proxy requests and CONNECT tunnels from Node, against loopback
 * stand-ins for the upstream proxy (HTTP or SOCKS) and the destination.
 */
import http from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxyRelay, type ProxyRelay } from '../../functions/browser-host/proxy-relay.js';
import { resetAfterSending } from '../support/abrupt-clients.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const portOf = (server: Server | http.Server) => (server.address() as AddressInfo).port;
const listening = async <T extends Server | http.Server>(server: T): Promise<T> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise(
        (resolve) => (server.close(resolve), 'closeAllConnections' in server && server.closeAllConnections()),
      ),
  );
  return server;
};

/** A TCP destination that greets every connection with its name, then echoes. */
const startDestination = async (name: string) => {
  const server = await listening(createServer((socket) => (socket.write(`${name}\n`), socket.pipe(socket))));
  return portOf(server);
};

/** An HTTP proxy that records CONNECTs and tunnels them to loopback ports. */
const startHttpProxy = async () => {
  const seen: string[] = [];
  const server = http.createServer(
    (request, response) => void (seen.push(request.url ?? ''), response.end('from the proxy')),
  );
  server.on('connect', (request, client: Socket) => {
    seen.push(`CONNECT ${request.url}`);
    client.on('error', () => client.destroy());
    if (request.url?.startsWith('refused.test')) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    const upstream = connect(Number(request.url?.split(':')[1]), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      client.pipe(upstream).pipe(client);
    });
    upstream.on('error', () => client.destroy());
  });
  return { url: `http://127.0.0.1:${portOf(await listening(server))}`, seen };
};

/** A SOCKS5 (no authentication) or SOCKS4a proxy that records the names asked for and connects to loopback. */
const startSocksProxy = async (version: 4 | 5) => {
  const seen: string[] = [];
  const server = createServer((client) => {
    let stage = version === 5 ? 'greeting' : 'request';
    client.on('error', () => client.destroy());
    client.on('data', function onData(chunk: Buffer) {
      if (stage === 'greeting') {
        stage = 'request';
        return void client.write(Buffer.from([5, 0]));
      }
      client.off('data', onData);
      const port = chunk.readUInt16BE(version === 5 ? chunk.length - 2 : 2);
      const name =
        version === 5 ? chunk.subarray(5, 5 + chunk[4]!).toString() : chunk.subarray(9, chunk.length - 1).toString();
      seen.push(`${name}:${port}`);
      const upstream = connect(port, '127.0.0.1', () => {
        client.write(Buffer.from(version === 5 ? [5, 0, 0, 1, 127, 0, 0, 1, 0, 0] : [0, 0x5a, 0, 0, 0, 0, 0, 0]));
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => client.destroy());
    });
  });
  return { url: `socks${version}://127.0.0.1:${portOf(await listening(server))}`, seen };
};

const relay = async (...args: Parameters<typeof startProxyRelay>): Promise<ProxyRelay> => {
  const started = await startProxyRelay(...args);
  cleanups.push(started.close);
  return started;
};

/** CONNECT through the relay; resolves with the status line and the first line the destination sent. */
const tunnelThrough = (relayUrl: string, authority: string): Promise<{ status: number; greeting: string }> =>
  new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(relayUrl).port), '127.0.0.1');
    cleanups.push(() => void socket.destroy());
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      const [, rest = ''] = text.split('\r\n\r\n');
      if (status !== 200 || rest.includes('\n')) resolve({ status, greeting: rest.trim() });
    });
    socket.on('error', reject);
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
  });

/** A plain proxy request (absolute-form) through the relay; resolves with the body. */
const getThrough = (relayUrl: string, target: string) =>
  new Promise<string>((resolve, reject) => {
    const headers = { 'proxy-connection': 'keep-alive', host: new URL(target).host };
    http
      .get({ host: '127.0.0.1', port: Number(new URL(relayUrl).port), path: target, headers }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });

describe('the session proxy relay', () => {
  it('tunnels matching hosts through the HTTP proxy and the others straight to their destination', async () => {
    const port = await startDestination('destination');
    const proxy = await startHttpProxy();
    const { url } = await relay({ server: proxy.url }, { domainPatterns: ['*.test'] });

    expect(await tunnelThrough(url, `shop.test:${port}`)).toEqual({ status: 200, greeting: 'destination' });
    expect(await tunnelThrough(url, `127.0.0.1:${port}`)).toEqual({ status: 200, greeting: 'destination' });
    expect(proxy.seen).toEqual([`CONNECT shop.test:${port}`]);
  });

  it('outlives clients that reset the connection right after their request', async () => {
    const proxy = await startHttpProxy();
    const started = await relay({ server: proxy.url });
    const port = Number(new URL(started.url).port);
    const uncaught = await resetAfterSending(port, [
      'CONNECT no-port-here HTTP/1.1\r\nHost: x\r\n\r\n',
      'CONNECT refused.test:443 HTTP/1.1\r\nHost: refused.test:443\r\n\r\n',
      'GET /relative HTTP/1.1\r\nHost: x\r\n\r\n',
    ]);
    expect(uncaught).toEqual([]);
    expect((await tunnelThrough(started.url, 'refused.test:443')).status).toBe(403);
  });

  it("passes on the proxy's refusal of a tunnel", async () => {
    const proxy = await startHttpProxy();
    const { url } = await relay({ server: proxy.url }, { domainPatterns: ['*.test'] });
    expect((await tunnelThrough(url, 'refused.test:443')).status).toBe(403);
  });

  it('sends the hosts that do not match to the network guard when there is one', async () => {
    const port = await startDestination('destination');
    const [proxy, guard] = await Promise.all([startHttpProxy(), startHttpProxy()]);
    const { url } = await relay({ server: proxy.url }, { domainPatterns: ['*.test'], otherwise: guard.url });

    await tunnelThrough(url, `shop.test:${port}`);
    await tunnelThrough(url, `127.0.0.1:${port}`);
    expect(proxy.seen).toEqual([`CONNECT shop.test:${port}`]);
    expect(guard.seen).toEqual([`CONNECT 127.0.0.1:${port}`]);
  });

  it.each([5, 4] as const)('tunnels matching hosts through a SOCKS%i proxy, by name', async (version) => {
    const port = await startDestination('destination');
    const socks = await startSocksProxy(version);
    const { url } = await relay({ server: socks.url }, { domainPatterns: ['*.test'] });

    expect(await tunnelThrough(url, `shop.test:${port}`)).toEqual({ status: 200, greeting: 'destination' });
    expect(await tunnelThrough(url, `127.0.0.1:${port}`)).toEqual({ status: 200, greeting: 'destination' });
    expect(socks.seen).toEqual([`shop.test:${port}`]);
  });

  it('fetches plain requests of matching hosts through a SOCKS proxy', async () => {
    const site = await listening(
      http.createServer((request, response) => void response.end(`site ${request.headers.host}${request.url}`)),
    );
    const socks = await startSocksProxy(5);
    const { url } = await relay({ server: socks.url }, { domainPatterns: ['*.test'] });

    expect(await getThrough(url, `http://shop.test:${portOf(site)}/page`)).toBe(`site shop.test:${portOf(site)}/page`);
    expect(socks.seen).toEqual([`shop.test:${portOf(site)}`]);
  });

  it('forwards plain requests of matching hosts to the proxy and fetches the others itself, without proxy headers', async () => {
    const headers: http.IncomingHttpHeaders[] = [];
    const site = await listening(
      http.createServer(
        (request, response) => void (headers.push(request.headers), response.end(`site ${request.url}`)),
      ),
    );
    const proxy = await startHttpProxy();
    const { url } = await relay({ server: proxy.url }, { domainPatterns: ['*.test'] });

    expect(await getThrough(url, 'http://shop.test/a')).toBe('from the proxy');
    expect(await getThrough(url, `http://127.0.0.1:${portOf(site)}/b?c=1`)).toBe('site /b?c=1');
    expect(proxy.seen).toEqual(['http://shop.test/a']);
    expect(headers[0]?.['proxy-connection']).toBeUndefined();
  });

  it('refuses credentials for a SOCKS upstream', async () => {
    await expect(startProxyRelay({ server: 'socks5://127.0.0.1:1080', username: 'a', password: 'b' })).rejects.toThrow(
      /http or https/,
    );
  });
});
