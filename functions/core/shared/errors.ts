/**
 * Errors that carry their meaning as a code (and, in `details`, the field they concern), never an HTTP status.
 * Core throws these (or lets port errors be mapped to them); the HTTP layer maps each code to its status
 * (`http/middleware/problem.ts`, one table) and renders the problem shape, so no handler catches to build responses.
 */
import { MAX_RECORD_BYTES, RecordTooLargeError } from '../../ports/records.js';
import { BrowserStalledError, PageNavigatedAwayError } from '../../ports/window-driver.js';

export interface ErrorDetail {
  location?: string;
  message?: string;
  value?: unknown;
}

/** What went wrong, as the client reads it in a problem body's `code`. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'storage_limit_reached'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'too_many_requests'
  | 'not_implemented'
  | 'unavailable'
  | 'internal'
  | 'browser_closed'
  | 'page_navigated'
  | 'client_closed';

/** Failures of the service's own, as opposed to answers about the request: not built yet, no capacity, a fault. */
const SERVICE_FAULTS: ReadonlySet<ErrorCode> = new Set(['not_implemented', 'unavailable', 'internal']);

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  /** Whether `message` may be shown to the client: everything but an internal fault, whose message is logged instead. */
  readonly expose: boolean;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details ?? [];
    this.expose = code !== 'internal';
  }

  /** A failure of the service rather than of the request (the HTTP layer answers it with a 5xx). */
  get serviceFault(): boolean {
    return SERVICE_FAULTS.has(this.code);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super('bad_request', message, { details });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'a valid API key is required: send Authorization: Bearer <key>') {
    super('unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  /** `location`: the field of the request that asked for what is refused, when one did. */
  constructor(message: string, location?: string, value?: unknown) {
    super('forbidden', message, { details: location ? [{ location, message, value }] : [] });
  }
}

export class NotFoundError extends AppError {
  /** `location`: where the request named it, when that is its body or query rather than its path. */
  constructor(what: string, id?: string, location?: string) {
    const message = id === undefined ? `${what} not found` : `${what} ${id} not found`;
    super('not_found', message, { details: location ? [{ location, message, value: id }] : [] });
  }
}

export class MethodNotAllowedError extends AppError {
  readonly allow: string[];
  constructor(method: string, path: string, allow: string[]) {
    super('method_not_allowed', `${method} is not allowed on ${path}; allowed: ${allow.join(', ')}`);
    this.allow = allow;
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super('conflict', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super('payload_too_large', `the request body exceeds the limit of ${limitBytes} bytes`);
  }
}

/**
 * The org's stored files (and saved profiles) would pass MAX_STORED_BYTES_PER_ORG. It is told as content the
 * service will not take (413), not as a rate (429): waiting frees nothing, deleting files does, and clients retry
 * 429 on their own.
 */
export class StorageLimitError extends AppError {
  constructor(
    readonly limitBytes: number,
    readonly usedBytes: number,
    /** What did not fit; absent when the org has no room left at all. */
    readonly neededBytes?: number,
  ) {
    const wanted =
      neededBytes === undefined
        ? 'no room is left for another file (an upload holds room for its largest size until its file is next read)'
        : `${neededBytes} more do not fit`;
    const message = `the organization's storage limit was reached (MAX_STORED_BYTES_PER_ORG = ${limitBytes} bytes): its stored files hold ${usedBytes} bytes, and ${wanted}; delete files (DELETE /v1/files/{id}) or saved profiles to free space`;
    super('storage_limit_reached', message, {
      details: [{ message, value: { setting: 'MAX_STORED_BYTES_PER_ORG', limitBytes, usedBytes, neededBytes } }],
    });
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(contentType: string) {
    super('unsupported_media_type', `expected a JSON body, got content-type ${contentType}`);
  }
}

export class ValidationError extends AppError {
  constructor(details: ErrorDetail[]) {
    super('validation_failed', `validation failed: ${details.map((d) => `${d.location}: ${d.message}`).join('; ')}`, {
      details,
    });
  }
}

export class TooManyRequestsError extends AppError {
  /** `retryAfterSeconds`: when trying again can succeed (sent as `Retry-After`). */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super('too_many_requests', message);
  }
}

export class NotImplementedError extends AppError {
  constructor(operationId: string) {
    super('not_implemented', `${operationId} is not available in this version of the service yet`);
  }
}

export class UnavailableError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('unavailable', message, options);
  }
}

