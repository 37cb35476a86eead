/**
 * From scores to an answer. The best score must clear a threshold; elements within a small tie margin of it are
 * equally good, and the description must tell them apart (ordinal, position, relation), else the answer is
 * "several", never a pick among equals. An element and the one nested in it (a link around an image) count once.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import type { Query } from './query.js';
import {
  columnsOf,
  fieldOverItsLabel,
  formAsWritten,
  spelledAsWritten,
  labelledOtherwise,
  listUnder,
  ownOverContext,
  rowNamedBeside,
  tabOutsideRepeats,
} from './equals.js';
import {
  chapterLevel,
  literalName,
  offSite,
  offSiteNearby,
  ownNameFirst,
  saidWhole,
  sectionOverMentions,
} from './narrow.js';
import { relate } from './relate.js';
import { rowLinksOf, withoutParentRow } from './listing.js';
import { tabRow } from './tab-row.js';
import { withoutMentions } from './mentions.js';
import { headOfPhrase } from './phrase.js';
import type { Answer } from './resolver.js';
import { words } from './words.js';
import {
  ancestorsOf,
  boxedLink,
  candidateOf,
  closestOf,
  dedupeNested,
  headingAnchors,
  oneOfEquals,
  sameDestination,
  THRESHOLD,
  TIE,
} from './tier.js';
import type { Intent, Scored } from './score.js';

const confidenceOf = (chosen: Scored, others: Scored[]): number => {
  const second = others.find((s) => s !== chosen)?.score ?? 0;
  const margin = Math.max(0, Math.min(1, (chosen.score - second) / 0.25));
  return Math.round(Math.min(1, chosen.score) * (0.6 + 0.4 * margin) * 100) / 100;
};

const byPosition = (tier: Scored[], position: NonNullable<Query['position']>): Scored[] => {
  let pool = tier;
  const bottom = (s: Scored) => s.element.box.y + s.element.box.height;
  const right = (s: Scored) => s.element.box.x + s.element.box.width;
  if (position.vertical) {
    const edge =
      position.vertical === 'top' ? Math.min(...pool.map((s) => s.element.box.y)) : Math.max(...pool.map(bottom));
    pool = pool.filter((s) => Math.abs((position.vertical === 'top' ? s.element.box.y : bottom(s)) - edge) <= 40);
  }
  if (position.horizontal) {
    const edge =
      position.horizontal === 'left' ? Math.min(...pool.map((s) => s.element.box.x)) : Math.max(...pool.map(right));
    pool = pool.filter((s) => Math.abs((position.horizontal === 'left' ? s.element.box.x : right(s)) - edge) <= 40);
  }
  return pool;
};

/** The description is only a kind word, and it is the element's whole name. */
const wholeName = (element: SnapshotElement, query: Query): boolean =>
  !query.terms.length &&
  query.kindWord !== undefined &&
  query.hints.length === 1 &&
  words(element.name).join(' ') === query.kindWord;

/** Kinds of form control a page has few of: naming one is most of what tells it apart. */
const FORM_KINDS = new Set(['dropdown', 'checkbox', 'radio', 'field', 'slider', 'switch', 'toggle', 'fileinput']);
/** Below this even the only control of its kind is no match: nothing of the description is found on or around it. */
const SOLE_THRESHOLD = 0.25;

/**
 * "The search type dropdown" on a page with one dropdown, unlabelled but in the search form: the kind named and
 * a word found around it are enough when no other element of that kind is shown and nothing else scores higher.
 */
const soleOfKind = (scored: Scored[], best: Scored, query: Query): Scored | undefined => {
  if (!query.role || !FORM_KINDS.has(query.role.word) || best.score < SOLE_THRESHOLD) return undefined;
  const ofKind = scored.filter((s) => s.kindFit === 1 && s.element.visible);
  if (ofKind.length === 1) return ofKind[0] === best ? best : undefined;
  // "The query box" on a form of a big unlabelled text area and a "Delimiter" field: the words are only around
  // both (the form's legend), but a field with a label of its own that says none of them is that label's field,
  // not the one described. The one field left, among the best, is it.
  const open = ofKind.filter((s) => s.score >= SOLE_THRESHOLD && !labelledOtherwise(s.element, query));
  return open.length === 1 && open[0].score >= best.score - TIE ? open[0] : undefined;
};

