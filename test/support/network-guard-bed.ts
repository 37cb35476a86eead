/**
 * What the network guard suites that drive the guard alone share: a loopback target that counts the connections it
 * accepts, guards started for a test and closed after it, and raw CONNECT and absolute-form requests sent from Node
 * as a browser configured with the guard as its proxy sends them. Each suite file gets its own (vitest runs each
 * file in a process of its own).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  startNetworkGuard,
  type NetworkGuard,
  type NetworkGuardOptions,
} from '../../functions/browser-host/network-guard.js';

export interface Target {
  port: number;
  /** TCP connections the target accepted: a refused destination must never see one. */
  connections: number;
  /** SHA-256 of the last body `/echo` received, as the target saw it. */
  lastEchoHash?: string;
  close(): Promise<void>;
}

/** A loopback HTTP server: `/hello` answers text, `/echo` streams the request body back as it arrives. */
async function startTarget(): Promise<Target> {
  const server = http.createServer((request, response) => {
    if (request.url === '/echo') {
      const hash = createHash('sha256');
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      request.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        response.write(chunk);
      });
      request.on('end', () => {
        target.lastEchoHash = hash.digest('hex');
        response.end();
      });
      return;
    }
    response.end(`hello from ${request.headers.host}`);
  });
  // An upgrade the target accepts with 101 and then echoes every byte: enough to see a spliced stream.
  server.on('upgrade', (_request, socket: Socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
    socket.pipe(socket);
  });
  const target: Target = {
    port: 0,
    connections: 0,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
  server.on('connection', () => target.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target.port = (server.address() as AddressInfo).port;
  return target;
}

export const guardPort = (guard: NetworkGuard) => Number(new URL(guard.url).port);

/** Sends `CONNECT authority` and reads the guard's answer head (and, when refused, its body). */
export function tunnel(
  guard: NetworkGuard,
  authority: string,
): Promise<{ status: number; text: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(guardPort(guard), '127.0.0.1');
    let received = Buffer.alloc(0);
    const settle = () => {
      const text = received.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      socket.off('data', onData);
      resolve({ status, text, socket });
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.toString('latin1').startsWith('HTTP/1.1 200') && received.includes('\r\n\r\n')) settle();
    };
    socket.on('data', onData);
    socket.once('end', settle);
    socket.once('error', reject);
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
  });
}

/** An absolute-form request to the guard, as a browser configured with it as proxy sends it. */
export function forward(
  guard: NetworkGuard,
  url: string,
  body?: AsyncIterable<Buffer>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: guardPort(guard),
      method: body ? 'POST' : 'GET',
      path: url,
      headers: { host: new URL(url).host },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString('latin1') }),
      );
    });
    request.on('error', reject);
    if (!body) return void request.end();
    void (async () => {
      for await (const chunk of body) if (!request.write(chunk)) await new Promise((r) => request.once('drain', r));
      request.end();
    })();
  });
}

const guards: NetworkGuard[] = [];
/** A guard that the bed closes after the test that started it. */
export const guardWith = async (options: NetworkGuardOptions = {}) => {
  const guard = await startNetworkGuard(options);
  guards.push(guard);
  return guard;
};

export interface NetworkGuardBed {
  target: Target;
}

const state = {} as NetworkGuardBed;

/** Starts the target before the suite's tests and stops it after them, closing each test's guards after it. */
export const useNetworkGuardBed = (): NetworkGuardBed => {
  beforeAll(async () => {
    state.target = await startTarget();
  });
  afterAll(async () => {
    await state.target.close();
  });
  afterEach(async () => {
    await Promise.all(guards.splice(0).map((guard) => guard.close()));
  });
  return state;
};
