import { attachAhead } from './attach.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { errorBody, parseRoute, refuseUpgrade, sendJson, type Route } from './cdp-http.js';
import { fetchDevtoolsJson, publicSessionUrl, rewriteDevtoolsJson } from './cdp-json.js';
import { answerInstead } from './cdp-client-policy.js';
import {
  connectUpstream,
  MAX_CLIENT_CDP_FRAME_BYTES,
  pipeSockets,
  UpstreamUnavailableError,
  type PipeScreens,
} from './cdp-pipe.js';
import { workerResumeHold } from './cdp-worker-hold.js';
import { isValidSessionId } from './session-options.js';
import { createOwnerRelay, fromTrustedHost, isRelayed, type OwnerLookup } from './owner-relay.js';
import type { HostLogger } from './types.js';

/** What the proxy needs from a host: where a session's browser listens, and a way to mark activity. */
export interface CdpSessionDirectory {
  endpointOf(sessionId: string): string | undefined;
  touch(sessionId: string): unknown;
  /**
   * Settles once the session's disguise has the worker `targetId` stopped before its first script; undefined when
   * the session's browser is not disguised. Clients' resumes of new workers wait for it (cdp-worker-hold.ts).
   */
  workerArmed?(sessionId: string, targetId: string): Promise<void> | undefined;
}

export type CdpCaller = 'client' | 'service';

export interface CdpProxyOptions {
  sessions: CdpSessionDirectory;
  /**
   * Decides whether this request may drive this session, and as whom: `client` (an API key: its commands pass the
   * client policy, see cdp-client-policy), `service` (the service's own functions: every command passes), or
   * false. Called before the session is looked up.
   */
  authorize: (request: IncomingMessage, sessionId: string) => Promise<CdpCaller | false> | CdpCaller | false;
  /** Path prefix; default '/cdp'. */
  basePath?: string;
  /** Origin clients use (e.g. https://api.example.com); default: taken from each request. */
  publicBaseUrl?: string;
  upstreamTimeoutMs?: number;
  /**
   * Who runs a session this host does not (looked up in the caller's records). With it, such requests are
   * relayed to the owner after `authorize` passed here; without it they answer 404.
   */
  owner?: OwnerLookup;
  /**
   * The hosts' shared secret. Relayed requests carry it as their bearer, and a relayed request bearing it
   * is admitted without `authorize` (the relaying host already checked the client).
   */
  relaySecret?: string;
  /** Client sockets one session may hold open at once; default `MAX_CLIENT_SOCKETS_PER_SESSION`. */
  maxClientSocketsPerSession?: number;
  log?: HostLogger;
}

/**
 * A client drives a browser over one socket (puppeteer, Playwright) or one per page it watches. Each one proxied
 * holds two of the host's file descriptors and a DevTools session in the browser: thousands from one tenant would
 * leave the host unable to accept anyone's connection. The service's own sockets are not counted.
 */
export const MAX_CLIENT_SOCKETS_PER_SESSION = 32;

export interface CdpProxy {
  /** Takes over the upgrade if its path is under the base path; returns false otherwise. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Serves `/json/version`, `/json/list`, `/json` under the base path; returns false otherwise. */
  handleRequest(request: IncomingMessage, response: ServerResponse): boolean;
  /**
   * Serves the proxy from an existing server. Request listeners already on the server keep
   * getting every request outside the base path. Returns a function that undoes the attachment.
   */
  attach(server: Server): () => void;
  /** Runs the proxy on a server of its own. */
  listen(port: number, hostname?: string): Promise<Server>;
  /** The URL a client should give `puppeteer.connect({ browserWSEndpoint })`. */
  publicEndpoint(request: IncomingMessage, sessionId: string): string;
  /** Open client connections. */
  readonly connectionCount: number;
  /** Drops every proxied connection and closes servers created by `listen`. */
  close(): Promise<void>;
}

