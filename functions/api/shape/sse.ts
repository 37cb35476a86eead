/**
 * Server-sent events as the official client reads them: each event written in one piece (its decoder splits
 * multi-byte characters across chunks), `data:` holding flat single-line JSON, plus a comment every 15 s so
 * proxies keep the connection open.
 */
import { PassThrough, type Readable } from 'node:stream';

const HEARTBEAT_MS = 15_000;

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
): Readable => {
  const out = new PassThrough();
  const abort = new AbortController();
  until?.addEventListener(
    'abort',
    () => {
      if (!out.writableEnded) out.write(sseFrame({ event: 'error', ...(until.reason as StreamEnd) }));
      abort.abort();
    },
    { once: true },
  );
  const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    abort.abort();
  };
  out.on('close', stop);
  void (async () => {
    try {
      out.write(': connected\n\n');
      for await (const event of produce(abort.signal)) {
        if (abort.signal.aborted) break;
        out.write(sseFrame(event));
      }
    } catch (error) {
      out.write(sseFrame({ event: 'error', ...{ code: 'stream_failed', message: (error as Error).message } }));
    } finally {
      stop();
      out.end();
    }
  })();
  return out;
};
