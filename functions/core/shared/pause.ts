import { timerDelay } from './timers.js';

/** Wait `ms`, or stop early with the signal's reason: waits inside an operation end with its budget. */
export const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    signal.addEventListener('abort', onAbort, { once: true });
  });
