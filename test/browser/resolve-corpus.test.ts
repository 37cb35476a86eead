/**
 * The resolution corpus (`test/fixtures/resolve-cases.ts`) on real Chromium: each page is snapshotted through the
 * window driver and each description resolved offline; the element chosen is identified by its `data-testid`.
 * Prints the accuracy and each miss, and holds the resolver to 90 %.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elementExpression } from '../../functions/adapters/browser/actions/snapshot/script.js';
import { evaluateInWorld } from '../../functions/adapters/browser/actions/world.js';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { WindowDriver } from '../../functions/ports/window-driver.js';
import { resolveCases, type ResolveCase } from '../fixtures/resolve-cases.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { openServedWindow, type ServedWindow } from '../support/driver-window.js';

let served: ServedWindow<FixtureServer>;
let fixtures: FixtureServer;
let page: Page;
let driver: WindowDriver;

beforeAll(async () => {
  served = await openServedWindow(startFixtureServer);
  ({ server: fixtures, page, driver } = served);
});
afterAll(async () => {
  await served?.close();
});

/** The `data-testid` of the element resolved, `null` for "none", or a short account of anything else. */
const resolveCase = async (c: ResolveCase): Promise<string | null> => {
  const snapshot = await driver.snapshot(AbortSignal.timeout(10_000));
  const resolution = await offlineResolver.resolve(snapshot, c.description, { intent: c.intent });
  if ('none' in resolution) return null;
  if ('ambiguous' in resolution) return `several: ${resolution.candidates.map((x) => x.name).join(' | ')}`;
  const testId = await evaluateInWorld(
    page,
    `(${elementExpression(snapshot.key, resolution.match.id)})?.getAttribute('data-testid')`,
    AbortSignal.timeout(20_000),
  );
  return (testId as string | null) ?? `${resolution.match.role} "${resolution.match.name}" (no test id)`;
};

describe('offline element resolution corpus', () => {
  it('has at least 40 cases over forms, tables, navigation, icons, duplicates, frames and shadow roots', () => {
    expect(resolveCases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(resolveCases.map((c) => c.page)).size).toBeGreaterThanOrEqual(5);
  });

  it('resolves at least 90 % of the descriptions to the element meant', async () => {
    const misses: string[] = [];
    let current = '';
    for (const c of resolveCases) {
      if (c.page !== current) {
        await page.goto(`${fixtures.url}/resolve/${c.page}`, { waitUntil: 'load' });
        current = c.page;
      }
      const got = await resolveCase(c);
      if (got !== c.expected)
        misses.push(`${c.page} "${c.description}": expected ${c.expected ?? 'none'}, got ${got ?? 'none'}`);
    }
    const accuracy = (resolveCases.length - misses.length) / resolveCases.length;
    console.log(
      `resolution corpus: ${resolveCases.length - misses.length}/${resolveCases.length} (${(accuracy * 100).toFixed(1)} %)${misses.map((m) => `\n  miss: ${m}`).join('')}`,
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('answers none, not a guess, for something the page does not have', async () => {
    await page.goto(`${fixtures.url}/resolve/settings.html`, { waitUntil: 'load' });
    const snapshot = await driver.snapshot(AbortSignal.timeout(10_000));
    const resolution = await offlineResolver.resolve(snapshot, 'the Upload avatar button');
    expect(resolution).toMatchObject({ none: true, credits: 0 });
  });

  it('answers several, listing them, when the description fits duplicates equally', async () => {
    await page.goto(`${fixtures.url}/resolve/shop.html`, { waitUntil: 'load' });
    const snapshot = await driver.snapshot(AbortSignal.timeout(10_000));
    const resolution = await offlineResolver.resolve(snapshot, 'the Add to cart button');
    expect(resolution).toMatchObject({ ambiguous: true });
    expect('ambiguous' in resolution && resolution.candidates.map((c) => c.name)).toEqual([
      'Add to cart',
      'Add to cart',
      'Add to cart',
    ]);
  });
});
