/**
 * What the local fakes of model APIs share: reading a JSON body, answering JSON, the quirks every provider's
 * network can show (a reply delayed past the client's timeout, a reply cut off mid-body), and listening on loopback.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake that answers from a script of replies, then a fallback, and records what it was sent. */
export interface ScriptedFake<Reply> {
  /** Base URL to hand the SDK (`baseURL`). */
  url: string;
  /** Requests received so far (parsed bodies), retries included. */
  readonly requests: Array<Record<string, unknown>>;
  readonly calls: number;
  /** Replies for the next calls, in order. */
  script(...replies: Reply[]): void;
  /** The reply once the script has run out (default: a 500). */
  always(reply: Reply): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * The script of a fake: replies in order, then the fallback (a 500 until `always` sets another), each fixed or made
 * from the request; and the requests received. The fakes spread `controls` into what they return.
 */
export const scriptedReplies = <Static extends object>(fallbackReply: Static) => {
  type Reply = Static | ((request: Record<string, unknown>) => Static);
  let queue: Reply[] = [];
  let fallback: Reply = fallbackReply;
  const requests: Array<Record<string, unknown>> = [];
  return {
    requests,
    record(request: Record<string, unknown>) {
      requests.push(request);
    },
    /** The scripted reply to a request the fake's own quirks did not already answer. */
    next(request: Record<string, unknown>): Static {
      const scripted = queue.shift() ?? fallback;
      return typeof scripted === 'function' ? scripted(request) : scripted;
    },
    /** Spread into a fake (a spread would freeze a `calls` getter: the fakes define it themselves). */
    controls: {
      requests,
      script: (...replies: Reply[]) => {
        queue.push(...replies);
      },
      always: (reply: Reply) => {
        fallback = reply;
      },
      reset: () => {
        queue = [];
        requests.length = 0;
        fallback = fallbackReply;
      },
    },
  };
};

export const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * A 200 whose body stops a third of the way through (the length promised is never delivered) and whose connection
 * is then closed: what a crashed server or a dropped proxy connection looks like to the client.
 */
export const cutShort = (res: ServerResponse, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.write(text.slice(0, Math.floor(text.length / 3)), () => res.socket?.destroy());
};

/** Runs `answer` now, or after `delayMs` unless the client hung up first. */
export const after = (res: ServerResponse, delayMs: number | undefined, answer: () => void) => {
  if (!delayMs) return answer();
  const timer = setTimeout(() => !res.destroyed && answer(), delayMs);
  res.on('close', () => clearTimeout(timer));
};

/** Retry headers for an error reply: `retry-after` in seconds when a test asks for it, else a millisecond (fast retries). */
export const retryHeaders = (status: number, retryAfterSeconds?: number): Record<string, string> =>
  status < 400
    ? {}
    : retryAfterSeconds !== undefined
      ? { 'retry-after': String(retryAfterSeconds) }
      : { 'retry-after-ms': '1' };

export const listenOnLoopback = async (handler: RequestListener) => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
