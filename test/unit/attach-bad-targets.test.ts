/**
 * Request targets no parser takes ("//[", "%E0"), sent to the handlers that share the service's port: each gets
 * an answer, never an exception that would end the process. Raw sockets, since fetch cannot send such targets.
 */
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { attachAhead } from '../../functions/browser-host/attach.js';
import { createWebDriverProxy } from '../../functions/browser-host/webdriver/proxy.js';
import { uncaughtWhile } from '../support/abrupt-clients.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A server whose own listener answers 200 "api", with `attach` putting a handler ahead of it. */
const serverWith = async (attach: (server: http.Server) => void): Promise<number> => {
  const server = http.createServer((_request, response) => response.end('api'));
  attach(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** The status line's code of the answer to one raw request line. */
const statusFor = (port: number, target: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    socket.once('data', (chunk: Buffer) => {
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]));
      socket.destroy();
    });
    socket.on('error', reject);
  });

describe('request targets no parser takes', () => {
  it('get a 4xx from the WebDriver door, or pass to the API behind it, and the server goes on', async () => {
    const proxy = createWebDriverProxy({
      sessions: { endpointOf: () => undefined, touch: () => undefined } as never,
      drivers: { urlFor: async () => 'http://127.0.0.1:1' } as never,
      authorize: () => false,
    });
    const port = await serverWith((server) => proxy.attach(server));
    const statuses: number[] = [];
    const uncaught = await uncaughtWhile(async () => {
      for (const target of ['//[', '/webdriver/%E0/status', '/webdriver/%/session', '/webdriver/ok%ZZ'])
        statuses.push(await statusFor(port, target));
    });
    expect(uncaught).toEqual([]);
    // "//[" is no WebDriver path: the API behind answers it (here a stand-in that answers 200 to anything).
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((status) => status >= 400 && status < 500)).toBe(true);
    expect(await statusFor(port, '/v1/anything')).toBe(200);
  });

  it('get a 400 from any handler that throws on them, and the server goes on', async () => {
    const port = await serverWith((server) =>
      attachAhead(server, {
        handleRequest: (request) => {
          if (request.url?.includes('%')) throw new URIError('URI malformed');
          return false;
        },
        handleUpgrade: () => false,
      }),
    );
    expect(await statusFor(port, '/x%E0')).toBe(400);
    expect(await statusFor(port, '/fine')).toBe(200);
  });
});
