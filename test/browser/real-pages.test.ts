/**
 * The real-page corpus end to end on real Chromium, for a sample: one page per site is served on loopback and
 * snapshotted through the window driver, its stored snapshot is checked to be current (the unit test resolves
 * over the stored ones), and one link case per site is resolved and really clicked: the page it opens is the
 * one meant; every page of the blind sites (all twelve groups) is checked current too. The whole corpus runs over stored snapshots in `test/unit/real-pages-corpus.test.ts`.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { PageSnapshot } from '../../functions/ports/page-snapshot.js';
import type { WindowDriver } from '../../functions/ports/window-driver.js';
import {
  isBlindGroup,
  judge,
  pagePath,
  realCases,
  realPages,
  startRealPagesServer,
  storedSnapshot,
  type RealCase,
} from '../fixtures/real-pages/corpus.js';
import { openServedWindow, type ServedWindow } from '../support/driver-window.js';

let served: ServedWindow<Awaited<ReturnType<typeof startRealPagesServer>>>;
let pages: Awaited<ReturnType<typeof startRealPagesServer>>;
let page: Page;
let driver: WindowDriver;

beforeAll(async () => {
  served = await openServedWindow(startRealPagesServer);
  ({ server: pages, page, driver } = served);
});
afterAll(async () => {
  await served?.close();
});

/**
 * What a snapshot says about the elements that resolution reads, as a sorted list: layout and order left out
 * (a page may shuffle its sponsors' logos on each load, as SQLite's home page does).
 */
const contentOf = (snapshot: PageSnapshot) =>
  snapshot.elements
    .map((e) => [e.role, e.name, e.href, e.rel, e.attributes, e.heading, e.region?.join('>')].join('|'))
    .sort();

/** Whether the case clicks a link to another vendored page of the corpus (so the click opens a real page). */
const opensAnotherPage = (c: RealCase): boolean => {
  const href = c.expected?.href;
  if (!href || href.startsWith('#')) return false;
  const path = new URL(href, `http://x${pagePath(c)}`).pathname;
  return path !== pagePath(c) && realCases.some((o) => o.site === c.site && pagePath(o) === path);
};

/**
 * Per site, the first such case the stored snapshot resolves rightly with a clear margin (not at the threshold).
 * The blind sites (all twelve groups) are left out: how their cases resolve is read only as figures (their pages are checked below).
 */
const sampleOf = async (): Promise<RealCase[]> => {
  const bySite = new Map<string, RealCase>();
  for (const c of realCases.filter((c) => !isBlindGroup(c) && opensAnotherPage(c))) {
    if (bySite.has(c.site)) continue;
    const answer = await offlineResolver.resolve(storedSnapshot(c), c.description, { intent: 'click' });
    if ('match' in answer && answer.confidence >= 0.6 && judge(c, answer.match, storedSnapshot(c)) === 'correct')
      bySite.set(c.site, c);
  }
  return [...bySite.values()];
};

describe('real pages end to end', () => {
  it('has a stored snapshot that is current for each sampled page', async () => {
    const sample = await sampleOf();
    expect(sample.length).toBeGreaterThanOrEqual(3);
    for (const c of sample) {
      await page.goto(`${pages.url}${pagePath(c)}`, { waitUntil: 'load' });
      const fresh = await driver.snapshot(AbortSignal.timeout(10_000));
      expect(contentOf(fresh), `${pagePath(c)}: run test/fixtures/real-pages/capture.ts`).toEqual(
        contentOf(storedSnapshot(c)),
      );
    }
  });

  // One test per site: a group's pages together take minutes on a full Chromium under load.
  const blindSites = [
    ...new Set(
      realPages()
        .filter(isBlindGroup)
        .map((p) => p.site),
    ),
  ];
  it.each(blindSites)('has a stored snapshot that is current for every page of the blind site %s', async (site) => {
    for (const p of realPages().filter((p) => p.site === site)) {
      await page.goto(`${pages.url}${pagePath(p)}`, { waitUntil: 'load' });
      const fresh = await driver.snapshot(AbortSignal.timeout(10_000));
      expect(contentOf(fresh), `${pagePath(p)}: run test/fixtures/real-pages/capture.ts ${p.site}`).toEqual(
        contentOf(storedSnapshot(p)),
      );
    }
  });

  it('clicks the element each sampled description means and opens the page meant', async () => {
    for (const c of await sampleOf()) {
      await page.goto(`${pages.url}${pagePath(c)}`, { waitUntil: 'load' });
      const snapshot = await driver.snapshot(AbortSignal.timeout(10_000));
      const answer = await offlineResolver.resolve(snapshot, c.description, { intent: 'click' });
      expect('match' in answer, `${pagePath(c)} "${c.description}": ${JSON.stringify(answer).slice(0, 400)}`).toBe(
        true,
      );
      if (!('match' in answer)) continue;
      const outcome = await driver.click(
        { snapshot: snapshot.key, element: answer.match.id },
        { waitForNavigation: { timeoutMs: 10_000, waitUntil: 'load' } },
        AbortSignal.timeout(15_000),
      );
      expect(outcome, `${pagePath(c)} "${c.description}": ${JSON.stringify(outcome)}`).toMatchObject({
        acted: true,
        navigated: true,
      });
      expect(new URL(page.url()).pathname).toBe(new URL(c.expected!.href!, `${pages.url}${pagePath(c)}`).pathname);
    }
  });
});
