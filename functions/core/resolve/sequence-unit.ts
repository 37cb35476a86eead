/**
 * "The next chapter" on a texinfo page, whose bar holds "Compiling a file >" (titled "Next section in reading
 * order", `rel=next`) and "Common notation >>" (titled "Next chapter"): a step link that says which unit it steps
 * by answers for that unit only. When the match says it steps by another unit than the description's, the link
 * that says the unit asked for is meant (or, with none or several, the resolver asks).
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Scored } from './score.js';
import type { Stated } from './stated.js';
import { candidateOf, scoredLookup } from './tier.js';
import { asWritten } from './words.js';

// Not "page" or "topic": every step leads to a page, and Sphinx's "Next topic" is the next page, whatever its unit.
const UNITS = new Set(['chapter', 'section', 'subsection', 'part', 'node']);
const STEP = /\b(next|previous|prev)\s+(\w+?)s?\b/;

/** The step and the unit a text says ("Next section in reading order" → next, section). */
const stepIn = (text: string | undefined): { step: string; unit: string } | undefined => {
  const found = STEP.exec(asWritten(text ?? '').join(' '));
  if (!found || !UNITS.has(found[2])) return undefined;
  return { step: found[1] === 'prev' ? 'previous' : found[1], unit: found[2] };
};

/** What a link says of itself: its title ("Next chapter") or its text ("Next section »"). */
const ownStep = (e: SnapshotElement) => stepIn(e.title) ?? stepIn(e.name);

/** The shown links that say they step as asked, when they all lead to one place. */
const saying = (stated: Stated, asked: { step: string; unit: string }) => {
  const fitting = stated.snapshot.elements.filter((e) => {
    const says = e.interactive && e.visible ? ownStep(e) : undefined;
    return says?.unit === asked.unit && says.step === asked.step;
  });
  return { fitting, one: new Set(fitting.map((e) => e.href ?? e.id)).size === 1 ? fitting[0] : undefined };
};

/**
 * "The next chapter" on a page of several navigation bars (texinfo gives each section shown its own), where the
 * words tie among every bar's "next": the links titled "Next chapter", all to one place, are the answer.
 */
export const unitAsked = (stated: Stated): Answer | undefined => {
  const asked = stepIn(stated.description);
  const { one } = asked ? saying(stated, asked) : { one: undefined };
  return one ? { match: one, confidence: 0.6 } : undefined;
};

export const otherUnit = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const asked = stepIn(stated.description);
  if (!asked) return undefined;
  const said = ownStep(match);
  if (!said || said.unit === asked.unit) return undefined;
  const { fitting, one } = saying(stated, asked);
  if (one) return { match: one, confidence: 0.6 };
  return {
    ambiguous: true,
    reason: `the best match "${match.name}" leads to the ${said.step} ${said.unit}, not the ${asked.step} ${asked.unit}; say which one`,
    candidates: [match, ...fitting].slice(0, 4).map(scoredLookup(sorted, stated.snapshot.elements)).map(candidateOf),
  };
};
