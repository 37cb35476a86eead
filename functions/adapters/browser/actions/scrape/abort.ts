/** Waiting on CDP with an AbortSignal: the wait ends at once when the signal fires, whatever the browser does. */

/**
 * Settles like `work`, or rejects with the signal's reason as soon as it fires. A result that arrives after the
 * abort is handed to `late` (to release what it holds) instead of being lost.
 */
export const untilAborted = <T>(work: Promise<T>, signal: AbortSignal, late?: (value: T) => void): Promise<T> => {
  if (signal.aborted) {
    work.then(late, () => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.then(late, () => undefined);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
};
