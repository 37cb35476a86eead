/**
 * The runaway-script guard on a stand-in page: a slow operation on a page whose main thread is held has the page's
 * script stopped each time the bound passes (three times at most); one slow for another reason (the page answers
 * the probe) never does, nor does a prompt one; and the operation's own answer or error is what comes back.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { stoppingRunawayScript } from '../../functions/adapters/browser/runaway-script.js';

/** A page whose own CDP session records the commands sent on it; a held page never answers the probe. */
const standIn = (held: boolean) => {
  const sent: string[] = [];
  const send = (method: string) => {
    sent.push(method);
    return method === 'Runtime.evaluate' && held ? new Promise(() => undefined) : Promise.resolve({});
  };
  return { page: { _client: () => ({ send }) } as unknown as Page, sent };
};

const settleAfter = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const stopsIn = (sent: string[]) => sent.filter((m) => m === 'Runtime.terminateExecution').length;

describe('stoppingRunawayScript', () => {
  it("stops the script of a page that does not answer, once the bound passes, then returns the operation's answer", async () => {
    const { page, sent } = standIn(true);
    let stops = 0;
    const answer = await stoppingRunawayScript(
      page,
      40,
      () => settleAfter(1_200, 'read'),
      () => (stops += 1),
    );
    expect(answer).toBe('read');
    expect(sent.slice(0, 2)).toEqual(['Runtime.evaluate', 'Runtime.terminateExecution']);
    expect(stops).toBe(1);
  });

  it('stops it three times at most, leaving the rest to the protocol limit', async () => {
    const { page, sent } = standIn(true);
    await stoppingRunawayScript(page, 20, () => settleAfter(4_000, undefined));
    expect(stopsIn(sent)).toBe(3);
  });

  it('leaves a page alone whose main thread answers, however slow the operation', async () => {
    const { page, sent } = standIn(false);
    await stoppingRunawayScript(page, 30, () => settleAfter(200, undefined));
    expect(sent.length).toBeGreaterThan(0);
    expect(stopsIn(sent)).toBe(0);
  });

  it('sends nothing for an operation that answers within the bound, nor after it', async () => {
    const { page, sent } = standIn(true);
    expect(await stoppingRunawayScript(page, 100, () => settleAfter(10, 7))).toBe(7);
    await settleAfter(150, undefined);
    expect(sent).toEqual([]);
  });

  it("passes the operation's error on, and stops watching", async () => {
    const { page, sent } = standIn(true);
    await expect(stoppingRunawayScript(page, 50, () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    await settleAfter(100, undefined);
    expect(sent).toEqual([]);
  });
});
