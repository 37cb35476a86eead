/**
 * Errors that carry their HTTP meaning. Core throws these (or lets port errors be mapped to them); one renderer
 * (`middleware/problem.ts`) turns any of them into the problem shape, so no handler catches to build responses.
 */
import { PageNavigatedAwayError } from '../../ports/window-driver.js';

export interface ErrorDetail {
  location?: string;
  message?: string;
  value?: unknown;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly details: ErrorDetail[];
  /** Whether `message` may be shown to the client. 5xx messages are hidden outside development. */
  readonly expose: boolean;

  constructor(status: number, code: string, title: string, message: string, options: { details?: ErrorDetail[]; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.title = title;
    this.details = options.details ?? [];
    this.expose = status < 500;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super(400, 'bad_request', 'Bad Request', message, { details });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'a valid API key is required: send Authorization: Bearer <key>') {
    super(401, 'unauthorized', 'Unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, 'forbidden', 'Forbidden', message);
  }
}

export class NotFoundError extends AppError {
  /** `location`: where the request named it, when that is its body or query rather than its path. */
  constructor(what: string, id?: string, location?: string) {
    const message = id === undefined ? `${what} not found` : `${what} ${id} not found`;
    super(404, 'not_found', 'Not Found', message, { details: location ? [{ location, message, value: id }] : [] });
  }
}

export class MethodNotAllowedError extends AppError {
  readonly allow: string[];
  constructor(method: string, path: string, allow: string[]) {
    super(405, 'method_not_allowed', 'Method Not Allowed', `${method} is not allowed on ${path}; allowed: ${allow.join(', ')}`);
    this.allow = allow;
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', 'Conflict', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, 'payload_too_large', 'Payload Too Large', `the request body exceeds the limit of ${limitBytes} bytes`);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(contentType: string) {
    super(415, 'unsupported_media_type', 'Unsupported Media Type', `expected a JSON body, got content-type ${contentType}`);
  }
}

export class ValidationError extends AppError {
  constructor(details: ErrorDetail[]) {
    super(422, 'validation_failed', 'Unprocessable Entity', `validation failed: ${details.map((d) => `${d.location}: ${d.message}`).join('; ')}`, { details });
  }
}

export class TooManyRequestsError extends AppError {
  /** `retryAfterSeconds`: when trying again can succeed (sent as `Retry-After`). */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, 'too_many_requests', 'Too Many Requests', message);
  }
}

export class NotImplementedError extends AppError {
  constructor(operationId: string) {
    super(501, 'not_implemented', 'Not Implemented', `${operationId} is not available in this version of the service yet`);
    // 501 is a fact about the service, not a fault to hide.
    (this as { expose: boolean }).expose = true;
  }
}

export class UnavailableError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(503, 'unavailable', 'Service Unavailable', message, options);
    (this as { expose: boolean }).expose = true;
  }
}

export class InternalError extends AppError {
  constructor(cause: unknown) {
    super(500, 'internal', 'Internal Server Error', cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** The window, or the whole browser of the session, went away while a request was using it. */
export class BrowserClosedError extends AppError {
  constructor(cause: unknown) {
    super(409, 'browser_closed', 'Conflict', "the window or the session's browser closed while the request was using it", { cause });
  }
}

/** The page kept navigating (or closed) while a request read or acted on it, past the few re-reads it gets. */
export class PageNavigatedError extends AppError {
  constructor(cause: unknown) {
    super(409, 'page_navigated', 'Conflict', 'the page navigated away while the request was reading or acting on it; ask again once it has settled', { cause });
  }
}

/**
 * What the CDP clients throw when their target or connection closes under them (puppeteer's `TargetCloseError` and
 * `ConnectionClosedError`, the service's own CDP connection), or when the page's document is replaced under them,
 * recognised by name and message so core needs no browser library. Either is the client's to know about (a 409),
 * not a fault of the service.
 */
const BROWSER_CLOSED_NAMES = new Set(['TargetCloseError', 'ConnectionClosedError']);
const BROWSER_CLOSED_MESSAGE =
  /^(?:Protocol error \([\w.]+\): )?(?:Target closed|Session closed|Connection closed|Page closed|Frame detached)|^the browser connection closed$|^Attempted to use detached Frame|^Navigating frame was detached/;
const PAGE_NAVIGATED_MESSAGE = /Execution context was destroyed|Cannot find context with specified id|Inspected target navigated or closed|Execution context is not available/;

const browserFailure = (error: unknown): AppError | undefined => {
  if (!(error instanceof Error)) return undefined;
  if (BROWSER_CLOSED_NAMES.has(error.name) || BROWSER_CLOSED_MESSAGE.test(error.message)) return new BrowserClosedError(error);
  if (error instanceof PageNavigatedAwayError || PAGE_NAVIGATED_MESSAGE.test(error.message)) return new PageNavigatedError(error);
  return undefined;
};

/** Anything thrown becomes an AppError; unknown throwables are internal errors. */
export const toAppError = (error: unknown): AppError => (error instanceof AppError ? error : (browserFailure(error) ?? new InternalError(error)));
