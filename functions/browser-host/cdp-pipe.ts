import WebSocket from 'ws';

/** Screenshots and PDFs arrive as single large frames; same ceiling as puppeteer's own transport. */
export const MAX_CDP_FRAME_BYTES = 256 * 1024 * 1024;

/**
 * A client's own command frames are far smaller (a script, a document, a mocked response body). Each one is held
 * whole and read for the policy check, several times its size at once: a client sending frames of hundreds of
 * megabytes on a few sockets would take the host's memory, so past this its socket is closed (1009).
 */
export const MAX_CLIENT_CDP_FRAME_BYTES = 64 * 1024 * 1024;

/** Past this much unsent data towards one side, stop reading from the other until it drains. */
const HIGH_WATER_BYTES = 16 * 1024 * 1024;

export class UpstreamUnavailableError extends Error {
  readonly code = 'UPSTREAM_UNAVAILABLE';
  /** The HTTP status the browser answered the handshake with, when it answered at all. */
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** Opens the browser-side socket; the client handshake completes only once this succeeds. */
export function connectUpstream(url: string, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      perMessageDeflate: false,
      maxPayload: MAX_CDP_FRAME_BYTES,
      handshakeTimeout: timeoutMs,
    });
    const fail = (reason: string, httpStatus?: number) => {
      socket.removeAllListeners('open');
      socket.on('error', () => undefined);
      socket.terminate();
      reject(new UpstreamUnavailableError(`browser endpoint refused the connection: ${reason}`, httpStatus));
    };
    socket.once('open', () => {
      socket.removeAllListeners('error');
      socket.removeAllListeners('unexpected-response');
      resolve(socket);
    });
    socket.once('error', (error) => fail(error.message));
    socket.once('unexpected-response', (_request, response) =>
      fail(`HTTP ${response.statusCode}`, response.statusCode),
    );
  });
}

/** The answer to give a client in place of forwarding its frame, or undefined to forward it. */
export type FrameScreen = (frame: string) => string | undefined;

/** Optional screening of a proxied connection. */
export interface PipeScreens {
  /** A client frame's answer, given in place of forwarding it (cdp-client-policy). */
  screen?: FrameScreen;
  /** What a client frame must wait for before it is forwarded; later frames queue behind it, in order. */
  hold?: (frame: string) => Promise<void> | undefined;
  /** Sees each browser frame on its way to the client. */
  watch?: (frame: Buffer) => void;
}

/**
 * Relays frames both ways, counts every frame as activity, and closes each side when the other closes. The
 * browser's frames pass as opaque buffers (`watch` may read them); the client's pass the screen first, which may
 * answer one itself, and may be held back (`hold`).
 */
export function pipeSockets(
  client: WebSocket,
  upstream: WebSocket,
  onActivity: () => void,
  screens: PipeScreens = {},
): void {
  forward(client, upstream, onActivity, screens);
  forward(upstream, client, onActivity, { watch: screens.watch });
}

function forward(from: WebSocket, to: WebSocket, onActivity: () => void, screens: PipeScreens): void {
  const { screen, hold, watch } = screens;
  const deliver = (data: WebSocket.RawData, isBinary: boolean) => {
    if (to.readyState !== WebSocket.OPEN) return;
    to.send(data as Buffer, { binary: isBinary }, () => {
      if (from.isPaused && to.bufferedAmount < HIGH_WATER_BYTES / 2) from.resume();
    });
    if (to.bufferedAmount > HIGH_WATER_BYTES) from.pause();
  };
  // Frames behind a held one: their order is kept (a client may send a resume and a detach without waiting).
  let queued = 0;
  let queue = Promise.resolve();
  from.on('message', (data, isBinary) => {
    onActivity();
    if (watch && !isBinary) watch(data as Buffer);
    const text = (screen || hold) && !isBinary ? String(data) : undefined;
    const answer = screen && text !== undefined ? screen(text) : undefined;
    if (answer !== undefined) {
      from.send(answer);
      return;
    }
    const wait = hold && text !== undefined ? hold(text) : undefined;
    if (!wait && queued === 0) return deliver(data, isBinary);
    queued++;
    queue = queue
      .then(() => wait)
      .then(() => {
        queued--;
        deliver(data, isBinary);
      });
  });
  // 'close' always follows 'error', so errors need no handling beyond not crashing the process.
  from.on('error', () => undefined);
  from.on('close', (code, reason) => closeWith(to, code, reason));
}

/** 1005 and 1006 describe a missing or broken close frame and may not be sent on the wire. */
function closeWith(socket: WebSocket, code: number, reason: Buffer): void {
  if (socket.readyState === WebSocket.CLOSED || socket.readyState === WebSocket.CLOSING) return;
  if (code === 1006) {
    socket.terminate();
    return;
  }
  const sendable = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
  socket.close(sendable ? code : 1000, sendable ? reason : undefined);
}
