/**
 * A bundled in-page script called through the service's world (`moduleCall`): its module code runs anew on every
 * call, as when its whole source was sent each time, while the source itself goes to a document only once.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdpOf } from '../../functions/adapters/browser/actions/screenshot/cdp.js';
import { evaluateInWorld, moduleCall } from '../../functions/adapters/browser/actions/world.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { openServedWindow, type ServedWindow } from '../support/driver-window.js';

let served: ServedWindow<FixtureServer>;
let page: Page;
const signal = () => AbortSignal.timeout(20_000);

/** A bundle as `npm run page-scripts` writes one: module state, and a default export that uses it. */
const counting = (marker: string) =>
  `(() => {\n'use strict';\nvar calls = 0;\nvar ${marker} = (n) => { calls += 1; return [calls, n * 2]; };\nreturn ${marker};\n})()`;

/** The expressions sent with `Runtime.evaluate` on the page's session while `work` runs. */
const sentDuring = async (session: CDPSession, work: () => Promise<unknown>): Promise<string[]> => {
  const sent: string[] = [];
  const send = session.send.bind(session);
  session.send = ((method: string, params?: { expression?: string }) => {
    if (method === 'Runtime.evaluate' && params?.expression) sent.push(params.expression);
    return send(method as never, params as never);
  }) as typeof session.send;
  try {
    await work();
  } finally {
    session.send = send;
  }
  return sent;
};

beforeAll(async () => {
  served = await openServedWindow(startFixtureServer);
  ({ page } = served);
});
afterAll(async () => {
  await served?.close();
});

describe('a module call in the world', () => {
  it('starts the module fresh on every call, with its arguments', async () => {
    await page.goto(`${served.server.url}/form.html`);
    const call = (n: number) => evaluateInWorld<[number, number]>(page, moduleCall(counting('fresh'), n), signal());
    expect(await call(1)).toEqual([1, 2]);
    expect(await call(2)).toEqual([1, 4]);
    expect(await call(3)).toEqual([1, 6]);
  });

  it('sends the source once per document', async () => {
    await page.goto(`${served.server.url}/form.html`);
    const marker = 'onlyOnce';
    const session = await cdpOf(page);
    const calls = () =>
      sentDuring(session, async () => {
        for (const n of [1, 2, 3]) await evaluateInWorld(page, moduleCall(counting(marker), n), signal());
      });
    const withSource = (sent: string[]) => sent.filter((expression) => expression.includes(marker));
    expect(withSource(await calls())).toHaveLength(1);
    // Another document has another world: the source goes again, once.
    await page.goto(`${served.server.url}/form.html?again`);
    expect(withSource(await calls())).toHaveLength(1);
    expect(await evaluateInWorld(page, moduleCall(counting(marker), 5), signal())).toEqual([1, 10]);
  });
});
