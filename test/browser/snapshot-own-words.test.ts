/**
 * Roles, tags and link relations are looked up in tables of words: a word that names one of Object's own
 * properties ("constructor", "toString") must read as no entry, not as the built-in function behind it.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSnapshot, type RawSnapshot } from '../../functions/adapters/browser/actions/snapshot/decode.js';
import { SNAPSHOT_WITH_BLOCKS_SCRIPT } from '../../functions/adapters/browser/actions/snapshot/script.js';
import { type BareBrowser, launchBareBrowser } from '../support/browsers.js';

let bare: BareBrowser;
let page: Page;

beforeAll(async () => {
  bare = await launchBareBrowser();
  page = bare.page;
});
afterAll(async () => {
  await bare?.close();
});

describe('snapshot word tables', () => {
  it('reads role="constructor", a <constructor> element, rel="constructor" and type="constructor" as nothing special', async () => {
    await page.setContent(`<!doctype html><body>
      <div role="constructor"><button>Go</button></div>
      <constructor><button>Stop</button> Some words of a paragraph</constructor>
      <a href="/x" rel="constructor" accesskey="constructor">Next page</a>
      <input type="constructor" aria-label="Code">
    </body>`);
    const snapshot = decodeSnapshot(
      JSON.parse((await page.evaluate(SNAPSHOT_WITH_BLOCKS_SCRIPT)) as string) as RawSnapshot,
    );
    const go = snapshot.elements.find((e) => e.name === 'Go');
    const stop = snapshot.elements.find((e) => e.name === 'Stop');
    const link = snapshot.elements.find((e) => e.name === 'Next page');
    expect(go?.region).toBeUndefined();
    expect(stop?.region).toBeUndefined();
    expect(link?.rel).toBeUndefined();
    expect(snapshot.elements.find((e) => e.name === 'Code')?.role).toBe('textbox');
    expect(
      snapshot.elements.filter((e) => /function|native code/.test([e.role, ...(e.region ?? [])].join(' '))),
    ).toEqual([]);
  });
});
