/**
 * How a page offers more: its `rel="next"` link, a control named like "Next" or "›" (pagination), or one named
 * like "Load more" / "Show more results" (a growing list). Found from the page snapshot by names and links, not
 * by the general resolver: these words are few and known, and a wrong guess here would click something else on
 * every page of the walk.
 */
import type { PageSnapshot, SnapshotElement } from '../../../ports/page-snapshot.js';

export type MoreControl = { kind: 'next' | 'load-more'; element: SnapshotElement };

/** Arrows and punctuation around a label: "Next »", "› Next page", "Load more…". */
const strip = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();

const NEXT_WORDS = new Set([
  'next',
  'next page',
  'next results',
  'next set',
  'older',
  'older posts',
  'older entries',
  'more results',
  'forward',
  'go to next page',
  'suivant',
  'weiter',
  'siguiente',
]);
const NEXT_SYMBOLS = new Set(['›', '»', '→', '>', '>>', '⟩', '❯', '▶', '⏵']);
const LOAD_MORE =
  /^(load|show|see|view|get|display) (more|more results|more items|more products|more posts|more entries|all)$|^more$/;

const labelsOf = (element: SnapshotElement): string[] =>
  [element.name, element.text, element.title, element.label].filter((t): t is string => !!t);

const isNext = (element: SnapshotElement) =>
  labelsOf(element).some(
    (label) => NEXT_WORDS.has(strip(label)) || NEXT_SYMBOLS.has(label.trim()) || /^next\b/.test(strip(label)),
  );
const isLoadMore = (element: SnapshotElement) => labelsOf(element).some((label) => LOAD_MORE.test(strip(label)));

const usable = (element: SnapshotElement) =>
  element.visible &&
  element.interactive &&
  !element.disabled &&
  (element.role === 'link' || element.role === 'button' || element.tag === 'a' || element.tag === 'button');

/** The page's "rel=next" URL and the snapshot → the control to use, or none. Later in the page wins (pagination under the list). */
export const findMoreControl = (snapshot: PageSnapshot, nextHref: string | undefined): MoreControl | undefined => {
  const candidates = snapshot.elements.filter(usable);
  const absolute = (href: string | undefined) => {
    if (!href) return undefined;
    try {
      return new URL(href, snapshot.url).href;
    } catch {
      return undefined;
    }
  };
  const byRel = nextHref ? candidates.filter((element) => absolute(element.href) === nextHref) : [];
  if (byRel.length) return { kind: 'next', element: byRel[byRel.length - 1] };
  // A "next" link pointing at the page itself (`#`, javascript:) is a script-driven pager: still a next control.
  const next = candidates.filter(isNext);
  if (next.length) return { kind: 'next', element: next[next.length - 1] };
  const more = candidates.filter(isLoadMore);
  if (more.length) return { kind: 'load-more', element: more[more.length - 1] };
  return undefined;
};
