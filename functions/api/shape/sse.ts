/**
 * Server-sent events as the official client reads them: each event written in one piece (its decoder splits
 * multi-byte characters across chunks), `data:` holding flat single-line JSON, plus a comment every 15 s so
 * proxies keep the connection open.
 *
 * Written with backpressure: once the stream's buffer is full the source is not asked for more until the client
 * has read it, so a slow client holds at most a buffer and the event it is on, and its replay waits for it (see
 * core/sessions/replay.ts). A client that leaves output unread for `stallMs`, or lets more than `maxPendingBytes`
 * wait, is cut off: the stream is destroyed, which closes its socket and frees its org's stream slot. Nothing it
 * missed is lost: it can reconnect with `lastEventId` (the last `id:` it received) and the replay resumes there.
 */
import { PassThrough, type Readable } from 'node:stream';
import { StreamBehindError } from '../../core/sessions/watch.js';

const HEARTBEAT_MS = 15_000;

export interface StreamBounds {
  /** How long output may wait unread before the stream is ended. */
  stallMs: number;
  /** The most bytes the stream may hold for its client; past it the stream is ended. */
  maxPendingBytes: number;
}

export const STREAM_BOUNDS: StreamBounds = { stallMs: 30_000, maxPendingBytes: 1024 * 1024 };

export const sseFrame = (event: { event: string; eventId?: number }): string =>
  `event: ${event.event}\n${event.eventId !== undefined ? `id: ${event.eventId}\n` : ''}data: ${JSON.stringify(event)}\n\n`;

/** Why the service ends a stream on its own (`until` aborted): told to the client as a last `error` event. */
export interface StreamEnd {
  code: string;
  message: string;
}

/**
 * Pipes an event source into a stream; closing the stream aborts the source. When `until` aborts, its reason (a
 * StreamEnd) is sent as a last `error` event and the stream ends, as it does after a session's final status.
 */
export const sseStream = (
  produce: (signal: AbortSignal) => AsyncIterable<{ event: string; eventId?: number }>,
  until?: AbortSignal,
  bounds: StreamBounds = STREAM_BOUNDS,
): Readable => {
  const out = new PassThrough();
  const abort = new AbortController();
  let stall: NodeJS.Timeout | undefined;
  const cutOff = () => {
    if (!out.destroyed) out.destroy();
  };
  const write = (text: string) => {
    if (out.destroyed || out.writableEnded) return;
    const room = out.write(text);
    if (out.writableLength + out.readableLength > bounds.maxPendingBytes) return cutOff();
    // The clock starts when the buffer fills; any read that empties it ('drain') stops it.
    if (!room && !stall) stall = setTimeout(cutOff, bounds.stallMs);
  };
  out.on('drain', () => {
    clearTimeout(stall);
    stall = undefined;
  });
  until?.addEventListener(
    'abort',
    () => {
      write(sseFrame({ event: 'error', ...(until.reason as StreamEnd) }));
      abort.abort();
    },
    { once: true },
  );
  // A heartbeat is for an idle connection: one whose buffer is full is not idle, and would only pile up more.
  const heartbeat = setInterval(() => {
    if (!out.writableNeedDrain) write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    clearTimeout(stall);
    abort.abort();
  };
  out.on('close', stop);
  void (async () => {
    try {
      write(': connected\n\n');
      for await (const event of produce(abort.signal)) {
        if (abort.signal.aborted) break;
        write(sseFrame(event));
        if (out.writableNeedDrain) await drained(out);
      }
    } catch (error) {
      // A source stopped by the stream closing (or by `until`, already told) has nothing more to say.
      if (!abort.signal.aborted) write(sseFrame(failure(error)));
    } finally {
      stop();
      if (!out.destroyed) out.end();
    }
  })();
  return out;
};

const failure = (error: unknown): { event: string } & StreamEnd =>
  error instanceof StreamBehindError
    ? { event: 'error', code: error.code, message: error.message }
    : { event: 'error', code: 'stream_failed', message: (error as Error).message };

/** Resolves when the client has read the buffer, or the stream has closed (cut off, or the client gone). */
const drained = (out: PassThrough): Promise<void> =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
