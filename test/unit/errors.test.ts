/** How thrown errors become answers: a browser that closed under a request is the client's news, not a fault. */
import { ConnectionClosedError, ProtocolError } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import * as errors from '../../functions/core/shared/errors.js';
import { AppError, NotFoundError, toAppError } from '../../functions/core/shared/errors.js';
import { HTTP_STATUS, httpStatusOf, problemResponse } from '../../functions/http/middleware/problem.js';
import { RecordTooLargeError } from '../../functions/ports/records.js';
import { PageNavigatedAwayError } from '../../functions/ports/window-driver.js';

/** Puppeteer throws this one when a page's target closes; its typings leave the class out, so it is rebuilt here. */
class TargetCloseError extends ProtocolError {}

describe('toAppError', () => {
  it('answers an item too large for the records store with a 413 saying so, not a 500', () => {
    const answer = toAppError(new RecordTooLargeError());
    expect(answer).toMatchObject({ code: 'payload_too_large', expose: true });
    expect(httpStatusOf(answer)).toBe(413);
    expect(answer.message).toContain('one record may hold');
  });

  it('answers a target or connection that closed under the request with a 409 saying so', () => {
    for (const error of [
      new TargetCloseError('Protocol error (Target.createTarget): Target closed'),
      new ConnectionClosedError('Connection closed.'),
      new Error('Protocol error (Runtime.evaluate): Session closed. Most likely the page has been closed.'),
      new Error('the browser connection closed'),
      new Error("Attempted to use detached Frame '0A72FFE53FBE57F1A83EC5C12DAD7836'."),
      // A window closed by another call while its session runs: attaching to it, or speaking through its session.
      new ProtocolError('Protocol error (Target.attachToTarget): No target with given id found'),
      new ProtocolError('Protocol error (Runtime.evaluate): No session with given id'),
      // The browser died (crashed, or closed by a client over CDP) before the session's record caught up.
      new Error('session 01a21e2c-4e71-7460-92f5-1cf35b09c175 has no browser on this host'),
    ]) {
      const answer = toAppError(error);
      expect(httpStatusOf(answer), error.message).toBe(409);
      expect(answer).toMatchObject({ code: 'browser_closed', expose: true });
      expect(answer.message).toContain('closed while the request was using it');
    }
  });

  it('answers a page that kept navigating under the request with a 409 saying so', () => {
    for (const message of [
      'Protocol error (Runtime.evaluate): Cannot find context with specified id',
      'Execution context was destroyed, most likely because of a navigation.',
      'Protocol error (Runtime.evaluate): Inspected target navigated or closed',
    ]) {
      const answer = toAppError(new Error(message));
      expect(answer, message).toMatchObject({ code: 'page_navigated', expose: true });
      expect(httpStatusOf(answer)).toBe(409);
    }
    expect(toAppError(new PageNavigatedAwayError())).toMatchObject({ code: 'page_navigated' });
  });

  it('answers a script of the service that the page stopped with a 503 saying the page was busy, not a 500', () => {
    for (const error of [
      new ProtocolError('Protocol error (Runtime.evaluate): Execution was terminated'),
      new Error('Execution was terminated'),
      // Runtime.evaluate's own timeout, or the guard ending the call's script, as Chromium answers it.
      new ProtocolError('Protocol error (Runtime.evaluate): Internal error'),
    ]) {
      const answer = toAppError(error);
      expect(answer, error.message).toMatchObject({ code: 'unavailable', expose: true });
      expect(httpStatusOf(answer)).toBe(503);
      expect(answer.message).toContain('did not finish');
    }
  });

  it('answers a capture Chromium could not make ("Internal error") with a 503 saying so, not an internal 500', () => {
    for (const message of [
      'Protocol error (Page.captureScreenshot): Internal error',
      'Protocol error (Page.captureScreenshot): Unable to capture screenshot',
    ]) {
      const answer = toAppError(new ProtocolError(message));
      expect(answer, message).toMatchObject({ code: 'unavailable', expose: true });
      expect(httpStatusOf(answer)).toBe(503);
      expect(answer.message).toContain('could not capture');
    }
  });

  it('answers a CDP call the browser never answered with a 503 naming the command, not an internal 500', () => {
    const error = new ProtocolError(
      "Page.captureScreenshot timed out. Increase the 'protocolTimeout' setting in launch/connect calls for a higher timeout if needed.",
    );
    const answer = toAppError(error);
    expect(answer).toMatchObject({ code: 'unavailable', expose: true });
    expect(answer.message).toContain('Page.captureScreenshot');
    expect(httpStatusOf(answer)).toBe(503);
  });

  it('keeps errors that already carry their meaning, and hides anything else as internal', () => {
    const known = new NotFoundError('window', 'w-1');
    expect(toAppError(known)).toBe(known);
    const other = toAppError(new Error('Cannot read properties of undefined (reading "closed")'));
    expect(other).toMatchObject({ code: 'internal', expose: false });
    expect(httpStatusOf(other)).toBe(500);
  });
});

