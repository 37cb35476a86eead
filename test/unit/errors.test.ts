/** How thrown errors become answers: a browser that closed under a request is the client's news, not a fault. */
import { ConnectionClosedError, ProtocolError } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { NotFoundError, toAppError } from '../../functions/core/shared/errors.js';
import { PageNavigatedAwayError } from '../../functions/ports/window-driver.js';

/** Puppeteer throws this one when a page's target closes; its typings leave the class out, so it is rebuilt here. */
class TargetCloseError extends ProtocolError {}

describe('toAppError', () => {
  it('answers a target or connection that closed under the request with a 409 saying so', () => {
    for (const error of [
      new TargetCloseError('Protocol error (Target.createTarget): Target closed'),
      new ConnectionClosedError('Connection closed.'),
      new Error('Protocol error (Runtime.evaluate): Session closed. Most likely the page has been closed.'),
      new Error('the browser connection closed'),
      new Error("Attempted to use detached Frame '0A72FFE53FBE57F1A83EC5C12DAD7836'."),
    ]) {
      const answer = toAppError(error);
      expect(answer.status, error.message).toBe(409);
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
      expect(toAppError(new Error(message)), message).toMatchObject({ status: 409, code: 'page_navigated', expose: true });
    }
    expect(toAppError(new PageNavigatedAwayError())).toMatchObject({ status: 409, code: 'page_navigated' });
  });

  it('keeps errors that already carry their meaning, and hides anything else as internal', () => {
    const known = new NotFoundError('window', 'w-1');
    expect(toAppError(known)).toBe(known);
    const other = toAppError(new Error('Cannot read properties of undefined (reading "closed")'));
    expect(other).toMatchObject({ status: 500, code: 'internal', expose: false });
  });
});
