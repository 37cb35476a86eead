/** The HTTP webhook transport: timeouts, and the address guard applied to the addresses it actually connects to. */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpWebhookTransport } from '../../functions/adapters/http/webhook-sender.js';

let server: http.Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits += 1;
    if (req.url === '/hang') return; // never answers
    if (req.url === '/endless') {
      // The status at once, then a body that never ends.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    req.resume();
    req.on('end', () => {
      res.statusCode = 202;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const transport = createHttpWebhookTransport();
const post = (url: string, allowAddress: (a: string) => boolean = () => true, timeoutMs = 2_000) =>
  transport.post({ url, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs, allowAddress });

describe('HTTP webhook transport', () => {
  it('answers the status code and how long the attempt took', async () => {
    const outcome = await post(`http://127.0.0.1:${port}/ok`);
    expect(outcome.statusCode).toBe(202);
    expect(outcome.durationMs).toBeGreaterThan(0);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const started = Date.now();
    const outcome = await post(`http://127.0.0.1:${port}/hang`, () => true, 200);
    expect(outcome.statusCode).toBeUndefined();
    expect(outcome.error).toMatch(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('ends an attempt at its deadline however the receiver trickles bytes', async () => {
    // Headers one byte at a time, never finished: the socket is never silent for the idle timeout.
    const trickle = net.createServer((socket) => {
      const line = 'HTTP/1.1 200 OK\r\nx-slow: ' + 'a'.repeat(10_000);
      let i = 0;
      const timer = setInterval(() => (i < line.length ? socket.write(line[i++]) : undefined), 40);
      socket.on('close', () => clearInterval(timer));
      socket.on('error', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const outcome = await post(`http://127.0.0.1:${(trickle.address() as AddressInfo).port}/`, () => true, 300);
      expect(outcome.error).toMatch(/no answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await new Promise<void>((resolve) => trickle.close(() => resolve()));
    }
  });

  it('answers as soon as the status is known, whatever the body then does', async () => {
    const started = Date.now();
    const outcome = await post(`http://127.0.0.1:${port}/endless`, () => true, 5_000);
    expect(outcome.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses to connect when the name resolves to an address the guard rejects', async () => {
    const before = hits;
    const outcome = await post(`http://localhost:${port}/ok`, () => false);
    expect(outcome.error).toMatch(/not an allowed webhook address/);
    const literal = await post(`http://127.0.0.1:${port}/ok`, (a) => a !== '127.0.0.1');
    expect(literal.error).toMatch(/not an allowed webhook address/);
    expect(hits).toBe(before);
  });

  it('resolves names to every address and IP literals to themselves', async () => {
    expect(await transport.resolve('127.0.0.1')).toEqual(['127.0.0.1']);
    expect((await transport.resolve('localhost')).some((a) => a === '127.0.0.1' || a === '::1')).toBe(true);
  });
});
