/**
 * What the counting readings share about a page's order: the words that count ("first", "3rd", "last"), how
 * close items of one column stand, and which regions stand around the main content.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';

/** The ordinal words, as alternatives of a pattern: "first" to "tenth", "last", "final", "11th". */
export const ORDINAL_WORDS =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|\\d+(?:st|nd|rd|th)';

/** Items of one column stand this close in their left edge; a level further in stands further right. */
export const ALIGNED = 3;

/** Regions around the main content: a page's banner, footer, navigation and sidebars. */
const AROUND = ['header', 'footer', 'nav', 'aside', 'banner', 'contentinfo', 'navigation', 'complementary'];

/** Whether a region (as the snapshot names it: its kind, then its own name) stands around the main content. */
export const isAroundRegion = (region: string): boolean =>
  AROUND.some((a) => region === a || region.startsWith(`${a} `));

/** Whether an element stands in a region around the main content. */
export const aroundContent = (e: SnapshotElement): boolean => (e.region ?? []).some(isAroundRegion);