export class InternalError extends AppError {
  constructor(cause: unknown) {
    super('internal', cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** The client closed its connection before the answer: the operation stopped, and nobody reads what is said. */
export class ClientClosedError extends AppError {
  constructor() {
    super('client_closed', 'the client closed the connection before the answer');
  }
}

/** The window, or the whole browser of the session, went away while a request was using it. */
export class BrowserClosedError extends AppError {
  constructor(cause: unknown) {
    super('browser_closed', "the window or the session's browser closed while the request was using it", { cause });
  }
}

/** The page kept navigating (or closed) while a request read or acted on it, past the few re-reads it gets. */
export class PageNavigatedError extends AppError {
  constructor(cause: unknown) {
    super(
      'page_navigated',
      'the page navigated away while the request was reading or acting on it; ask again once it has settled',
      { cause },
    );
  }
}

/**
 * What the CDP clients throw when their target or connection closes under them (puppeteer's `TargetCloseError` and
 * `ConnectionClosedError`, the service's own CDP connection), or when the page's document is replaced under them,
 * recognised by name and message so core needs no browser library. Either is the client's to know about (a conflict),
 * not a fault of the service. Chromium's own "No target/session with given id" is the same end seen one step later:
 * the call attaches to (or speaks through) a window another call has just closed, while its session still runs.
 * A session whose host no longer holds its browser (it crashed, or a client closed it over CDP) is that end seen
 * before the session's record has caught up.
 */
const BROWSER_CLOSED_NAMES = new Set(['TargetCloseError', 'ConnectionClosedError']);
const BROWSER_CLOSED_MESSAGE =
  /^(?:Protocol error \([\w.]+\): )?(?:Target closed|Session closed|Connection closed|Page closed|Frame detached|No target with given id|No session with given id)|^the browser connection closed$|^Attempted to use detached Frame|^Navigating frame was detached|^session \S+ has no browser on this host$/;
const PAGE_NAVIGATED_MESSAGE =
  /Execution context was destroyed|Cannot find context with specified id|Inspected target navigated or closed|Execution context is not available/;

/**
 * Puppeteer's own limit on one CDP call (`protocolTimeout`): the browser took the command and never answered it,
 * e.g. a capture of a window the browser has stopped painting. That is the browser being unavailable for this
 * call, said with the command's name, not a fault of unknown kind hidden behind a bare 500.
 */
const PROTOCOL_TIMEOUT_MESSAGE = /^(?:Protocol error \()?([\w.]+)\)?:? timed out\. Increase the 'protocolTimeout'/;

/**
 * A script of the service that the page's renderer stopped (its bound ran out, or the runaway-script guard ended
 * what held the page's thread): the page was too busy to finish it, which is the browser being unavailable for
 * this call, not a fault of unknown kind. Chromium says so with a bare "Internal error" when `Runtime.evaluate`'s
 * own `timeout` ran out or the guard ended the call's script.
 */
const SCRIPT_STOPPED_MESSAGE = /Execution was terminated|^Protocol error \(Runtime\.evaluate\): Internal error/;

/**
 * Chromium could not capture the window, again and again (its "Internal error" of `Page.captureScreenshot`: the
 * surface being drawn went away): the browser unable to serve this call now, not a fault of unknown kind.
 */
const CAPTURE_FAILED_MESSAGE =
  /^Protocol error \(Page\.captureScreenshot\): (?:Internal error|Unable to capture screenshot)/;

const browserFailure = (error: unknown): AppError | undefined => {
  if (!(error instanceof Error)) return undefined;
  const timedOut = PROTOCOL_TIMEOUT_MESSAGE.exec(error.message);
  if (timedOut)
    return new UnavailableError(
      `the session's browser did not answer ${timedOut[1]} in time; the window may be busy or in the background, try again`,
      { cause: error },
    );
  if (error instanceof BrowserStalledError)
    return new UnavailableError(`${error.message}; try again`, { cause: error });
  if (SCRIPT_STOPPED_MESSAGE.test(error.message))
    return new UnavailableError(
      "the page did not finish the service's script in time (its own script or the machine kept it busy); try again",
      { cause: error },
    );
  if (CAPTURE_FAILED_MESSAGE.test(error.message))
    return new UnavailableError('the browser could not capture the window (it was redrawing it); try again', {
      cause: error,
    });
  if (BROWSER_CLOSED_NAMES.has(error.name) || BROWSER_CLOSED_MESSAGE.test(error.message))
    return new BrowserClosedError(error);
  if (error instanceof PageNavigatedAwayError || PAGE_NAVIGATED_MESSAGE.test(error.message))
    return new PageNavigatedError(error);
  return undefined;
};

/** What a request would store does not fit one record: content the service will not take, not a fault of its own. */
const storeRefusal = (error: unknown): AppError | undefined =>
  error instanceof RecordTooLargeError
    ? new AppError(
        'payload_too_large',
        `what this request would store is larger than the ${MAX_RECORD_BYTES} bytes one record may hold`,
        { cause: error },
      )
    : undefined;

/** Anything thrown becomes an AppError; unknown throwables are internal errors. */
export const toAppError = (error: unknown): AppError =>
  error instanceof AppError ? error : (browserFailure(error) ?? storeRefusal(error) ?? new InternalError(error));
