/** Opens a TCP connection to the first of the checked addresses that answers, within one overall deadline. */
import { connect, type Socket } from 'node:net';

export class UpstreamConnectError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'UpstreamConnectError';
  }
}

const attempt = (address: string, port: number, remainingMs: number, signal: AbortSignal): Promise<Socket> =>
  new Promise((resolve, reject) => {
    // An IP literal as host: net.connect does no lookup of its own, so only the checked address is dialled.
    const socket = connect({ host: address, port, noDelay: true });
    const fail = (error: Error) => {
      cleanup();
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`connect timed out after ${remainingMs} ms`)), remainingMs);
    const onAbort = () => fail(new Error('client went away'));
    const cleanup = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      socket.off('error', fail);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', fail);
    socket.once('connect', () => {
      cleanup();
      resolve(socket);
    });
  });

export const connectToChecked = async (
  addresses: string[],
  port: number,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Socket> => {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (const address of addresses) {
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal.aborted) break;
    try {
      return await attempt(address, port, remaining, signal);
    } catch (error) {
      lastError = error;
    }
  }
  const detail =
    lastError instanceof Error ? ((lastError as NodeJS.ErrnoException).code ?? lastError.message) : 'no time left';
  throw new UpstreamConnectError(`cannot connect to ${addresses.join(', ')} port ${port}: ${detail}`, lastError);
};