/**
 * "The source of push": the best match is a disclosure control whose text holds a method's whole header, but a
 * control inside it is named by the description outright ("source"). Clicking the outer one toggles, the inner
 * one leads somewhere: they are two things, so neither is a confident answer. The inner control found, if any.
 */
const sameWords = (a: string, b: string): boolean => words(a).join(' ') === words(b).join(' ');

const namedInside = (
  only: Scored,
  scored: Scored[],
  query: Query,
  byId: Map<string, SnapshotElement>,
): Scored | undefined => {
  if (!only.element.interactive || !query.terms.length) return undefined;
  const id = only.element.id;
  return scored.find((s) => {
    const e = s.element;
    if (!e.interactive || e.parent === undefined || e === only.element || !e.name || !ancestorsOf(e, byId).has(id))
      return false;
    const name = words(e.name);
    return name.length > 0 && name.every((w) => query.terms.includes(w));
  });
};

/**
 * "The second package" under the heading "Debian packages on vm": the items a heading's list counts are its
 * entries, not the page's tools standing under it too (a search box, a Help button, a tick box). With no kind of
 * control said, the links under it are the entries when there are several (two in a row to one place are one);
 * with one said, the elements of it.
 */
const itemsUnder = (scored: Scored[], heading: string, query: Query): Scored[] => {
  const under = scored.filter((s) => s.element.interactive && s.element.heading === heading);
  const entries = query.role
    ? under.filter((s) => s.kindFit === 1)
    : // A search result's title and its address, one after the other to one place, are one entry.
      under.filter((s, i) => s.element.role === 'link' && !(i > 0 && under[i - 1].element.href === s.element.href));
  return entries.length > 1 ? entries : under;
};

/**
 * "The contribs link of the first revision": equal links repeated once per entry of a list stand in one column,
 * one per row. When exactly one column holds several of them, the entry's ordinal counts down that column. A
 * copy elsewhere (the same word in a navigation bar) stands apart and is not counted; two such columns, or a
 * column with two in one row, are no answer.
 */
const byEntry = (tier: Scored[], ordinal: number): Scored | undefined => {
  const repeated = columnsOf(tier).filter((c) => c.length > 1);
  if (repeated.length !== 1) return undefined;
  const column = repeated[0].filter((s) => s.element.visible).sort((a, b) => a.element.box.y - b.element.box.y);
  if (new Set(column.map((s) => s.element.box.y)).size !== column.length) return undefined;
  return ordinal > 0 ? column[ordinal - 1] : column[column.length + ordinal];
};

/** The places in a sequence of pages a link's `rel` can name (the snapshot maps keys and rels to these). */
const STEPS = new Set(['next', 'previous', 'up', 'home', 'first', 'last', 'index', 'contents']);

/**
 * "Up" met equally by two "Up" links and an image whose alt also says "Up" but whose access key marks it as the
 * Home link (a slip in a page's markup): among equals, one the page marks as another step of its sequence is not
 * the step asked for, when others are marked as that step.
 */
const stepsAsked = (tier: Scored[], query: Query): Scored[] => {
  const asked = query.terms.filter((w) => STEPS.has(w));
  if (asked.length !== 1) return tier;
  const marks = (s: Scored) => (s.element.rel ? words(s.element.rel).filter((w) => STEPS.has(w)) : []);
  const marked = tier.filter((s) => marks(s).includes(asked[0]));
  if (!marked.length) return tier;
  return tier.filter((s) => marks(s).length === 0 || marks(s).includes(asked[0]));
};

/** Words a text has at least to be a title written again rather than a value (a status, a count). */
const TITLE_WORDS = 3;

/** A text as a person compares names by eye: spaces collapsed, outer punctuation and a section's number dropped. */
const asShown = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/^\d+(?:\.\d+)*\.? /, '');

