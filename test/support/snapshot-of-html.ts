/**
 * Snapshots of hand-written HTML taken by the real in-page script in a bare Chromium page, for tests of what the
 * snapshot reports. Call `snapshotsOfHtml()` in a test file: it starts the browser before its tests and closes it
 * after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { decodeSnapshot, type RawSnapshot } from '../../functions/adapters/browser/actions/snapshot/decode.js';
import { SNAPSHOT_WITH_BLOCKS_SCRIPT } from '../../functions/adapters/browser/actions/snapshot/script.js';
import type { PageSnapshot } from '../../functions/ports/page-snapshot.js';
import { type BareBrowser, launchBareBrowser } from './browsers.js';

export function snapshotsOfHtml(): (body: string) => Promise<PageSnapshot> {
  let bare: BareBrowser | undefined;
  beforeAll(async () => {
    bare = await launchBareBrowser();
  });
  afterAll(async () => {
    await bare?.close();
  });
  return async (body) => {
    await bare!.page.setContent(`<!doctype html><body>${body}</body>`);
    return decodeSnapshot(
      JSON.parse((await bare!.page.evaluate(SNAPSHOT_WITH_BLOCKS_SCRIPT)) as string) as RawSnapshot,
    );
  };
}
