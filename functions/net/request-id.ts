/**
 * The request id a caller sends (`x-request-id`) is kept end to end when it is well-formed: a short token of
 * letters, digits and `._:-`, so it can sit in a header, a log line and a record without escaping and cannot forge
 * extra log fields or headers. Anything else (too long, spaces, control characters, several values) is replaced.
 * The id of the request being served is also kept in async context, so calls made on its behalf (to a browser
 * host) can carry it without every function passing it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's id when well-formed, else undefined (the caller then gets a fresh one). */
export const acceptRequestId = (value: unknown): string | undefined =>
  typeof value === 'string' && WELL_FORMED.test(value) ? value : undefined;

const scope = new AsyncLocalStorage<{ requestId: string }>();

/** Marks the rest of the current async flow as serving `requestId`. */
export const enterRequestScope = (requestId: string): void => scope.enterWith({ requestId });

export const currentRequestId = (): string | undefined => scope.getStore()?.requestId;

/** Headers that carry the current request id to another service; empty outside a request. */
export const requestIdHeaders = (): Record<string, string> => {
  const requestId = currentRequestId();
  return requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
};
