/**
 * An events stream over the local HTTP server: a long replay reaches a reading client whole and in order, and a
 * client that never reads is cut off once output has waited `stallMs`, with its socket closed by the server and
 * its source stopped, so it holds no memory or store reads past the bound.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MemoryEventBus } from '../../functions/adapters/local/memory-event-bus.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import type { SessionDeps } from '../../functions/core/sessions/deps.js';
import { appendEvent } from '../../functions/core/sessions/events.js';
import type { SessionItem } from '../../functions/core/sessions/model.js';
import { watchSession } from '../../functions/core/sessions/watch.js';
import { recordKeys } from '../../functions/core/shared/record-keys.js';
import { sseStream, type StreamBounds } from '../../functions/api/shape/sse.js';
import { createHttpServer, type ServedApp } from '../../functions/http/local/http-server.js';
import { systemClock } from '../../functions/ports/clock.js';

const BOUNDS: StreamBounds = { stallMs: 400, maxPendingBytes: 1024 * 1024 };
const deps = {
  records: new MemoryRecords(),
  clock: systemClock,
  bus: new MemoryEventBus(),
  fleet: {},
} as unknown as SessionDeps;
const now = new Date().toISOString();
const session = {
  ...recordKeys.session('org-a', 's1'),
  id: 's1',
  orgId: 'org-a',
  status: 'ended',
  configuration: { timeoutMinutes: 10 },
  createdAt: now,
  lastActivity: now,
} as SessionItem;

/** What the endless source of the never-reading client's stream has done. */
const endless = { produced: 0, stopped: false };
let body: NodeJS.ReadableStream | undefined;

const app: ServedApp = {
  deps: {
    config: { maxBodyBytes: 1_048_576 } as ServedApp['deps']['config'],
    log: { error: () => undefined } as unknown as ServedApp['deps']['log'],
  },
  handle: async (event) => {
    const stream = event.path.endsWith('/endless')
      ? sseStream(
          async function* () {
            try {
              for (;;) yield { event: 'window_event', eventId: ++endless.produced, filler: 'x'.repeat(2_000) };
            } finally {
              endless.stopped = true;
            }
          },
          undefined,
          BOUNDS,
        )
      : sseStream((signal) => watchSession(deps, session, { all: true, signal }), undefined, BOUNDS);
    body = stream;
    return { statusCode: 200, headers: { 'content-type': 'text/event-stream' }, body: stream as unknown as string };
  },
};

const server = createHttpServer(app);
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('delivers a replay of 2,000 stored events complete and in order', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 2_000; i += 1)
    ids.push(
      (await appendEvent(deps, 'org-a', 's1', { event: 'window_event', n: i, filler: 'y'.repeat(500) })).eventId,
    );

  const text = await (await fetch(`http://127.0.0.1:${port}/v1/sessions/s1/events`)).text();

  const frames = text.split('\n\n').filter((frame) => frame.startsWith('event:'));
  expect(frames.slice(0, -1).map((frame) => Number(/^id: (\d+)$/m.exec(frame)?.[1]))).toEqual(ids);
  expect(frames.slice(0, -1).map((frame) => JSON.parse(frame.split('data: ')[1]!).n)).toEqual([...ids.keys()]);
  expect(frames.at(-1)).toMatch(/^event: status\ndata: \{.*"status":"ended"/);
});

it('cuts off a client that never reads once output has waited past the bound, closing its socket', async () => {
  let serverSocketClosed = false;
  server.once('connection', (socket) => socket.once('close', () => (serverSocketClosed = true)));
  // A raw socket that sends the request and then reads nothing: the server's writes back up until they block.
  const client = net.connect(port, '127.0.0.1');
  client.on('error', () => undefined);
  await new Promise<void>((resolve) => client.once('connect', resolve));
  client.write(`GET /v1/sessions/s1/endless HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  client.pause();

  const started = Date.now();
  await vi.waitFor(() => expect(serverSocketClosed).toBe(true), { timeout: 15_000, interval: 50 });
  const produced = endless.produced;

  // Backpressure held the source to what fits in the buffers; nothing was queued without end.
  expect(produced).toBeLessThan(20_000);
  expect(Date.now() - started).toBeGreaterThanOrEqual(BOUNDS.stallMs);
  expect(endless.stopped).toBe(true);
  expect((body as unknown as { destroyed: boolean }).destroyed).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(endless.produced).toBe(produced);
  client.destroy();
});

it('cuts off a stream at once when one event would leave more than maxPendingBytes waiting', async () => {
  const stream = sseStream(
    async function* () {
      yield { event: 'window_event', eventId: 1, filler: 'z'.repeat(2 * 1024 * 1024) };
    },
    undefined,
    BOUNDS,
  );
  await vi.waitFor(() => expect(stream.destroyed).toBe(true), { timeout: 2_000 });
});
