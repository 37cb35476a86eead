/**
 * "Pattern Matching in The Racket Reference": a description may copy a phrase of the page that runs over two
 * links, "<a>Pattern Matching</a> in <a>The Racket Reference</a>". Its second link says more of its words, but
 * the phrase is about its head, the first: what follows "in", "of" or "from" only says where that one is.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Query } from './query.js';
import type { Scored } from './score.js';
import { asWritten } from './words.js';

const JOINS = new Set(['in', 'of', 'from', 'on', 'at', 'for', 'under', 'within', 'inside']);
const ARTICLES = new Set(['the', 'a', 'an']);
/** A kind word after the phrase says what its head is ("… in The Racket Reference link"). */
const KINDS = new Set(['link', 'entry', 'page', 'section', 'chapter', 'item']);

/** Whether the tail comes right after the head with only a joining word between ("… in …"). */
export const joinedAfter = (elements: SnapshotElement[], head: SnapshotElement, tail: SnapshotElement): boolean => {
  if (elements[elements.indexOf(tail) - 1] !== head) return false;
  if (!head.visible || !head.interactive || head.role !== tail.role || tail.parent === head.id) return false;
  const join = asWritten(tail.near ?? '');
  return join.length === 1 && JOINS.has(join[0]);
};

export const headOfPhrase = (elements: SnapshotElement[], best: Scored, query: Query): SnapshotElement | undefined => {
  const tail = best.element;
  const head = elements[best.index - 1];
  if (!head || !joinedAfter(elements, head, tail)) return;
  const join = asWritten(tail.near ?? '');
  const said = asWritten(query.text ?? '');
  while (said.length && ARTICLES.has(said[0])) said.shift();
  if (said.length && KINDS.has(said[said.length - 1])) said.pop();
  const phrase = [...asWritten(head.name), ...join, ...asWritten(tail.name)];
  return phrase.length === said.length && phrase.every((w, i) => w === said[i]) ? head : undefined;
};
