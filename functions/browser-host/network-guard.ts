/**
 * The network guard: a forward proxy on loopback that every browser of a host goes through, so that pages cannot
 * reach loopback, link-local (cloud metadata) or private addresses of the network the host runs in. Each request's
 * destination is resolved once, every address is judged, and only a checked address is connected to. A refusal is
 * a 403 whose text names the host, the address and why; an unreachable destination a quick 502. The host's own
 * control ports on loopback (`control-ports.ts`) are refused always, even where private addresses are let through.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { guardPolicy, parseAllowList, type AddressPolicy } from './network-guard/allow-list.js';
import { checkDestination, systemResolver, type Resolver, type Verdict } from './network-guard/destination.js';
import { forwardRequest } from './network-guard/forward.js';
import type { GuardContext } from './network-guard/opening.js';
import { forwardUpgrade, openTunnel } from './network-guard/tunnel.js';
import type { ReservedPorts } from './control-ports.js';
import type { HostLogger } from './types.js';

export type { AddressPolicy } from './network-guard/allow-list.js';
export type { Verdict } from './network-guard/destination.js';

export interface NetworkGuardOptions {
  /** Host names, addresses and CIDR ranges reachable although not public (`intranet.example`, `10.0.0.0/8`). */
  allow?: string[];
  /** What counts as refused before the allow list; default: every address that is not public. */
  policy?: AddressPolicy;
  /** Name resolution; default the system resolver (`dns.lookup`, all addresses). */
  resolve?: Resolver;
  /** Deadline of a lookup and, separately, of connecting to the checked addresses. Default 10 s. */
  timeoutMs?: number;
  /** Loopback ports refused whatever the policy and allow list say: the host's own control ports. */
  reserved?: ReservedPorts;
  log?: HostLogger;
}

export interface NetworkGuard {
  /** `http://127.0.0.1:PORT`, for Chromium's `--proxy-server`. */
  url: string;
  /** Judges a destination as a request to it would be judged (used for a session's own upstream proxy). */
  check(host: string): Promise<Verdict>;
  /** Stops listening and ends every connection through the guard. */
  close(): Promise<void>;
}

export const startNetworkGuard = async (options: NetworkGuardOptions = {}): Promise<NetworkGuard> => {
  const allow = parseAllowList(options.allow);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const rules = {
    allow,
    policy: guardPolicy(allow, options.policy),
    resolve: options.resolve ?? systemResolver,
    timeoutMs,
  };
  const sockets = new Set<Socket>();
  const track = (socket: Socket): Socket => {
    sockets.add(socket);
    // A reset can reach a socket before (or after) the code that uses it listens: never an uncaught exception.
    socket.on('error', () => socket.destroy());
    socket.once('close', () => sockets.delete(socket));
    return socket;
  };
  const context: GuardContext = {
    rules,
    connectTimeoutMs: timeoutMs,
    log: options.log ?? (() => undefined),
    track,
    reserved: options.reserved,
  };

  // Bodies may stream for as long as an upload or download takes: no whole-request deadline.
  const server = http.createServer(
    { requestTimeout: 0 },
    (request, response) => void forwardRequest(context)(request, response),
  );
  server.on(
    'connect',
    (request: http.IncomingMessage, client: Socket, head: Buffer) =>
      void openTunnel(context)(request, track(client), head),
  );
  server.on(
    'upgrade',
    (request: http.IncomingMessage, client: Socket, head: Buffer) =>
      void forwardUpgrade(context)(request, track(client), head),
  );
  server.on('connection', (socket: Socket) => void track(socket));
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    check: (host) => checkDestination(host, rules),
    close: () =>
      (closed ??= new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      })),
  };
};
