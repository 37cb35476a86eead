/**
 * The live view on a host's HTTP server: `GET /live/{sessionId}/{windowId}?token=…` serves the viewer page and
 * `/live/{sessionId}/{windowId}/ws?token=…` its socket. No API key: the signed token names the one session and
 * window it opens, so a link cannot be turned to another window. One stream per watched window, shared by all of
 * its viewers. A link that reaches a host not running its session is relayed, token and all, to the host that does.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { verifyViewToken, type ViewGrant } from '../../net/live-view-tokens.js';
import { attachAhead } from '../attach.js';
import { refuseUpgrade } from '../cdp-http.js';
import { fetchDevtoolsJson } from '../cdp-json.js';
import { createOwnerRelay, isRelayed, type OwnerLookup } from '../owner-relay.js';
import type { HostLogger } from '../types.js';
import { parseLivePath, parseViewerQuery, type ViewerOptions } from './options.js';
import { noticePage, PAGE_CSP, viewerPage } from './page.js';
import { CLOSE_CODES, WindowGoneError, WindowStream } from './window-stream.js';

/** What the live view needs from a host: where a session's browser listens, and a way to mark activity. */
export interface LiveViewSessions {
  endpointOf(sessionId: string): string | undefined;
  touch(sessionId: string): unknown;
}

export interface LiveViewOptions {
  sessions: LiveViewSessions;
  /** The secret live view tokens are signed with (the service's signing secret). */
  secret: string;
  /** Path prefix; default '/live'. */
  basePath?: string;
  /** Epoch milliseconds; default Date.now. */
  now?: () => number;
  /**
   * Who runs a session this host does not (looked up in the caller's records). With it, a valid link for such a
   * session is relayed to the owner, which checks the token again; without it the viewer hears "session ended".
   */
  owner?: OwnerLookup;
  /**
   * Called once a window's stream, having sized the page to its viewers, has let go of it: the one who sized the
   * window before (the service, to its `screenResolution`) sizes it again.
   */
  onViewportReleased?: (sessionId: string, windowId: string) => void;
  /** Viewers one window may have at once; default `MAX_VIEWERS_PER_WINDOW`. */
  maxViewersPerWindow?: number;
  log?: HostLogger;
}

/**
 * Every viewer is sent each frame of the window (tens of kilobytes, several times a second) on a socket of the
 * host's: a link passed around, or a script opening it thousands of times, would spend the host's bandwidth and
 * file descriptors on one window. A few people watching together fit well within it.
 */
export const MAX_VIEWERS_PER_WINDOW = 20;
/** The close code of a viewer turned away for that; the viewer page says so and does not retry. */
const TOO_MANY_VIEWERS = 4429;

export interface LiveView {
  /** Serves the viewer page if the path is under the base path; returns false otherwise. */
  handleRequest(request: IncomingMessage, response: ServerResponse): boolean;
  /** Takes over the upgrade if the path is a live view socket; returns false otherwise. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Serves the live view from an existing server, ahead of its other request listeners; returns the undo. */
  attach(server: Server): () => void;
  /** Viewers connected now, over all windows. */
  readonly viewerCount: number;
  /** Ends every stream and viewer. */
  close(): Promise<void>;
}

type Admission =
  | { ok: true; grant: ViewGrant; options: ViewerOptions; token: string; endpoint?: string }
  | { ok: false; status: number; title: string; message: string };

