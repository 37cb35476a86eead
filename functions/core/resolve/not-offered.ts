/**
 * Answers that must be none because the page does not offer what the description asks: a number or version it
 * never says, a step of a sequence whose only answer is an image that is no link, a home page met by a link to a
 * place in this very page. Each check reads the match the resolver found and the description, as `unsaid.ts` does.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Stated } from './stated.js';
import type { Scored } from './score.js';
import { candidateOf } from './tier.js';
import { CARRIED, onPage, says, specificWords, tokensOf } from './unsaid.js';
import { leadsHere } from './equals.js';
import { STOPWORDS, stemOf, words } from './words.js';

/** A word with a digit that counts ("1st", "3rd") rather than names. */
const COUNTING = /^\d+(?:st|nd|rd|th)$/;

/**
 * "Download libxml2 2.9.14" met by the link "Downloads" on a page that says "2.9.14" nowhere: a number, a
 * version or a name with digits in it is exact, and one the match does not carry and no element of the page
 * says is not there to be clicked; what shares the other words is something else.
 */
export const numberAbsent = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll') return undefined;
  const numbered = words(stated.description).filter((w) => /\d/.test(w) && !COUNTING.test(w));
  if (!numbered.length) return undefined;
  const own = tokensOf(match, CARRIED);
  const unfound = numbered.filter((w) => !says(own, w) && !onPage(stated, w));
  if (!unfound.length) return undefined;
  // Written apart in another way ("v1.9" as `from_v1_9`) is still written: letters and digits alone compare.
  const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const page = stated.snapshot.elements
    .flatMap((e) => [e.name, e.label, e.text, e.alt, e.title, e.value, e.near, e.row, e.column, e.href, e.heading])
    .filter((v): v is string => v !== undefined)
    .map(bare)
    .join(' ');
  const absent = unfound.filter((w) => !page.includes(bare(w)));
  if (!absent.length) return undefined;
  return {
    none: true,
    reason: `"${match.name}" says part of the description, and nothing on the page says "${absent.join(' ')}"`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** A manual page named with its section, as manuals write it: "printf(3)", "console_codes(4)", "ls(1p)". */
const PAGE_REF = /([\p{L}\p{N}_.:+-]+)\((\d\w*)\)/gu;

/**
 * "console_codes(5)" on an index listing only "console_codes(4)": a section is part of a manual page's name,
 * and the same name in another section is another page. A reference written with its section is met only by an
 * element saying that section after the name; the page's other sections being mentioned elsewhere does not make
 * this one there.
 */
export const otherSection = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const own = match.name.toLowerCase();
  for (const [, name, section] of stated.description.toLowerCase().matchAll(PAGE_REF)) {
    if (own.includes(`${name}(`) && !own.includes(`${name}(${section})`))
      return {
        none: true,
        reason: `"${match.name}" is ${name} in another section than ${section}; the page shows no ${name}(${section})`,
        closest: sorted.slice(0, 3).map(candidateOf),
      };
  }
  return undefined;
};

/** Words that ask for a step through a sequence of pages. */
const STEP_WORDS = new Set(['next', 'previous', 'up', 'first', 'last', 'home']);

/**
 * "Previous" met by the greyed-out "previous" arrow of a manual's first page: an image that is no link and no
 * control does nothing when clicked. A step asked for whose only answer is such an image is a step the page does
 * not offer here; unless an image is what the description asks for.
 */
