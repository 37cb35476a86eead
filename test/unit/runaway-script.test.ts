/**
 * The runaway-script guard on a stand-in page: a slow operation has the page's script stopped each time the bound
 * passes (three times at most), a prompt one never does, and the operation's own answer or error is what comes back.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { stoppingRunawayScript } from '../../functions/adapters/browser/runaway-script.js';

/** A page whose own CDP session records the commands sent on it. */
const standIn = () => {
  const sent: string[] = [];
  const page = { _client: () => ({ send: async (method: string) => void sent.push(method) }) } as unknown as Page;
  return { page, sent };
};

const settleAfter = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('stoppingRunawayScript', () => {
  it("stops the page's script once the bound passes without an answer, then returns the operation's answer", async () => {
    const { page, sent } = standIn();
    let stops = 0;
    const answer = await stoppingRunawayScript(
      page,
      40,
      () => settleAfter(100, 'read'),
      () => (stops += 1),
    );
    expect(answer).toBe('read');
    expect(sent).toEqual(['Runtime.terminateExecution', 'Runtime.terminateExecution']);
    expect(stops).toBe(2);
  });

  it('stops it three times at most, leaving the rest to the protocol limit', async () => {
    const { page, sent } = standIn();
    await stoppingRunawayScript(page, 20, () => settleAfter(200, undefined));
    expect(sent).toHaveLength(3);
  });

  it('leaves a page whose operation answers within the bound alone, and after it too', async () => {
    const { page, sent } = standIn();
    expect(await stoppingRunawayScript(page, 100, () => settleAfter(10, 7))).toBe(7);
    await settleAfter(150, undefined);
    expect(sent).toEqual([]);
  });

  it("passes the operation's error on, and stops watching", async () => {
    const { page, sent } = standIn();
    await expect(stoppingRunawayScript(page, 50, () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    await settleAfter(100, undefined);
    expect(sent).toEqual([]);
  });
});
