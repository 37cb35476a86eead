/**
 * A client that asks for an event stream and leaves before the answer is made (the session lookup is still running)
 * must not keep the stream alive: the body would never be read, and it would hold one of its org's stream slots
 * until the process restarts, so an org could lock itself out of events by opening and dropping requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, expect, it, vi } from 'vitest';
import { createHttpServer, type ServedApp } from '../../functions/http/local/http-server.js';
import { orgStreams } from '../../functions/api/org-streams.js';

const streams = orgStreams(1);
let body: PassThrough | undefined;
let clientGone: () => void = () => undefined;
const gone = new Promise<void>((resolve) => {
  clientGone = resolve;
});
let asked: () => void = () => undefined;
const received = new Promise<void>((resolve) => {
  asked = resolve;
});

const app: ServedApp = {
  deps: {
    config: { maxBodyBytes: 1_048_576 } as ServedApp['deps']['config'],
    log: { error: () => undefined } as unknown as ServedApp['deps']['log'],
  },
  // The answer is made only once the client has gone, as when it drops the request during the session lookup.
  handle: async () => {
    asked();
    await gone;
    const release = streams.take('org-a');
    body = new PassThrough();
    body.once('close', () => release?.());
    return { statusCode: 200, headers: { 'content-type': 'text/event-stream' }, body: body as unknown as string };
  },
};

const server = createHttpServer(app);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('closes a stream body whose client left before the answer was made, freeing its org slot', async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('connection', (socket) => socket.once('close', () => clientGone()));
  const request = http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sessions/s/events`);
  request.on('error', () => undefined);
  await received;
  request.destroy();

  await vi.waitFor(() => expect(body?.destroyed).toBe(true), { timeout: 10_000 });
  expect(streams.open('org-a')).toBe(0);
  expect(streams.take('org-a')).toBeTypeOf('function');
});