export function createCdpProxy(options: CdpProxyOptions): CdpProxy {
  const basePath = (options.basePath ?? '/cdp').replace(/\/+$/, '');
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 10_000;
  const log: HostLogger = options.log ?? (() => undefined);
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_CLIENT_CDP_FRAME_BYTES });
  const ownServers = new Set<Server>();
  const detachers = new Set<() => void>();
  const relay = createOwnerRelay({ publicBaseUrl: options.publicBaseUrl, log });
  const relayTarget = (address: string) => ({ address, bearer: options.relaySecret || undefined });
  const maxClientSockets = options.maxClientSocketsPerSession ?? MAX_CLIENT_SOCKETS_PER_SESSION;
  /** Client sockets per session, counted from admission (before the browser answers) until the socket closes. */
  const clientSockets = new Map<string, number>();

  /** Counts a client's socket for its session until it closes; false when the session holds its most already. */
  function holdClientSlot(sessionId: string, socket: Duplex): boolean {
    const open = clientSockets.get(sessionId) ?? 0;
    if (open >= maxClientSockets) return false;
    clientSockets.set(sessionId, open + 1);
    socket.once('close', () => {
      const left = (clientSockets.get(sessionId) ?? 1) - 1;
      if (left > 0) clientSockets.set(sessionId, left);
      else clientSockets.delete(sessionId);
    });
    return true;
  }

  /**
   * Shared gate for both sockets and JSON: an HTTP status and code, the browser's endpoint, or the
   * address of the host that runs the session.
   */
  async function admit(
    request: IncomingMessage,
    sessionId: string,
  ): Promise<{ status: number; code: string } | { endpoint: string; caller: CdpCaller } | { owner: string }> {
    // No session has an id of another shape (a kilobyte of it is past what the records can even look up).
    if (!isValidSessionId(sessionId)) return { status: 404, code: 'SESSION_NOT_FOUND' };
    // A request relayed with the hosts' secret was authorized by the host the client reached: a client's.
    let caller: CdpCaller | false = 'client';
    if (!fromTrustedHost(request, options.relaySecret)) {
      try {
        caller = await options.authorize(request, sessionId);
      } catch (error) {
        log('error', 'CDP proxy authorize callback threw', { sessionId, error: String(error) });
        return { status: 500, code: 'AUTHORIZATION_FAILED' };
      }
      if (!caller) return { status: 401, code: 'UNAUTHORIZED' };
    }
    const endpoint = options.sessions.endpointOf(sessionId);
    if (endpoint) return { endpoint, caller };
    // A relayed request is answered here or nowhere: one hop at most, whatever the records say.
    if (!options.owner || isRelayed(request)) return { status: 404, code: 'SESSION_NOT_FOUND' };
    try {
      const owner = await options.owner(sessionId);
      return owner ? { owner: owner.address } : { status: 404, code: 'SESSION_NOT_FOUND' };
    } catch (error) {
      log('error', 'CDP proxy owner lookup threw', { sessionId, error: String(error) });
      return { status: 502, code: 'OWNER_LOOKUP_FAILED' };
    }
  }

  async function upgrade(route: Route, request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (route.kind !== 'socket') return refuseUpgrade(socket, 404, 'NOT_FOUND', 'no WebSocket endpoint at this path');
    const gate = await admit(request, route.sessionId);
    if ('owner' in gate) return relay.upgrade(request, socket, head, relayTarget(gate.owner));
    if (!('endpoint' in gate)) return refuseUpgrade(socket, gate.status, gate.code, `refused: ${gate.code}`);
    // A socket that went away while it was being admitted has already closed: nothing to count or connect.
    if (socket.destroyed) return;
    if (gate.caller === 'client' && !holdClientSlot(route.sessionId, socket))
      return refuseUpgrade(
        socket,
        429,
        'TOO_MANY_CONNECTIONS',
        `session ${route.sessionId} has ${maxClientSockets} CDP connections open, the most one session may hold: close one before opening another`,
      );
    const target = route.upstreamPath ? new URL(route.upstreamPath, gate.endpoint).href : gate.endpoint;
    let upstream: WebSocket;
    try {
      upstream = await connectUpstream(target, upstreamTimeoutMs);
    } catch (error) {
      // The browser answered, and refused only the page or worker the client named: an id it does not hold (a
      // closed window, another session's, a typo) is the client's 404, not the browser failing.
      if (route.upstreamPath && error instanceof UpstreamUnavailableError && error.httpStatus !== undefined)
        return refuseUpgrade(
          socket,
          404,
          'TARGET_NOT_FOUND',
          `the session's browser has no target ${route.upstreamPath.replace(/^\/devtools\//, '')}`,
        );
      log('warn', 'CDP proxy could not reach browser', { sessionId: route.sessionId, error: String(error) });
      return refuseUpgrade(socket, 502, 'UPSTREAM_UNAVAILABLE', 'the session browser did not accept the connection');
    }
    let piped = false;
    // The client may vanish meanwhile, or fail ws's handshake checks (which answers 400 itself).
    socket.once('close', () => {
      if (!piped) upstream.terminate();
    });
    if (socket.destroyed) return void upstream.terminate();
    wss.handleUpgrade(request, socket, head, (client) => {
      piped = true;
      pipeSockets(client, upstream, () => options.sessions.touch(route.sessionId), {
        ...(gate.caller === 'client' ? { screen: answerInstead } : {}),
        ...workerScreens(route.sessionId),
      });
    });
  }

  /** Every caller's resumes of new workers wait for the disguise, the service's as much as a client's. */
  function workerScreens(sessionId: string): PipeScreens {
    const { sessions } = options;
    if (!sessions.workerArmed) return {};
    const hold = workerResumeHold((targetId) => sessions.workerArmed?.(sessionId, targetId) ?? Promise.resolve());
    return { hold: hold.hold, watch: hold.fromBrowser };
  }

  async function serveJson(
    route: Extract<Route, { kind: 'json' }>,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const gate = await admit(request, route.sessionId);
    if ('owner' in gate) return relay.request(request, response, relayTarget(gate.owner));
    if (!('endpoint' in gate)) return sendJson(response, gate.status, errorBody(gate.code, `refused: ${gate.code}`));
    try {
      const doc = await fetchDevtoolsJson(gate.endpoint, route.doc, upstreamTimeoutMs);
      const sessionUrl = publicSessionUrl(request, basePath, route.sessionId, options.publicBaseUrl);
      options.sessions.touch(route.sessionId);
      sendJson(response, 200, JSON.stringify(rewriteDevtoolsJson(doc, gate.endpoint, sessionUrl)));
    } catch (error) {
      log('warn', 'CDP proxy could not read browser JSON', { sessionId: route.sessionId, error: String(error) });
      sendJson(response, 502, errorBody('UPSTREAM_UNAVAILABLE', 'the session browser did not answer'));
    }
  }

  const proxy: CdpProxy = {
    handleUpgrade(request, socket, head) {
      const route = parseRoute(request.url, basePath);
      if (!route) return false;
      socket.on('error', () => undefined);
      void upgrade(route, request, socket, head).catch((error: unknown) => {
        log('error', 'CDP proxy upgrade failed', { error: String(error) });
        socket.destroy();
      });
      return true;
    },

    handleRequest(request, response) {
      const route = parseRoute(request.url, basePath);
      if (!route) return false;
      if (route.kind !== 'json' || request.method !== 'GET') {
        sendJson(
          response,
          404,
          errorBody('NOT_FOUND', 'only GET json/version, json/list (also json) and WebSocket upgrades live here'),
        );
        return true;
      }
      void serveJson(route, request, response).catch((error: unknown) => {
        log('error', 'CDP proxy JSON request failed', { error: String(error) });
        if (!response.headersSent) sendJson(response, 500, errorBody('INTERNAL', 'unexpected proxy failure'));
      });
      return true;
    },

    attach(server) {
      const restore = attachAhead(server, proxy, (response) =>
        sendJson(response, 404, errorBody('NOT_FOUND', 'no such route')),
      );
      const detach = () => {
        restore();
        detachers.delete(detach);
      };
      detachers.add(detach);
      return detach;
    },

    async listen(port, hostname) {
      const server = createServer();
      proxy.attach(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, hostname, () => resolve());
      });
      ownServers.add(server);
      return server;
    },

    publicEndpoint(request, sessionId) {
      return publicSessionUrl(request, basePath, sessionId, options.publicBaseUrl);
    },

    get connectionCount() {
      return wss.clients.size + relay.openCount;
    },

    async close() {
      for (const client of wss.clients) client.terminate();
      relay.close();
      for (const detach of [...detachers]) detach();
      await Promise.all(
        [...ownServers].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      ownServers.clear();
    },
  };
  return proxy;
}
