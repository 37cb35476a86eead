/**
 * Opening a byte stream to `host:port` the way one route of a session's proxy relay says: through an HTTP(S) proxy's
 * CONNECT (with credentials when it has them), through a SOCKS proxy, or straight to the destination.
 */
import { connect as tcpConnect, isIPv4, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export type Route =
  | { kind: 'http-proxy'; url: URL; authorization?: string }
  | { kind: 'socks'; url: URL }
  | { kind: 'direct' };

/** The proxy answered the tunnel request with something other than success; `status` is HTTP-like. */
export class TunnelRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const HEAD_LIMIT = 64 * 1024;

export const routeTo = (server: string, credentials?: { username: string; password: string }): Route => {
  const url = new URL(server);
  if (url.protocol === 'socks4:' || url.protocol === 'socks5:') return { kind: 'socks', url };
  const authorization = credentials
    ? `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
    : undefined;
  return { kind: 'http-proxy', url, ...(authorization ? { authorization } : {}) };
};

/** A plain TCP (or, for an `https:` proxy, TLS) connection to a proxy itself. */
export const dialProxy = (url: URL): Socket => {
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : url.protocol === 'http:' ? 80 : 1080));
  return secure
    ? tlsConnect({ host: url.hostname, port, servername: url.hostname })
    : tcpConnect({ host: url.hostname, port });
};

/**
 * Resolves with a socket whose next bytes are the destination's, possibly paused: reading (`pipe`, `resume`) starts
 * the flow. The caller owns it and must destroy it.
 */
export const openTunnel = async (route: Route, host: string, port: number): Promise<Socket> => {
  if (route.kind === 'direct') return connected(tcpConnect({ host, port }));
  const socket = dialProxy(route.url);
  try {
    if (route.kind === 'socks') await socksHandshake(socket, route.url.protocol === 'socks5:', host, port);
    else await connectHandshake(socket, route.authorization, host, port);
    return socket;
  } catch (error) {
    socket.destroy();
    throw error;
  }
};

const connected = (socket: Socket): Promise<Socket> =>
  new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error) => {
      socket.destroy();
      reject(error);
    });
  });

/**
 * Reads from the socket until `complete` tells how long the answer is; bytes after it are handed back to the
 * socket, which is left paused so the tunnel's user sees them once it reads.
 */
const readAnswer = (socket: Socket, complete: (buffered: Buffer) => number | undefined): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const length = complete(buffered);
      if (length === undefined) {
        if (buffered.length > HEAD_LIMIT) onError(new TunnelRefusedError(502, 'the proxy sent an oversized answer'));
        return;
      }
      cleanup();
      socket.pause();
      if (buffered.length > length) socket.unshift(buffered.subarray(length));
      resolve(buffered.subarray(0, length));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => onError(new TunnelRefusedError(502, 'the proxy closed the connection during the handshake'));
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('close', onClose);
    // The previous answer left the socket paused (so no byte is lost between readers).
    socket.resume();
  });

const connectHandshake = async (
  socket: Socket,
  authorization: string | undefined,
  host: string,
  port: number,
): Promise<void> => {
  const authority = `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  socket.write(
    `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${authorization ? `Proxy-Authorization: ${authorization}\r\n` : ''}\r\n`,
  );
  const head = await readAnswer(socket, (buffered) => {
    const end = buffered.indexOf('\r\n\r\n');
    return end < 0 ? undefined : end + 4;
  });
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head.toString('latin1'))?.[1] ?? 502);
  if (status !== 200)
    throw new TunnelRefusedError(status, `the proxy refused the tunnel to ${authority} with ${status}`);
};

const SOCKS5_REPLY_ADDRESS: Record<number, (buffered: Buffer) => number | undefined> = {
  1: () => 4,
  4: () => 16,
  3: (buffered) => (buffered.length > 4 ? 1 + buffered[4]! : undefined),
};

const socksHandshake = async (socket: Socket, version5: boolean, host: string, port: number): Promise<void> => {
  const portBytes = [port >> 8, port & 0xff];
  const bareHost = host.replace(/^\[(.*)\]$/, '$1');
  if (!version5) {
    // SOCKS4a: an address of 0.0.0.x tells the proxy to resolve the name that follows the (empty) user id.
    const address = isIPv4(bareHost) ? bareHost.split('.').map(Number) : [0, 0, 0, 1];
    const name = isIPv4(bareHost) ? [] : [...Buffer.from(bareHost), 0];
    socket.write(Buffer.from([4, 1, ...portBytes, ...address, 0, ...name]));
    const reply = await readAnswer(socket, (buffered) => (buffered.length >= 8 ? 8 : undefined));
    if (reply[1] !== 0x5a) throw new TunnelRefusedError(502, `the SOCKS4 proxy refused ${host}:${port} (${reply[1]})`);
    return;
  }
  socket.write(Buffer.from([5, 1, 0]));
  const method = await readAnswer(socket, (buffered) => (buffered.length >= 2 ? 2 : undefined));
  if (method[1] !== 0) throw new TunnelRefusedError(502, 'the SOCKS5 proxy wants authentication');
  const name = Buffer.from(bareHost);
  socket.write(Buffer.from([5, 1, 0, 3, name.length, ...name, ...portBytes]));
  const reply = await readAnswer(socket, (buffered) => {
    if (buffered.length < 5) return undefined;
    const addressLength = SOCKS5_REPLY_ADDRESS[buffered[3]!]?.(buffered);
    return addressLength === undefined || buffered.length < 4 + addressLength + 2 ? undefined : 4 + addressLength + 2;
  });
  if (reply[1] !== 0) throw new TunnelRefusedError(502, `the SOCKS5 proxy refused ${host}:${port} (${reply[1]})`);
};
