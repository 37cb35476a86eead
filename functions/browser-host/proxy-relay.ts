/**
 * A proxy on loopback between a session's browser and the proxy the session asked for. It does two jobs Chromium's
 * `--proxy-server` cannot:
 * - credentials: `--proxy-server` takes none, and answering the challenge over CDP reaches only pages someone
 *   attached to; the relay adds `Proxy-Authorization` to every request and tunnel instead, so all of the browser's
 *   traffic (pages opened by CDP clients, workers, downloads) goes through the upstream authenticated;
 * - proxy rules (`[{domainPattern, relay}]`): only hosts matching a pattern go to the upstream, the others go
 *   straight to their destination, or through the host's network guard when it is on. (Chromium would do this with
 *   a PAC script, but the bundled headless build has no PAC support: it ignores `--proxy-pac-url`.)
 * HTTP, HTTPS and (without credentials) SOCKS upstreams are supported.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ControlPorts } from './control-ports.js';
import { domainMatcher, matchesEverything } from './domain-patterns.js';
import { absoluteHttpUrl, connectTarget, endToEndHeaders } from './proxy-http.js';
import { openTunnel, routeTo, TunnelRefusedError, dialProxy, type Route } from './proxy-dial.js';

export interface ProxyRelay {
  /** `http://127.0.0.1:PORT`, for Chromium's --proxy-server. */
  url: string;
  close(): Promise<void>;
}

export interface UpstreamProxy {
  /** `http://host:port`, `https://host:port`, or (without credentials) `socks4://` / `socks5://`. */
  server: string;
  username?: string;
  password?: string;
}

export interface RelayRouting {
  /** Only hosts matching one of these globs go to the upstream (domain-patterns.ts); absent: every host. */
  domainPatterns?: readonly string[];
  /** Where the other hosts go: a proxy (the network guard, `http://127.0.0.1:PORT`); absent: straight there. */
  otherwise?: string;
  /**
   * The host's control ports. The relay answers anyone on the machine and carries its session's proxy credentials,
   * so its port is held there while it listens: no page reaches it through the guard, and no other session may
   * name it as its own proxy (upstream-proxy.ts).
   */
  controlPorts?: ControlPorts;
}

export const startProxyRelay = async (upstream: UpstreamProxy, routing: RelayRouting = {}): Promise<ProxyRelay> => {
  const credentials =
    upstream.username !== undefined ? { username: upstream.username, password: upstream.password ?? '' } : undefined;
  if (credentials && !/^https?:/.test(upstream.server))
    throw new RangeError('a proxy with credentials must be an http or https proxy');
  const viaUpstream = routeTo(upstream.server, credentials);
  const patterns = routing.domainPatterns;
  const matches = patterns && !matchesEverything(patterns) ? domainMatcher(patterns) : () => true;
  const otherwise: Route = routing.otherwise ? routeTo(routing.otherwise) : { kind: 'direct' };
  const routeFor = (host: string): Route => (matches(host) ? viaUpstream : otherwise);

  const sockets = new Set<Socket>();
  const track = <T extends Socket>(socket: T): T => {
    sockets.add(socket);
    // A reset can reach a socket before (or after) the code that uses it listens: never an uncaught exception.
    socket.on('error', () => socket.destroy());
    socket.once('close', () => sockets.delete(socket));
    return socket;
  };

  const server = http.createServer({ requestTimeout: 0 }, (request, response) =>
    forwardRequest(request, response, routeFor, track),
  );
  server.on(
    'connect',
    (request: http.IncomingMessage, client: Socket, head: Buffer) =>
      void relayTunnel(request, track(client), head, routeFor, track),
  );
  server.on('connection', (socket: Socket) => void track(socket));
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const release = routing.controlPorts?.holdUrl(url);
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        release?.();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

type Track = <T extends Socket>(socket: T) => T;

/** Plain HTTP: the browser sends the absolute-form request a proxy gets. */
const forwardRequest = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  routeFor: (host: string) => Route,
  track: Track,
): void => {
  const target = absoluteHttpUrl(request.url);
  if (!target) {
    response.writeHead(400, { 'content-type': 'text/plain' }).end('a proxy request needs an absolute http URL');
    return;
  }
  const route = routeFor(target.hostname);
  // What was meant for this hop (the relay's own credentials and connection) goes no further.
  const headers = endToEndHeaders(request.headers);
  const port = Number(target.port || 80);
  const options: http.RequestOptions =
    route.kind === 'http-proxy'
      ? // A proxy takes the absolute-form request as it came, with the credentials added.
        {
          createConnection: () => track(dialProxy(route.url)),
          path: request.url,
          headers: route.authorization ? { ...headers, 'proxy-authorization': route.authorization } : headers,
        }
      : {
          createConnection: (_options, done) => {
            openTunnel(route, target.hostname, port).then(
              (socket) => {
                done(null, track(socket));
                socket.resume();
              },
              (error: Error) => done(error, undefined as never),
            );
            return undefined;
          },
          path: `${target.pathname}${target.search}`,
          headers,
        };
  const forward = http.request({ ...options, method: request.method });
  forward.on('response', (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  forward.on('error', (error) => {
    if (!response.headersSent)
      response.writeHead(502, { 'content-type': 'text/plain' }).end(`could not reach ${target.host}: ${error.message}`);
    else response.destroy();
  });
  request.pipe(forward);
};

/** HTTPS and WebSockets: a CONNECT tunnel, opened on the route the host takes, then the two sockets spliced. */
const relayTunnel = async (
  request: http.IncomingMessage,
  client: Socket,
  head: Buffer,
  routeFor: (host: string) => Route,
  track: Track,
): Promise<void> => {
  client.on('error', () => client.destroy());
  const target = connectTarget(request.url);
  if (!target) {
    client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    return;
  }
  const host = target.host.replace(/^\[(.*)\]$/, '$1');
  let upstream: Socket;
  try {
    upstream = track(await openTunnel(routeFor(host), host, target.port));
  } catch (error) {
    const status = error instanceof TunnelRefusedError ? error.status : 502;
    client.end(`HTTP/1.1 ${status} Tunnel refused\r\n\r\n`);
    return;
  }
  if (client.destroyed) return void upstream.destroy();
  client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  if (head.length > 0) upstream.write(head);
  upstream.on('error', () => client.destroy());
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
  client.pipe(upstream).pipe(client);
  upstream.resume();
};