describe('error codes and HTTP statuses', () => {
  /** One of each error core can throw, built from every class the module exports. */
  const samples: AppError[] = [
    new errors.BadRequestError('bad'),
    new errors.UnauthorizedError(),
    new errors.ForbiddenError('no'),
    new errors.NotFoundError('session', 's-1', 'body.sessionId'),
    new errors.MethodNotAllowedError('PATCH', '/v1/sessions', ['GET', 'POST']),
    new errors.ConflictError('busy'),
    new errors.PayloadTooLargeError(10),
    new errors.StorageLimitError(4096, 4000, 500),
    new errors.UnsupportedMediaTypeError('text/plain'),
    new errors.ValidationError([{ location: 'body.url', message: 'required' }]),
    new errors.TooManyRequestsError('slow down'),
    new errors.NotImplementedError('someOperation'),
    new errors.UnavailableError('no capacity'),
    new errors.InternalError(new Error('boom')),
    new errors.BrowserClosedError(new Error('Target closed')),
    new errors.PageNavigatedError(new Error('Execution context was destroyed')),
    new errors.ClientClosedError(),
  ];

  it('leaves statuses to the HTTP layer: core errors carry a code and the field, no status', () => {
    for (const error of samples) expect(error, error.code).not.toHaveProperty('status');
    expect(samples.find((error) => error.code === 'not_found')!.details).toEqual([
      { location: 'body.sessionId', message: 'session s-1 not found', value: 's-1' },
    ]);
    const exported = Object.values(errors).filter(
      (value) => typeof value === 'function' && value.prototype instanceof AppError,
    );
    expect(new Set(samples.map((error) => error.constructor))).toEqual(new Set(exported));
  });

  it("answers the service's own failures with 5xx and every other code with 4xx", () => {
    for (const error of samples) {
      const status = httpStatusOf(error);
      expect({ code: error.code, fault: status >= 500 }).toEqual({ code: error.code, fault: error.serviceFault });
      expect(status >= 400 && status < 600).toBe(true);
    }
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...new Set(samples.map((error) => error.code))].sort());
  });

  it('renders the problem shape with the status and title of the table', () => {
    const response = problemResponse(new errors.MethodNotAllowedError('PATCH', '/v1/sessions', ['GET', 'POST']), {
      requestId: 'r-1',
      instance: '/v1/sessions',
      showInternal: false,
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers).toMatchObject({ 'content-type': 'application/problem+json', allow: 'GET, POST' });
    expect(JSON.parse(response.body)).toEqual({
      type: 'about:blank',
      title: 'Method Not Allowed',
      status: 405,
      detail: 'PATCH is not allowed on /v1/sessions; allowed: GET, POST',
      instance: '/v1/sessions',
      code: 'method_not_allowed',
      requestId: 'r-1',
      errors: [],
    });
    const hidden = JSON.parse(
      problemResponse(new errors.InternalError(new Error('secret')), {
        requestId: 'r-2',
        instance: '/x',
        showInternal: false,
      }).body,
    );
    expect(hidden).toMatchObject({ status: 500, title: 'Internal Server Error', code: 'internal' });
    expect(hidden.detail).not.toContain('secret');
  });
});