/** A name without the leading article a description gives it ("the Jinja documentation"). */
const bare = (text: string): string => asShown(text).replace(/^(?:the|a|an)\s+/i, '');

/**
 * Equals of which one bears the description as its whole name: "Change all tables collations" beside "Change
 * all tables columns collations", or Vim's "gt" beside "gT" (the letter case is the difference between two
 * commands). The one whose name is the description as written, letter case included, else the one whose name
 * is it but for case, is meant; none or several such, or equals of different kinds, and the question stands.
 */
const namedAsWritten = (tier: Scored[], query: Query): Scored | undefined => {
  const written = asShown(query.text ?? '');
  // Only among elements of one kind, told apart by their names alone: a section's heading and a link elsewhere
  // of the same words are two places, which a name does not choose between.
  // An equal with no name of its own (an icon link after the same words) may be named by them: no telling apart.
  if (!written || tier.some((s) => !s.element.name.trim())) return undefined;
  const exact = tier.filter((s) => asShown(s.element.name) === written);
  // Letter case aside, a leading article says nothing of the name: "the list of contributors" names "list of
  // contributors", and "the reference manual" neither of "Reference manual" and "reference manual".
  const folded = tier.filter((s) => bare(s.element.name).toLowerCase() === bare(written).toLowerCase());
  // Among kinds, only a sole control bearing the name, letter case and all, with nothing else near it: "Options"
  // beside seventy headings and links that mention options among other words.
  if (tier.some((s) => s.element.role !== tier[0].element.role)) {
    const borne = exact.length ? exact : tier.filter((s) => asShown(s.element.name) === bare(written));
    const [only] = borne;
    return borne.length === 1 && folded.length === 1 && only.element.interactive && only.element.visible
      ? only
      : undefined;
  }
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) return undefined;
  return folded.length === 1 ? folded[0] : undefined;
};

/** How far below the best a control bearing the description as its whole name still stands beside it. */
const NAMED_SLACK = 0.15;

/**
 * "Archive" where a folder link and a toolbar button both bear that name: what else the page says of one (its
 * address repeats the word) does not tell which the caller means. Controls whose whole name is the description,
 * close enough to the best, stand with it as equals.
 */
const namedAlike = (sorted: Scored[], best: Scored, query: Query): Scored[] => {
  const written = asShown(query.text ?? '').toLowerCase();
  if (!written) return [];
  const isNamed = (s: Scored) => asShown(s.element.name).toLowerCase() === written;
  return sorted.filter(
    (s) =>
      s.score < best.score - TIE &&
      s.score >= Math.max(THRESHOLD, best.score - NAMED_SLACK) &&
      s.element.visible &&
      s.element.interactive &&
      isNamed(s),
  );
};

/**
 * "Scroll to the section on fs.watch": a section begins at its heading, which says its name whole, while links
 * in the text mention it in passing and may score higher on the words. When a heading fits, headings are the
 * candidates.
 */
const sectionToScrollTo = (sorted: Scored[], query: Query, intent: Intent): Scored[] => {
  if (intent !== 'scroll' || !query.section) return sorted;
  const headings = sorted.filter((s) => s.element.role === 'heading' && s.score >= THRESHOLD);
  return headings.length ? headings : sorted;
};

