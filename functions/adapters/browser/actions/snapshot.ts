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

export const snapshot = async (
  page: Page,
  signal: AbortSignal,
  options: SnapshotOptions = {},
): Promise<PageSnapshot> => {
  signal.throwIfAborted();
  const script = options.textBlocks ? SNAPSHOT_WITH_BLOCKS_SCRIPT : SNAPSHOT_SCRIPT;
  const json = await readSettled(page, signal, () => evaluateInWorld<string>(page, script, signal));
  return decodeSnapshot(JSON.parse(json) as RawSnapshot);
};
