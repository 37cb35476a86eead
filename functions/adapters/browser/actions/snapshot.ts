/**
 * The page snapshot: candidate elements of the window's page (see `ports/page-snapshot.ts`), read in one
 * `Runtime.evaluate` that returns one compact JSON string (a single string crosses CDP far faster than a deep
 * object), decoded here.
 */
import type { Page } from 'puppeteer-core';
import type { PageSnapshot } from '../../../ports/page-snapshot.js';
import type { SnapshotOptions } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { decodeSnapshot, type RawSnapshot } from './snapshot/decode.js';
import { SNAPSHOT_SCRIPT, SNAPSHOT_WITH_BLOCKS_SCRIPT } from './snapshot/script.js';
import { evaluateInWorld } from './world.js';
import { addStage, timed } from '../../../net/stage-timings.js';

export const snapshot = async (
  page: Page,
  signal: AbortSignal,
  options: SnapshotOptions = {},
): Promise<PageSnapshot> => {
  signal.throwIfAborted();
  const script = options.textBlocks ? SNAPSHOT_WITH_BLOCKS_SCRIPT : SNAPSHOT_SCRIPT;
  // The page's walk and the transfer of its answer, then the decoding here: the two halves of a snapshot's cost.
  const json = await timed('snapshot.page', () =>
    readSettled(page, signal, () => evaluateInWorld<string>(page, script, signal)),
  );
  const began = performance.now();
  const decoded = decodeSnapshot(JSON.parse(json) as RawSnapshot);
  addStage('snapshot.decode', performance.now() - began);
  return decoded;
};