export const stepNotOffered = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent !== 'click' || match.interactive || match.role !== 'img') return undefined;
  if (stated.query.role || !stated.query.terms.some((w) => STEP_WORDS.has(w))) return undefined;
  return {
    none: true,
    reason: `"${match.name}" is an image that is no link or control here: this page offers no such step`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * "The ncurses home page" met by a manual's "HOME" link to its own section on the variable HOME: a link to a
 * place in this very page is not the home page of what the description names. Such a match is none.
 */
export const homeInPage = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || !stated.query.terms.includes('home')) return undefined;
  if (!match.href?.startsWith('#') || match.href.length < 2) return undefined;
  // A one-page site's "Home" (#home) is its home; "the ncurses home page" names whose home page, which it is not.
  const own = tokensOf(match, CARRIED);
  const whose = specificWords(stated).filter((w) => w !== 'home' && !says(own, w));
  if (!whose.length) return undefined;
  return {
    none: true,
    reason: `"${match.name}" leads to a place in this page (${match.href}), not to the home page of "${whose.join(' ')}"`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** "Next: The typesetting macros", "Previous: What is mom?": a step link's label quoted whole, its step word first. */
const STEP_LABEL = /^\s*(next|previous|prev|up|back|forward)\s*:/i;

/**
 * "Previous: What is mom?" met by a link "What is mom?" in the text of a page that links only its next page: the
 * description quotes a step link's label, and a match that does not say the step (its words, title or `rel`) is a
 * mention of that page, not the step asked for. The page does not offer it.
 */
export const stepLabelUnsaid = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const step = STEP_LABEL.exec(stated.description)?.[1];
  if (!step || stated.intent === 'scroll') return undefined;
  const own = tokensOf(match, ['name', 'label', 'text', 'title', 'alt', 'rel']);
  if (!words(step).some((w) => says(own, w)))
    return {
      none: true,
      reason: `the description quotes a "${step}" link, and the best match "${match.name}" is no such step`,
      closest: sorted.slice(0, 3).map(candidateOf),
    };
  // "Next: Addendum" met by the step "Next: Other bidict Types": the step is there, to another page than quoted.
  const label = words(stated.description.slice(stated.description.indexOf(':') + 1)).filter((w) => !STOPWORDS.has(w));
  const alike = stated.snapshot.elements.filter((e) => e === match || (match.href && e.href === match.href));
  const told = alike.flatMap((e) => tokensOf(e, ['name', 'label', 'text', 'title', 'alt']));
  if (!label.length || label.some((w) => says(told, w))) return undefined;
  return {
    none: true,
    reason: `the "${step}" link here is "${match.name}", not "${label.join(' ')}"`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * "The first command under Server Commands" met by "Command Index" on the command index itself: a link to the very
 * page it is on, no part of it named, only shows the same page again; it is no item counted or placed on that page,
 * unless the description says its whole name.
 */
export const leadsToItself = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || match.role !== 'link' || !leadsHere(match.href, stated.snapshot.url))
    return undefined;
  // Only where the description counts or places an item ("the first command under …"): "Home" on the home page
  // is still its own link, clicked to start over.
  if (stated.query.ordinal === undefined && !stated.query.relation) return undefined;
  const said = words(stated.description).map(stemOf);
  if (words(match.name).every((w) => says(said, w))) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" leads to this very page`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * "ht://Dig" met by the program's logo beside its link "ht://Dig 3.2.0b6", "page 2" by the pager's picture of the
 * page being shown: an image that is no link and no control does nothing when clicked. The one link that says
 * all of the image's name is what a click on that name means; with none (or several), the page offers nothing
 * to click there. A description that asks for an image keeps it.
 */
export const imageNoControl = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent !== 'click' || match.interactive || match.role !== 'img' || stated.query.role) return undefined;
  const named = words(match.name);
  const links = named.length
    ? stated.snapshot.elements.filter(
        (e) => e.role === 'link' && e.interactive && e.visible && named.every((w) => says(tokensOf(e), w)),
      )
    : [];
  if (links.length === 1) return { match: links[0], confidence: 0.6 };
  return {
    none: true,
    reason: `"${match.name}" is an image that is no link or control here`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** A description that is a step word alone: "Up", "the Next link", "back". */
const STEP_ONLY =
  /^\s*(?:go\s+)?(?:the\s+)?(up|next|previous|prev|back|forward|home)(?:\s+(?:link|button))?\s*[.!]?\s*$/i;
/** A step link is short: its word and a title at most ("Next: Compiling a file", "« Previous"). */
const TITLE_WORDS = 3;

/**
 * "Up" met by "How do I set up my own repository?" or "Keeping your system up-to-date": a step word alone asks for
 * the page's step link, which says the step first or last ("Up: Contents", "Next »", "Home"), or marks it by its
 * `rel` or title. A longer name holding the word inside is a title that uses it, and the page offers no such step.
 */
export const stepWordInside = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const step = STEP_ONLY.exec(stated.description)?.[1]?.toLowerCase();
  if (!step || stated.intent === 'scroll') return undefined;
  // Marked as the step by its `rel`, or by a short title ("Up one level"), it is the step link.
  if (tokensOf(match, ['rel']).some((t) => says([t], step))) return undefined;
  const title = words(match.title ?? '').filter((w) => /\p{L}/u.test(w));
  if (title.length <= TITLE_WORDS + 1 && title.some((w) => says([stemOf(w)], step))) return undefined;
  const name = words(match.name).filter((w) => /\p{L}/u.test(w));
  if (name.length <= TITLE_WORDS) return undefined;
  const at = name.findIndex((w) => says([stemOf(w)], step));
  if (at <= 0 || at >= name.length - 1) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" only uses the word "${step}" in a title; the page offers no such step link`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * Words that may open a description asking for a field itself: a verb that puts the caret in it, fills or edits it,
 * or an article (no verb at all).
 */
const FIELD_VERBS = new Set(
  [
    'click',
    'tap',
    'press',
    'hit',
    'focus',
    'select',
    'choose',
    'open',
    'fill',
    'type',
    'enter',
    'use',
    'put',
    'go',
    'pick',
    'set',
    'change',
    'edit',
    'write',
    'the',
    'a',
    'an',
    'my',
    'your',
    'this',
  ].map(stemOf),
);
/** Fields typed into, which do nothing when clicked (a dropdown opens: it is left out). */
const TEXT_FIELDS = new Set(['textbox', 'searchbox', 'spinbutton']);

/**
 * "Restart the setup", "check the backend" met by the text field "Setup Token" or "Backend Name": to click, a
 * description that opens with a verb of its own asks for a control that does it; a field to type in does nothing
 * when clicked. Unless the verb is one that asks for the field itself ("click the name field", "focus search"), or
 * the word is one of the field's own (the "Password" field for "password").
 */
export const actionOnField = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent !== 'click' || !match.editable || !TEXT_FIELDS.has(match.role)) return undefined;
  const first = words(stated.description)[0];
  if (!first || FIELD_VERBS.has(stemOf(first))) return undefined;
  if (says(tokensOf(match, [...CARRIED, 'near', 'row']), first)) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name || match.near || match.role}" is a field to type in, and "${first}" asks for a control that does it`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * "Add a transaction" met by the heading of a dialog the page keeps closed: text the page does not show (no box,
 * hidden) and that is no control stands for nothing a click or a pointer could reach. The resolver says what it
 * found and that it is hidden rather than act on it.
 */
export const hiddenText = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (match.visible || match.interactive || stated.intent === 'scroll') return undefined;
  return {
    none: true,
    reason: `the best match "${match.name || match.role}" is text the page does not show (hidden, or in a closed part of it)`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};
