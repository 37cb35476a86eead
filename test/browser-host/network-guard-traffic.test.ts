/**
 * The network guard alone, on the traffic it carries once a destination is allowed
 * (test/support/network-guard-bed.ts): quick 502s for what cannot be reached, large request bodies streamed both
 * ways, upgrade requests spliced, and open tunnels ended when the guard closes. Every destination is local.
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startNetworkGuard, type NetworkGuard } from '../../functions/browser-host/network-guard.js';
import { forward, guardPort, guardWith, tunnel, useNetworkGuardBed } from '../support/network-guard-bed.js';
import { resetAfterSending } from '../support/abrupt-clients.js';
import { closedPort } from '../support/ports.js';
import { waitFor } from './helpers.js';

const bed = useNetworkGuardBed();

describe('network guard alone', () => {
  it('answers 502 quickly for an allowed port nothing listens on, and for a name that does not resolve', async () => {
    const port = await closedPort();
    const guard = await guardWith({
      allow: ['127.0.0.1'],
      resolve: async (host) => Promise.reject(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' })),
    });
    const started = performance.now();
    const tunnelled = await tunnel(guard, `127.0.0.1:${port}`);
    const forwarded = await forward(guard, `http://127.0.0.1:${port}/`);
    const unresolved = await forward(guard, 'http://nowhere.test/');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(tunnelled.status).toBe(502);
    expect(tunnelled.text).toContain('ECONNREFUSED');
    expect(forwarded.status).toBe(502);
    expect(unresolved).toMatchObject({ status: 502, text: 'bad gateway: cannot resolve nowhere.test: ENOTFOUND' });
  });

  it('outlives clients that reset the connection right after a malformed CONNECT or upgrade', async () => {
    const guard = await guardWith({ allow: ['127.0.0.1'] });
    const uncaught = await resetAfterSending(guardPort(guard), [
      'CONNECT no-port-here HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /relative HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n',
    ]);
    expect(uncaught).toEqual([]);
    expect((await forward(guard, `http://127.0.0.1:${bed.target.port}/hello`)).status).toBe(200);
  });

  it('streams a large POST body to the destination and the answer back intact', async () => {
    const guard = await guardWith({ allow: ['127.0.0.1'] });
    const sent = createHash('sha256');
    async function* body() {
      for (let i = 0; i < 64; i++) {
        const chunk = Buffer.alloc(64 * 1024, i);
        sent.update(chunk);
        yield chunk;
        if (i % 16 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    const echoed = await forward(guard, `http://127.0.0.1:${bed.target.port}/echo`, body());
    const expected = sent.digest('hex');
    expect(echoed.status).toBe(200);
    expect(bed.target.lastEchoHash).toBe(expected);
    expect(echoed.text.length).toBe(64 * 64 * 1024);
    expect(createHash('sha256').update(Buffer.from(echoed.text, 'latin1')).digest('hex')).toBe(expected);
  });

  it('judges and splices absolute-form upgrade requests too', async () => {
    const upgrade = async (guard: NetworkGuard) => {
      const socket = connect(guardPort(guard), '127.0.0.1');
      socket.write(
        `GET http://127.0.0.1:${bed.target.port}/ws HTTP/1.1\r\nHost: 127.0.0.1:${bed.target.port}\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n`,
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.endsWith('\r\n\r\n')) socket.write('ping');
      });
      await waitFor(() => text.includes('ping') || socket.closed, 2_000, 'upgrade answer');
      socket.destroy();
      return text;
    };
    expect(await upgrade(await guardWith())).toMatch(/^HTTP\/1\.1 403[\s\S]*blocked: 127\.0\.0\.1 is loopback$/);
    expect(await upgrade(await guardWith({ allow: ['127.0.0.1'] }))).toMatch(/^HTTP\/1\.1 101[\s\S]*\r\n\r\nping$/);
  });

  it('ends open tunnels when it closes', async () => {
    const guard = await startNetworkGuard({ allow: ['127.0.0.1'] });
    const opened = await tunnel(guard, `127.0.0.1:${bed.target.port}`);
    const ended = new Promise((resolve) => opened.socket.once('close', resolve));
    await guard.close();
    await ended;
  });
});
