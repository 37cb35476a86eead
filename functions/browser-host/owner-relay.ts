/**
 * Carries CDP and live view traffic to the host that runs the session. Behind one load balancer a client may reach
 * any host; the one it reached relays the request, same path and query, over plain HTTP inside the VPC to the
 * owner's address. Plain requests are streamed back (status, headers, body); upgrades become a raw byte tunnel once
 * the owner has answered 101. A relayed request carries `x-sessionhost-relayed`, and a host never relays such a
 * request again: at most one hop, so two hosts with stale records cannot bounce a request between them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { errorBody, refuseUpgrade, sendJson } from './cdp-http.js';
import type { HostLogger } from './types.js';

export const RELAYED_HEADER = 'x-sessionhost-relayed';

/** Who runs a session, looked up by the caller in its records; undefined when nobody does. */
export type OwnerLookup = (sessionId: string) => Promise<{ address: string } | undefined>;

export interface RelayTarget {
  /** The owner's base address inside the VPC, e.g. `http://10.0.3.7:9300`. */
  address: string;
  /** Sent as `Authorization: Bearer <bearer>` in place of the client's header, when given. */
  bearer?: string;
}

export interface OwnerRelayOptions {
  /** Time to open the TCP connection to the owner. Default 5000 ms. */
  connectTimeoutMs?: number;
  /** Time the owner gets to answer (status and headers) once connected. Default 30000 ms. */
  responseTimeoutMs?: number;
  /** Origin clients use to reach this host; when set, the owner builds its URLs from it. */
  publicBaseUrl?: string;
  log?: HostLogger;
}

export interface OwnerRelay {
  /** Streams the owner's answer to one plain request back to the client. */
  request(request: IncomingMessage, response: ServerResponse, target: RelayTarget): void;
  /** Relays one WebSocket upgrade; after the owner's 101 the two sockets are piped until either closes. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, target: RelayTarget): void;
  /** Relayed connections open now (pending requests and tunnels). */
  readonly openCount: number;
  /** Drops every relayed connection. */
  close(): void;
}

/** True for a request another host relayed here; it is answered locally or not at all. */
export const isRelayed = (request: IncomingMessage): boolean => request.headers[RELAYED_HEADER] !== undefined;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True for a relayed request bearing `Authorization: Bearer <secret>`: another host that has already authorized
 * the client. Compared in constant time, over digests so the length does not show either.
 */
export function fromTrustedHost(request: IncomingMessage, secret: string | undefined): boolean {
  if (!secret || !isRelayed(request)) return false;
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(secret));
}

/**
 * The public `host` and `proto` a relayed request was addressed to, so the owner's URLs point to the address the
 * client used, not to the owner. Undefined for requests that did not come through a relay.
 */
export function relayedOrigin(request: IncomingMessage): { host: string; proto: string } | undefined {
  if (!isRelayed(request)) return undefined;
  const host = firstValue(request.headers['x-forwarded-host']);
  if (!host) return undefined;
  return { host, proto: firstValue(request.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http' };
}

class RelayFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    readonly code: 'OWNER_UNREACHABLE' | 'OWNER_TIMEOUT',
    message: string,
  ) {
    super(message);
  }
}

