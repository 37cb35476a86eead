/**
 * Text blocks in a snapshot: the paragraphs, list items, table rows, quotes and definitions a person reads. A
 * snapshot taken for scrolling lists them (`block`, with the document role their tag implies) so that a
 * description can name one to scroll to, "Paragraph 10" or "the paragraph about tides". They are no targets for
 * clicking, hovering or typing: for those intents the resolvers see the snapshot without them, exactly as it was
 * before blocks were listed (no control ever has a block as its parent, so nothing else changes).
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import type { Intent } from './score.js';

export const isTextBlock = (element: SnapshotElement): boolean => element.block === true;

/** Whether an intent may land on text a person reads (scrolling to it), not only on something to act on. */
export const reachesText = (intent: Intent): boolean => intent === 'scroll';

/** The snapshot as an intent sees it: the same object when it keeps every element (ids are unchanged either way). */
export const snapshotFor = (snapshot: PageSnapshot, intent: Intent): PageSnapshot => {
  if (reachesText(intent) || !snapshot.elements.some(isTextBlock)) return snapshot;
  return { ...snapshot, elements: snapshot.elements.filter((element) => !isTextBlock(element)) };
};
