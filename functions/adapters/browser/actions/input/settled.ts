/**
 * A page in the middle of a navigation (a form just submitted, a link just followed) destroys the JavaScript
 * context an evaluation runs in. Reading such a page means waiting for the new document to be parsed and reading
 * again, a few times at most; acting on an element found before the navigation is not possible at all.
 */
import type { Page } from 'puppeteer-core';
import { evaluateInWorld } from '../world.js';

const ATTEMPTS = 3;
const SETTLE_TIMEOUT_MS = 5000;

/** Resolves once the document is parsed; waits in the service's own world, where the page sees no listener. */
const READY = `document.readyState !== 'loading' || new Promise((done) => document.addEventListener('DOMContentLoaded', () => done(true), { once: true }))`;

export const isContextLost = (error: unknown): boolean =>
  error instanceof Error &&
  /Execution context was destroyed|Cannot find context|Execution context is not available|frame got detached|Inspected target navigated/i.test(
    error.message,
  );

/** Runs `read`, and again once the next document is parsed when a navigation destroyed the context meanwhile. */
export const readSettled = async <T>(page: Page, signal: AbortSignal, read: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (!isContextLost(error) || attempt >= ATTEMPTS || signal.aborted) throw error;
      await evaluateInWorld(page, READY, signal, { timeoutMs: SETTLE_TIMEOUT_MS }).catch(() => undefined);
    }
  }
};