/** Headers that describe one connection, not the request; Node sets its own for the owner-side connection. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export function createOwnerRelay(options: OwnerRelayOptions = {}): OwnerRelay {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 30_000;
  const log: HostLogger = options.log ?? (() => undefined);
  const open = new Set<{ destroy(): unknown }>();

  /**
   * Sends the request to the owner. `onFailure` runs at most once; `answered` tells whether the owner's status line
   * was already passed on, after which the only honest thing left is to drop the client's connection.
   */
  function send(
    request: IncomingMessage,
    target: RelayTarget,
    upgrade: boolean,
    onFailure: (failure: RelayFailure, answered: boolean) => void,
  ): ClientRequest {
    const url = new URL(request.url ?? '/', target.address);
    const outgoing = httpRequest(url, {
      method: request.method,
      headers: ownerHeaders(request, target, url.host, upgrade, options.publicBaseUrl),
      agent: false,
    });
    open.add(outgoing);
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number, failure: RelayFailure) => {
      clearTimeout(timer);
      timer = setTimeout(() => outgoing.destroy(failure), ms);
    };
    arm(
      connectTimeoutMs,
      new RelayFailure(502, 'OWNER_UNREACHABLE', `no connection to the session's host within ${connectTimeoutMs} ms`),
    );
    outgoing.once('socket', (socket: Socket) => {
      const connected = () =>
        arm(
          responseTimeoutMs,
          new RelayFailure(504, 'OWNER_TIMEOUT', `the session's host did not answer within ${responseTimeoutMs} ms`),
        );
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    let answered = false;
    let failed = false;
    const onAnswer = () => {
      answered = true;
      clearTimeout(timer);
    };
    outgoing.once('response', onAnswer);
    outgoing.once('upgrade', onAnswer);
    outgoing.once('close', () => {
      clearTimeout(timer);
      open.delete(outgoing);
    });
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      if (failed) return;
      failed = true;
      const failure =
        error instanceof RelayFailure
          ? error
          : new RelayFailure(502, 'OWNER_UNREACHABLE', `the session's host is unreachable: ${error.message}`);
      log('warn', 'could not relay to the session owner', {
        address: target.address,
        path: url.pathname,
        error: failure.message,
      });
      onFailure(failure, answered);
    });
    return outgoing;
  }

  const relay: OwnerRelay = {
    request(request, response, target) {
      const outgoing = send(request, target, false, (failure, answered) => {
        if (answered || response.headersSent) response.destroy();
        else sendJson(response, failure.status, errorBody(failure.code, failure.message));
      });
      outgoing.once('response', (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer.headers));
        answer.pipe(response);
        answer.once('error', () => response.destroy());
      });
      response.once('close', () => {
        if (!response.writableFinished) outgoing.destroy();
      });
      request.pipe(outgoing);
    },

    upgrade(request, socket, head, target) {
      if (socket.destroyed) return;
      const outgoing = send(request, target, true, (failure, answered) => {
        if (answered) socket.destroy();
        else refuseUpgrade(socket, failure.status, failure.code, failure.message);
      });
      // Until the owner answers, a client that goes away takes the pending request with it.
      const abandon = () => outgoing.destroy();
      socket.once('close', abandon);
      socket.on('error', () => undefined);
      outgoing.once('upgrade', (answer, ownerSocket: Socket, ownerHead: Buffer) => {
        socket.off('close', abandon);
        if (socket.destroyed) return void ownerSocket.destroy();
        socket.write(statusHead(answer, answer.rawHeaders));
        if (ownerHead.length > 0) socket.write(ownerHead);
        if (head.length > 0) ownerSocket.write(head);
        tunnel(socket, ownerSocket);
      });
      // The owner refused the upgrade (401, 404, 502…): the client gets its answer as is, then the connection ends.
      outgoing.once('response', (answer) => {
        socket.off('close', abandon);
        socket.write(statusHead(answer, flatten(answerHeaders(answer.headers), { connection: 'close' })));
        answer.pipe(socket);
        answer.once('error', () => socket.destroy());
      });
      outgoing.end();
    },

    get openCount() {
      return open.size;
    },

    close() {
      for (const connection of [...open]) connection.destroy();
      open.clear();
    },
  };

  /**
   * Pipes both ways. When one side closes, the other is ended once what it still has to send is flushed (a
   * WebSocket close frame must not be cut off); on an error both are dropped at once.
   */
  function tunnel(client: Duplex, owner: Socket): void {
    const pair = {
      destroy() {
        client.destroy();
        owner.destroy();
      },
    };
    open.add(pair);
    owner.setNoDelay(true);
    const finish = (other: Duplex) => {
      open.delete(pair);
      if (!other.destroyed) other.end(() => other.destroy());
    };
    const fail = () => {
      open.delete(pair);
      pair.destroy();
    };
    client.once('close', () => finish(owner));
    owner.once('close', () => finish(client));
    client.once('error', fail);
    owner.once('error', fail);
    client.pipe(owner);
    owner.pipe(client);
  }

  return relay;
}

/** The client's headers as the owner should see them: marked relayed, with the public origin and the given bearer. */
function ownerHeaders(
  request: IncomingMessage,
  target: RelayTarget,
  ownerHost: string,
  upgrade: boolean,
  publicBaseUrl?: string,
): OutgoingHttpHeaders {
  const named = new Set(
    String(request.headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) headers[name] = value;
  }
  headers.host = ownerHost;
  if (upgrade) {
    headers.connection = 'Upgrade';
    headers.upgrade = request.headers.upgrade ?? 'websocket';
  }
  headers[RELAYED_HEADER] = '1';
  const configured = publicBaseUrl ? new URL(publicBaseUrl) : undefined;
  const secure = (request.socket as TLSSocket).encrypted === true;
  headers['x-forwarded-host'] =
    configured?.host ?? firstValue(request.headers['x-forwarded-host']) ?? request.headers.host ?? ownerHost;
  headers['x-forwarded-proto'] =
    configured?.protocol.replace(':', '') ??
    firstValue(request.headers['x-forwarded-proto']) ??
    (secure ? 'https' : 'http');
  const from = request.socket.remoteAddress;
  if (from)
    headers['x-forwarded-for'] = request.headers['x-forwarded-for']
      ? `${String(request.headers['x-forwarded-for'])}, ${from}`
      : from;
  if (target.bearer !== undefined) headers.authorization = `Bearer ${target.bearer}`;
  return headers;
}

/** The owner's answer headers minus the ones about its connection to this host. */
function answerHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

function flatten(headers: OutgoingHttpHeaders, extra: Record<string, string>): string[] {
  const raw: string[] = [];
  for (const [name, value] of Object.entries({ ...headers, ...extra })) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) raw.push(name, String(item));
  }
  return raw;
}

/** Status line and header block, as the client's socket expects them before a tunnel or a refusal body. */
function statusHead(answer: IncomingMessage, rawHeaders: string[]): string {
  const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ''}`.trimEnd()];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) lines.push(`${rawHeaders[i]}: ${rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  const first = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  return first || undefined;
}
