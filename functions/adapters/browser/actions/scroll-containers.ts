/**
 * The page's scrolling boxes (a chat pane, a results list, a code block), listed as snapshot elements so a
 * description ("the messages panel") is resolved among them by the same resolver as any element, and registered
 * like snapshot elements so the scroll acts on exactly the box that was chosen.
 *
 * A box counts when its content overflows it and its style lets it scroll. The size comparison is read first: it
 * costs no style computation, and most elements fail it. The script is `page/scroll-containers.ts`, bundled into a
 * string (`bin/page-scripts.ts`).
 */
import type { Page } from 'puppeteer-core';
import type { PageSnapshot, SnapshotElement } from '../../../ports/page-snapshot.js';
import { source as SCRIPT } from './page/scroll-containers.generated.js';
import type { RawBoxes } from './page/scroll-containers.js';
import { callExpression, evaluateInWorld } from './world.js';

/** More boxes than any page a person can read has; it bounds the work on a pathological page. */
const MAX_BOXES = 300;

export const scrollContainers = async (page: Page, signal: AbortSignal): Promise<PageSnapshot> => {
  signal.throwIfAborted();
  const raw = await evaluateInWorld<RawBoxes>(page, callExpression(SCRIPT, MAX_BOXES), signal);
  const elements: SnapshotElement[] = raw.boxes.map(({ direction, ...box }, index) => ({
    ...box,
    id: `e${index}`,
    // What people call a scrolling box ("the messages panel", "the contacts list", "the sidebar") and its
    // direction ("the horizontal carousel") are words the resolver should find on it.
    title: `scrollable ${box.tag === 'aside' ? 'sidebar ' : ''}panel pane box area list container, scrolls ${direction === 'both' ? 'both ways' : direction === 'vertical' ? 'vertically up and down' : 'horizontally sideways carousel'}`,
    interactive: true,
    text: box.text || undefined,
    near: box.near || undefined,
    attributes: box.attributes || undefined,
  }));
  return {
    key: raw.key,
    url: raw.url,
    title: raw.title,
    viewport: raw.viewport,
    scroll: raw.scroll,
    elements,
    nodeCount: elements.length,
    ...(raw.truncated ? { truncated: true } : {}),
  };
};
