/**
 * Clicking a field and typing into it: the keys wait for the browser to acknowledge the click, since a click is
 * routed by a hit test the browser may answer later, while keys go straight to whatever holds focus.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { clickAndType, typeKeys } from '../../functions/adapters/browser/actions/forms-keys.js';

/** A page whose CDP session records each command and answers only when told to. */
const fakePage = () => {
  const sent: Array<{ method: string; type: string; key?: string }> = [];
  const pending: Array<() => void> = [];
  const session = {
    send: (method: string, params: { type: string; key?: string }) => {
      sent.push({ method, type: params.type, key: params.key });
      return new Promise<void>((resolve) => pending.push(resolve));
    },
  };
  const page = { createCDPSession: async () => session } as unknown as Page;
  const answerAll = () => {
    for (const answer of pending.splice(0)) answer();
  };
  return { page, sent, answerAll };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('clickAndType', () => {
  it('sends no key before the click is acknowledged, then the keys in order', async () => {
    const { page, sent, answerAll } = fakePage();
    const done = clickAndType(page, { x: 10, y: 20 }, 'Ab', AbortSignal.timeout(5_000));
    await settle();
    expect(sent.map((s) => s.type)).toEqual(['mouseMoved', 'mousePressed', 'mouseReleased']);
    answerAll();
    await settle();
    expect(sent.slice(3).map((s) => `${s.type}:${s.key}`)).toEqual(['keyDown:A', 'keyUp:A', 'keyDown:b', 'keyUp:b']);
    answerAll();
    await done;
  });

  it('types at once when there is no click', async () => {
    const { page, sent, answerAll } = fakePage();
    const done = typeKeys(page, 'x', AbortSignal.timeout(5_000));
    await settle();
    expect(sent.map((s) => s.type)).toEqual(['keyDown', 'keyUp']);
    answerAll();
    await done;
  });

  it('sends no keys once the operation is stopped while the click is unanswered', async () => {
    const { page, sent } = fakePage();
    const stop = new AbortController();
    const done = clickAndType(page, { x: 1, y: 1 }, 'abc', stop.signal);
    await settle();
    stop.abort(new Error('stopped'));
    await expect(done).rejects.toThrow('stopped');
    expect(sent.every((s) => s.method === 'Input.dispatchMouseEvent')).toBe(true);
  });
});