export function createLiveView(options: LiveViewOptions): LiveView {
  const basePath = (options.basePath ?? '/live').replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const log: HostLogger = options.log ?? (() => undefined);
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1024 * 1024 });
  const streams = new Map<string, Promise<WindowStream>>();
  const relay = createOwnerRelay({ log });
  const maxViewers = options.maxViewersPerWindow ?? MAX_VIEWERS_PER_WINDOW;

  /**
   * The address of the host that runs an admitted session this host does not; undefined when this host should
   * answer itself. A relayed request is never relayed again, so stale records cannot make a loop.
   */
  async function ownerOf(request: IncomingMessage, admission: Admission): Promise<string | undefined> {
    if (!options.owner || !admission.ok || admission.endpoint || isRelayed(request)) return undefined;
    return (await options.owner(admission.grant.sessionId))?.address;
  }

  /** Token, scope and options of a request on a live view path; undefined when the path is not one. */
  function admit(request: IncomingMessage): (Admission & { socket: boolean }) | undefined {
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://live.local');
    } catch {
      // An unparseable request target (`//[`) is not a live view path: the API behind answers it with a 4xx.
      return undefined;
    }
    const path = parseLivePath(url.pathname, basePath);
    if (!path) return undefined;
    const query = parseViewerQuery(url.searchParams);
    if (!query.ok)
      return {
        ok: false,
        socket: path.socket,
        status: query.field === 'token' ? 403 : 400,
        title: `Invalid ${query.field}`,
        message: query.message,
      };
    const grant = verifyViewToken(options.secret, query.token, Math.floor(now() / 1000));
    if (!grant || grant.sessionId !== path.sessionId || grant.windowId !== path.windowId) {
      return {
        ok: false,
        socket: path.socket,
        status: 403,
        title: 'Link not valid',
        message: 'This live view link is invalid or has expired. Ask for a new one.',
      };
    }
    return {
      ok: true,
      socket: path.socket,
      grant,
      options: query.options,
      token: query.token,
      endpoint: options.sessions.endpointOf(grant.sessionId),
    };
  }

  function sendPage(response: ServerResponse, status: number, html: string): void {
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': PAGE_CSP,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    response.end(html);
  }

  /** A refusal: a notice page that, framed, posts the official client's Error event with `reason` and the status. */
  function sendRefusal(response: ServerResponse, status: number, title: string, message: string, reason: string): void {
    sendPage(
      response,
      status,
      noticePage(title, message, { eventName: 'Error', payload: { message: reason, code: status } }),
    );
  }

  function serve(request: IncomingMessage, response: ServerResponse, admission: Admission & { socket: boolean }): void {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendRefusal(response, 405, 'Method not allowed', 'The live view answers GET only.', 'method not allowed');
    if (!admission.ok)
      return sendRefusal(response, admission.status, admission.title, admission.message, admission.message);
    if (admission.socket)
      return sendRefusal(response, 426, 'Upgrade required', 'This address takes a WebSocket.', 'upgrade required');
    const { grant, endpoint } = admission;
    if (!endpoint)
      return sendPage(
        response,
        410,
        noticePage('Session ended', 'The browser session has ended.', { eventName: 'BrowserDisconnected' }),
      );
    void windowOpen(endpoint, grant.windowId).then((open) => {
      if (!open)
        return sendPage(
          response,
          410,
          noticePage('Window closed', 'This window was closed.', { eventName: 'BrowserDisconnected' }),
        );
      const socketPath = `${basePath}/${encodeURIComponent(grant.sessionId)}/${encodeURIComponent(grant.windowId)}/ws`;
      sendPage(
        response,
        200,
        viewerPage({
          sessionId: grant.sessionId,
          windowId: grant.windowId,
          expiresAt: grant.expiresAt,
          socketPath,
          options: admission.options,
        }),
      );
    });
  }

  /** Whether the browser still has the window; when it cannot say in time, the viewer page finds out itself. */
  const windowOpen = async (endpoint: string, windowId: string): Promise<boolean> => {
    try {
      const targets = (await fetchDevtoolsJson(endpoint, 'list', 2_000)) as { id: string }[];
      return targets.some((target) => target.id === windowId);
    } catch {
      return true;
    }
  };

  /** The window's stream, started on its first viewer. */
  function streamFor(grant: ViewGrant, endpoint: string): Promise<WindowStream> {
    const key = `${grant.sessionId}\n${grant.windowId}`;
    let stream = streams.get(key);
    if (!stream) {
      stream = WindowStream.open(endpoint, grant.windowId, {
        touch: () => options.sessions.touch(grant.sessionId),
        sessionLive: () => options.sessions.endpointOf(grant.sessionId) !== undefined,
        onEnded: () => streams.delete(key),
        released: () => options.onViewportReleased?.(grant.sessionId, grant.windowId),
        log: (level, message, fields) => log(level, message, { sessionId: grant.sessionId, ...fields }),
      });
      streams.set(key, stream);
      stream.catch(() => streams.delete(key));
    }
    return stream;
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, admission: Admission): Promise<void> {
    if (!admission.ok)
      return refuseUpgrade(
        socket,
        admission.status,
        admission.status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST',
        admission.message,
      );
    // An ended session or closed window still gets a socket, so the viewer can tell "over" from a network blip.
    const closeWith = (reason: keyof typeof CLOSE_CODES | 'tooManyViewers') =>
      wss.handleUpgrade(request, socket, head, (client) => {
        client.send(JSON.stringify({ t: 'ended', reason }));
        client.close(reason === 'tooManyViewers' ? TOO_MANY_VIEWERS : CLOSE_CODES[reason], reason);
      });
    if (!admission.endpoint) {
      let owner: string | undefined;
      try {
        owner = await ownerOf(request, admission);
      } catch (error) {
        log('error', 'live view owner lookup failed', { sessionId: admission.grant.sessionId, error: String(error) });
        return refuseUpgrade(socket, 502, 'OWNER_LOOKUP_FAILED', 'could not find the host running this session');
      }
      return owner ? relay.upgrade(request, socket, head, { address: owner }) : closeWith('sessionEnded');
    }
    let stream: WindowStream;
    try {
      stream = await streamFor(admission.grant, admission.endpoint);
    } catch (error) {
      if (error instanceof WindowGoneError) return closeWith('windowClosed');
      log('warn', 'live view could not reach the browser', {
        sessionId: admission.grant.sessionId,
        error: String(error),
      });
      if (!options.sessions.endpointOf(admission.grant.sessionId)) return closeWith('sessionEnded');
      return refuseUpgrade(socket, 502, 'UPSTREAM_UNAVAILABLE', 'the session browser did not answer');
    }
    if (socket.destroyed) return;
    // Counted and added in one go: the upgrade below completes, and adds its viewer, before any other runs.
    if (stream.viewerCount >= maxViewers) return closeWith('tooManyViewers');
    wss.handleUpgrade(request, socket, head, (client) => stream.addViewer(client, admission.options));
  }

  const liveView: LiveView = {
    handleRequest(request, response) {
      const admission = admit(request);
      if (!admission) return false;
      const relayable = options.owner && !admission.socket && (request.method === 'GET' || request.method === 'HEAD');
      if (!relayable) {
        serve(request, response, admission);
        return true;
      }
      ownerOf(request, admission).then(
        (owner) => (owner ? relay.request(request, response, { address: owner }) : serve(request, response, admission)),
        (error: unknown) => {
          log('error', 'live view owner lookup failed', { error: String(error) });
          sendRefusal(
            response,
            502,
            'Live view unavailable',
            'The live view cannot be reached right now. Try again shortly.',
            'owner lookup failed',
          );
        },
      );
      return true;
    },

    handleUpgrade(request, socket, head) {
      const admission = admit(request);
      if (!admission) return false;
      socket.on('error', () => undefined);
      if (!admission.socket) {
        refuseUpgrade(socket, 404, 'NOT_FOUND', 'the live view socket is at .../ws');
        return true;
      }
      void upgrade(request, socket, head, admission).catch((error: unknown) => {
        log('error', 'live view upgrade failed', { error: String(error) });
        socket.destroy();
      });
      return true;
    },

    attach(server) {
      return attachAhead(server, liveView);
    },

    get viewerCount() {
      return wss.clients.size;
    },

    async close() {
      const open = await Promise.allSettled([...streams.values()]);
      // The live view closes with its host, whose sessions end with it: viewers are told so, not to reconnect.
      for (const result of open) if (result.status === 'fulfilled') result.value.end('sessionEnded');
      streams.clear();
      for (const client of wss.clients) client.terminate();
      relay.close();
    },
  };
  return liveView;
}