export const choose = (snapshot: PageSnapshot, scored: Scored[], query: Query, intent: Intent = 'click'): Answer => {
  // Only elements that could be reported are sorted: on a big page most score near nothing.
  const sorted = sectionToScrollTo(
    scored.filter((s) => s.score > 0.15).sort((a, b) => b.score - a.score || a.index - b.index),
    query,
    intent,
  );
  const best = sorted[0];
  if (!best || best.score < THRESHOLD) {
    const sole = best && soleOfKind(scored, best, query);
    if (sole) return { match: sole.element, confidence: Math.round(sole.score * 100) / 100 };
    return {
      none: true,
      reason: 'no element on the page matches the description well enough',
      closest: closestOf(sorted),
    };
  }
  const byId = new Map(snapshot.elements.map((element) => [element.id, element]));
  if (query.relation) return relate(snapshot, sorted, query, byId);
  const head = headOfPhrase(snapshot.elements, best, query);
  if (head) return { match: head, confidence: Math.round(Math.min(1, best.score) * 80) / 100 };
  let tier = literalName(
    saidWhole(
      offSiteNearby(
        dedupeNested([...sorted.filter((s) => s.score >= best.score - TIE), ...namedAlike(sorted, best, query)], byId),
        sorted,
        query,
        snapshot.url,
      ),
      sorted,
      query,
    ),
    sorted,
    query,
  );
  // A heading no link leads to (no id, no permalink) does nothing when clicked: beside controls that fit as
  // well, it is no rival ("the past releases": two "Prior Releases" links and the heading "Latest Release").
  if (
    (intent === 'click' || intent === 'hover') &&
    !query.section &&
    !query.role?.roles.has('heading') &&
    tier.some((s) => s.element.role === 'heading' && !s.element.interactive)
  ) {
    const anchors = headingAnchors(snapshot.elements, byId);
    const acting = tier.filter((s) => s.element.interactive || anchors.has(s.element.id));
    if (acting.length && acting.length < tier.length) tier = acting;
  }
  // A cell or text that only repeats a control's title (a FAQ's question in its table beside the link to it) is
  // the same thing written again: to click, the control is meant. Not a short value ("DOWN" in a host's row
  // beside a "Down" filter link): that is a datum of its own.
  if ((intent === 'click' || intent === 'hover') && tier.some((s) => !s.element.interactive)) {
    const titled = (s: Scored) => asShown(s.element.name).toLowerCase();
    const controls = new Set(tier.filter((s) => s.element.interactive).map(titled));
    const copy = (s: Scored) => controls.has(titled(s)) && titled(s).split(/\s+/).length >= TITLE_WORDS;
    const kept = tier.filter((s) => s.element.interactive || s.element.role === 'heading' || !copy(s));
    if (kept.length && kept.length < tier.length) tier = kept;
  }
  // Equals a person would not confuse: a field and its own label, a tab and the rows' copies of its action.
  if (query.ordinal === undefined && !query.position && query.containerOrdinal === undefined)
    tier = rowNamedBeside(
      tabOutsideRepeats(ownOverContext(fieldOverItsLabel(tier, query), query), query),
      query,
      snapshot.elements,
    );
  const outside = sorted.filter((s) => s.score < best.score - TIE);
  // One element and "second": there is no second (but "first name" with one match is that field).
  const ordinalApplies = query.ordinal !== undefined && (tier.length > 1 || Math.abs(query.ordinal) > 1);
  // "The first result" met only by the heading "Search results": a heading titles a list, it is not the first of
  // it, and the items under a page title are more than the list meant. Say so rather than click the title.
  if (
    query.ordinal !== undefined &&
    !ordinalApplies &&
    tier[0].element.role === 'heading' &&
    query.role?.word !== 'heading' &&
    intent !== 'scroll'
  ) {
    // Unless the links under it are plainly a list (one column of links drawn alike): then it counts them.
    const items = listUnder(tier[0].element, snapshot.elements, snapshot.url);
    const item = items && (query.ordinal > 0 ? items[query.ordinal - 1] : items[items.length + query.ordinal]);
    if (item) return { match: item, confidence: confidenceOf(tier[0], [tier[0], ...outside]) };
    return {
      none: true,
      reason: 'the description counts items of a list, and only a heading of that name is found',
      closest: [candidateOf(tier[0])],
    };
  }
  if (query.ordinal !== undefined && ordinalApplies) {
    // "The second popular post": the description names a list by its heading; the ordinal counts its items.
    const listHeading = tier.length === 1 && tier[0].element.role === 'heading' ? tier[0].element.name : undefined;
    const items = listHeading ? itemsUnder(scored, listHeading, query) : [];
    const ordered = withoutMentions(
      withoutParentRow(
        (items.length > 1 ? items : tabRow(rowLinksOf(tier, snapshot.elements), query)).sort(
          (a, b) => a.index - b.index,
        ),
        snapshot.elements,
      ),
      query,
    );
    const pick = query.ordinal > 0 ? ordered[query.ordinal - 1] : ordered[ordered.length + query.ordinal];
    if (!pick)
      return {
        none: true,
        reason: `only ${ordered.length} elements match the description, so there is no number ${query.ordinal > 0 ? query.ordinal : `${-query.ordinal} from the end`}`,
        closest: ordered.slice(0, 3).map(candidateOf),
      };
    tier = [pick];
  } else if (query.position && tier.length > 1) tier = byPosition(tier, query.position);
  else if (query.containerOrdinal !== undefined && tier.length > 1) {
    const entry = byEntry(tier, query.containerOrdinal);
    if (entry) tier = [entry];
  }
  if (tier.length === 1) {
    const only = tier[0];
    // "The index link" best met by a toggle styled as one, while a true link of that name exists (if hidden, in
    // the menu the toggle opens): the description names the kind, so a stand-in is no confident answer.
    // But a description that is nothing but a word that can be a kind ("Thumbnails") names the one element
    // whose whole name it is (a "Thumbnails" view option), not every image, which fit by their kind alone.
    const trueKind =
      (only.kindFit ?? 1) < 1 && !wholeName(only.element, query)
        ? sorted.find((s) => s !== only && s.kindFit === 1 && s.score >= THRESHOLD)
        : undefined;
    const inner = trueKind ? undefined : namedInside(only, sorted, query, byId);
    // A wrapper that says no more than the one control it holds (a menu's `li` around its "Sign out" link) is
    // that control: clicking the control is what clicking the wrapper would do.
    if (inner && sameWords(inner.element.name, only.element.name))
      return { match: inner.element, confidence: confidenceOf(inner, [inner, ...outside]) };
    if (inner)
      return {
        ambiguous: true,
        reason: 'the best match holds another control the description names; say which one',
        candidates: [only, inner].map(candidateOf),
      };
    // "The Status column header" met by the header's sort link "Status": a header, a caption or a heading is only
    // text, and the control that bears its very words is what clicking it does.
    const itsControl =
      trueKind &&
      !trueKind.element.interactive &&
      only.element.interactive &&
      intent === 'click' &&
      sameWords(trueKind.element.name, only.element.name);
    if (trueKind && !itsControl)
      return {
        ambiguous: true,
        reason: `the best match is no ${query.role?.word ?? 'element of the kind named'}, and one that is matches less well; say which one`,
        candidates: [only, trueKind].map(candidateOf),
      };
    // "Previous topic" names a box of one link: to click it is to click that link.
    const boxed =
      only.element.role === 'heading' &&
      !only.element.interactive &&
      (intent === 'click' || intent === 'hover') &&
      query.role?.word !== 'heading'
        ? boxedLink(snapshot.elements, only.element)
        : undefined;
    return {
      match: boxed ?? only.element,
      confidence: confidenceOf(only, only === best ? sorted : [only, ...outside]),
    };
  }
  tier = spelledAsWritten(formAsWritten(offSite(stepsAsked(tier, query), query, snapshot.url), query), query);
  if (tier.length === 1) return { match: tier[0].element, confidence: confidenceOf(tier[0], [tier[0], ...outside]) };
  const anchors = headingAnchors(snapshot.elements, byId);
  tier = chapterLevel(ownNameFirst(sectionOverMentions(tier, anchors), query, snapshot.url), query);
  // Equals that lead to one place are one answer.
  if (sameDestination(tier, anchors))
    return oneOfEquals(tier, (chosen) => confidenceOf(chosen, [chosen, ...outside]), intent);
  const named = namedAsWritten(tier, query);
  if (named) return { match: named.element, confidence: confidenceOf(named, [named, ...outside]) };
  return {
    ambiguous: true,
    reason: `${tier.length} elements match the description equally well; say which one (its text, where it is, or "first", "second", "last")`,
    candidates: tier.slice(0, 5).map(candidateOf),
  };
};
