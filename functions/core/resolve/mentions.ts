/**
 * Links that stand after a list without being of it: a sentence's mention below the list ("This document was
 * created by man2html") has the list's heading and place, but no one counting the list's entries counts it.
 */
import type { Query } from './query.js';
import type { Scored } from './score.js';

/** Text before a link that makes it a mention in a sentence: words, or a comma. */
const SENTENCE = /\p{L}{2}|[,;]/u;

/**
 * "The last entry in the index" of a manual page whose index is followed by "This document was created by
 * man2html": a link after the list, written after words of a sentence and standing out of the list's column, is
 * a mention, no entry of the list the others make.
 */
export const withoutMentions = (ordered: Scored[], query: Query): Scored[] => {
  // Links named alike ("the last Edit link") are counted wherever they stand.
  if (query.terms.length) return ordered;
  let end = ordered.length;
  const mention = (s: Scored, before: Scored | undefined) => {
    const near = s.element.near?.trim();
    return (
      s.element.role === 'link' &&
      near !== undefined &&
      SENTENCE.test(near) &&
      near !== before?.element.name.trim() &&
      ordered.slice(0, end - 1).every((o) => Math.abs(o.element.box.x - s.element.box.x) > 3)
    );
  };
  while (end > 2 && mention(ordered[end - 1], ordered[end - 2])) end -= 1;
  return ordered.slice(0, end);
};
