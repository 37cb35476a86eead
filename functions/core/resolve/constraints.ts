/**
 * The last step of offline resolution: what the description states, the element chosen must satisfy. Scoring
 * weighs a description's words softly, so a constraint it could not apply (an ordinal with no list to count, a
 * place the element is not in) can be outweighed by a word match elsewhere. Here each is checked as a yes or no
 * on the answer: a match that breaks one becomes an abstention naming the candidates, or, where the constraint
 * can be applied after all (the Nth link of a region, in document order), the element it picks. A wrong click
 * is worse than an honest "none" or "several".
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import { gatherEvidence } from './evidence.js';
import { GENERIC, ORDINALS } from './query-words.js';
import type { Query } from './query.js';
import type { Answer } from './resolver.js';
import { inRegion, type Intent, type Scored } from './score.js';
import { ancestorsOf, candidateOf, dedupeNested, headingAnchors, TIE } from './tier.js';
import { isField } from './fields.js';
import type { Stated } from './stated.js';
import { STOPWORDS, stemOf, words } from './words.js';
import { countUnderHeading, listTitle, stepsNotList } from './counted.js';
import { kindOnly, otherName } from './names.js';
import { clickableRow, clickableRowAmong } from './clickable-row.js';
import { roleFit } from './roles.js';
import { literalPart } from './narrow.js';
import { logInForm } from './log-in.js';
import { stepTitle } from './step-title.js';
import { namedHome } from './home.js';
import { allBox, dataCell, layoutCell, ofRow, rowBox, rowControl, rowOfBest, rowOfValue } from './row-control.js';
import { resultAsked } from './results.js';
import {
  complementAbsent,
  contextOnly,
  halfSaid,
  oppositeStep,
  partInProse,
  rivalSaysRest,
  bareNumberRival,
  tablePartAsked,
} from './unsaid.js';
import {
  homeInPage,
  imageNoControl,
  hiddenText,
  leadsToItself,
  numberAbsent,
  otherSection,
  stepLabelUnsaid,
  stepWordInside,
  actionOnField,
  stepNotOffered,
} from './not-offered.js';
import { scopeNamedOnly } from './scope-named.js';
import { memberAbsent } from './series.js';
import { otherUnit, unitAsked } from './sequence-unit.js';
import { cellAt } from './cell-at.js';
import { actionUnsaid, choiceAsked, orderUnsaid, ordinalUnsaid, rowSibling } from './qualifiers.js';

export type { Stated } from './stated.js';

/** Roles that title or label other content: clicking one does not act on what it labels. */
const LABEL_ROLES = new Set(['heading', 'rowheader', 'columnheader', 'term', 'caption', 'legend', 'label']);

export const ranked = (scored: Scored[]): Scored[] =>
  scored.filter((s) => s.score > 0.15).sort((a, b) => b.score - a.score || a.index - b.index);

/** The controls a label titles: under a heading, in a row or column, or right after a term. */
const labelledBy = (label: SnapshotElement, sorted: Scored[]): Scored[] =>
  sorted.filter(
    (s) =>
      s.element.interactive &&
      (s.element.heading === label.name ||
        s.element.row === label.name ||
        s.element.column === label.name ||
        s.element.near === label.name),
  );

/**
 * "The contact email" best met by the row header "Contact:", "the top-level namespace" by the heading
 * "Namespaces": a label names what it labels, it is not that thing. Unless a label is what the description asks
 * for (its kind, a section of a document), or the label is itself a place a link leads to (a section heading
 * with an anchor, which a contents entry points to), a label chosen to click or hover is no answer.
 */
const labelOnly = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query, intent, snapshot } = stated;
  if (match.interactive || !LABEL_ROLES.has(match.role) || (intent !== 'click' && intent !== 'hover')) return undefined;
  if (query.role?.roles.has(match.role)) return undefined;
  if (match.role === 'heading') {
    const byId = new Map(snapshot.elements.map((e) => [e.id, e]));
    // "[src] of the declaration" met by the heading "Declaration [src]": the control inside it that the
    // description names whole is what is clicked, not the heading around it.
    const said = new Set(words(stated.description));
    const inner = snapshot.elements.filter((e) => {
      if (!e.interactive || !e.visible || !ancestorsOf(e, byId).has(match.id)) return false;
      const name = words(e.name);
      return name.length > 0 && name.every((w) => said.has(w));
    });
    if (inner.length === 1) return { match: inner[0], confidence: 0.6 };
    const anchors = headingAnchors(snapshot.elements, byId);
    if (anchors.has(match.id)) return undefined;
    // "The chapter on the C API" clicked: a heading no link leads to does nothing, a link to the chapter would.
    if (query.section && intent !== 'click') return undefined;
  } else if (query.section) return undefined;
  const labelled = labelledBy(match, sorted);
  // A label cell or term beside one field (`<th>System</th><td><select>`): naming the label is naming the field,
  // as a `<label for>` would. Not a heading (it titles a whole part), and not beside links or buttons (a row of
  // records' actions is several things to choose from).
  const field =
    labelled.length === 1 && match.role !== 'heading' && isField(labelled[0].element) ? labelled[0] : undefined;
  const label = sorted.find((s) => s.element === match);
  if (field)
    return { match: field.element, confidence: Math.round(Math.min(1, label?.score ?? field.score) * 80) / 100 };
  const others = (labelled.length ? labelled : sorted.filter((s) => s.element.interactive)).slice(0, 4);
  return {
    ambiguous: true,
    reason: `the best match is the ${match.role} "${match.name}", which labels other elements rather than being one to ${intent}; say which one`,
    candidates: [...(label ? [label] : []), ...others].map(candidateOf),
  };
};

const counting = (ordinal: number): string => (ordinal > 0 ? `number ${ordinal}` : `number ${-ordinal} from the end`);

/**
 * "The first change" met by the link "Recent Changes" and a dropdown "View changes of": an ordinal counts like
 * items, and elements of different kinds that share a word are no list. With one element matching, it counts
 * nothing, and a name the description only touches ("change" of "Recent Changes") is a word match, not the
 * list of changes meant. One match and "first" stands only when the description covers its whole name ("the
 * first name field" for "First name", "the first Add to cart button" when there is one). Copies of one link
 * count as one: "the last setting" is no copy of "To list of settings" repeated at the foot of a list of settings.
 */
const uncountedOrdinal = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query, snapshot, description } = stated;
  if (query.ordinal === undefined || query.relation || !sorted.length) return undefined;
  const byId = new Map(snapshot.elements.map((e) => [e.id, e]));
  const tier = dedupeNested(
    sorted.filter((s) => s.score >= sorted[0].score - TIE),
    byId,
  );
  if (!tier.some((s) => s.element === match)) return undefined; // counted among the items under a heading
  // Copies of one link (the same name to the same place, at the top and the foot of a page) are one item.
  const distinct = new Set(tier.map((s) => `${s.element.role} ${s.element.name} ${s.element.href ?? s.element.id}`));
  if (distinct.size > 1) {
    // Counting needs like items: a link and a dropdown that share a word are not a list with a first. Items all
    // of the kind the description names are alike however they are made ("the second text field": a text box
    // and a number box are both fields).
    if (tier.every((s) => s.element.role === match.role)) return undefined;
    const kind = query.role;
    if (kind && tier.every((s) => roleFit(s.element, kind) >= 1)) return undefined;
    return {
      ambiguous: true,
      reason: `the description counts items (${counting(query.ordinal)}), but what matches it is of different kinds; say which one`,
      candidates: tier.slice(0, 5).map(candidateOf),
    };
  }
  const said = new Set(words(description));
  const name = words(match.name);
  // The counting word is the name's own ("3.4 Final touches", "4.2.10. Creating the First User"): the name said
  // whole, its section number aside.
  const own = name.some((w) => ORDINALS[w] !== undefined) ? name.filter((w) => !/^[\d.]+$/.test(w)) : name;
  if (own.length && own.every((w) => said.has(w))) return undefined;
  return {
    none: true,
    reason: `the description counts items (${counting(query.ordinal)}), but only one element matches it, and only in part; say which one`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** Region names that hold the page's main content: a wrapper (a page `div` classed "hasSidebar"), not a part of it. */
const wrappersOf = (elements: SnapshotElement[]): Set<string> => {
  const out = new Set<string>();
  for (const element of elements) {
    const regions = element.region ?? [];
    const main = regions.findIndex((r) => r === 'main' || r.startsWith('main '));
    for (let i = 0; i < main; i += 1) out.add(regions[i]);
  }
  return out;
};

/** Whether the element sits in a region of the kind, the page's wrappers not counted; a region named with the word counts. */
const properlyIn = (element: SnapshotElement, kind: string, word: string[], wrappers: Set<string>): boolean =>
  element.region?.some(
    (entry) =>
      !wrappers.has(entry) &&
      (inRegion({ ...element, region: [entry] }, kind) ||
        (word.length > 0 && word.every((w) => words(entry).includes(w)))),
  ) ?? false;

/** "In the sidebar", "on the footer": the region word after a preposition says where, never what the element is called. */
const statedAsPlace = (description: string, word: string): boolean =>
  new RegExp(
    `\\b(?:in|inside|within|on|at|from)\\s+(?:(?:the|a|this|its|page|page's)\\s+)?(?:\\w+\\s+)?${word}`,
    'i',
  ).test(description);

/**
 * "The last link in the sidebar" on a page whose wrapper is classed "hasSidebar": every element is in that
 * "sidebar", so the place cannot tell them apart, and a link whose text says "sidebars" wins. The place is a yes
 * or no: the element must sit in a region of that kind that is not the page's wrapper (or one named so). One
 * named with the region word passes too, unless the word came after "in" ("the sidebar page" may be a link
 * named "sidebar"; "the link in the sidebar" is a place). When the description counts elements of a kind in the
 * place ("the last link in the sidebar") and names nothing else, they are counted there in document order.
 */
const outsidePlace = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query, snapshot, description } = stated;
  if (!query.regions.length) return undefined;
  const wrappers = wrappersOf(snapshot.elements);
  for (const [i, kind] of query.regions.entries()) {
    const word = words(query.regionWords[i] ?? kind);
    if (!snapshot.elements.some((e) => inRegion(e, kind))) {
      // A place the page does not mark weighs nothing, but elements counted in it ("the last link in the header")
      // are then counted over the whole page. From the end of the page where such a part stands (a header's or a
      // menu's first links are the page's first, a footer's last its last) that is the same count; from the other
      // end, or in a part that stands at neither, the Nth of the page is not the Nth of a part it does not draw.
      const { ordinal } = query;
      const fromItsEnd =
        ordinal !== undefined &&
        (kind === 'footer' ? ordinal < 0 : (kind === 'header' || kind === 'nav') && ordinal > 0);
      if (
        ordinal !== undefined &&
        !fromItsEnd &&
        countsOnlyKind(query) &&
        statedAsPlace(description, query.regionWords[i] ?? kind)
      )
        return {
          none: true,
          reason: `the page marks no ${query.regionWords[i] ?? kind} to count ${query.kindWord ?? 'elements'} in; say which element`,
          closest: sorted.slice(0, 3).map(candidateOf),
        };
      continue;
    }
    const place = statedAsPlace(description, query.regionWords[i] ?? kind);
    // "The second link in the sidebar": every link there counts, in document order, not only those that scored
    // alike (a contents' top entry leading to "#" scores lower, and is still the first).
    const counted = place ? countIn(stated, kind, word, wrappers) : undefined;
    if (counted) return counted;
    if (properlyIn(match, kind, word, wrappers)) continue;
    if (!place && word.length && word.every((w) => words(match.name).includes(w))) continue;
    const inside = sorted.filter((s) => properlyIn(s.element, kind, word, wrappers));
    return {
      none: true,
      reason: `the best match "${match.name}" is not in the ${query.regionWords[i] ?? kind} the description names`,
      closest: [...inside.slice(0, 2), ...sorted.slice(0, 1)]
        .filter((s, j, all) => all.indexOf(s) === j)
        .map(candidateOf),
    };
  }
  return undefined;
};

/** "The second link in the sidebar": nothing but a kind, a place and an ordinal (no name, no other hint). */
const countsOnlyKind = (query: Query): boolean =>
  !query.terms.length &&
  !query.quotes.length &&
  !query.relation &&
  query.hints.every((h) => h === query.kindWord || query.regionWords.includes(h));

/** The Nth element of the kind asked, among the visible ones in the place, in document order. */
const countIn = (stated: Stated, kind: string, word: string[], wrappers: Set<string>): Answer | undefined => {
  const { query, scored } = stated;
  const { ordinal, role } = query;
  if (ordinal === undefined || !role || !countsOnlyKind(query)) return undefined;
  // A link that goes nowhere ("#", a script's) fits "link" less as a target, but is one of the links a person counts.
  const seen = (s: Scored) => s.kindFit === 1 || (role.word === 'link' && s.element.role === 'link');
  const items = scored
    .filter((s) => seen(s) && s.element.visible && properlyIn(s.element, kind, word, wrappers))
    .sort((a, b) => a.index - b.index);
  const pick = ordinal > 0 ? items[ordinal - 1] : items[items.length + ordinal];
  if (items.length < 2 || !pick) return undefined;
  return { match: pick.element, confidence: Math.round(Math.min(1, pick.score) * 60) / 100 };
};

/**
 * "The second link in the sidebar" where scoring found one link named with "sidebar" and so no second: when the
 * description is only a kind, a place named after "in" and an ordinal, the kind is counted in that place.
 */
const countedInPlace = (stated: Stated): Answer | undefined => {
  const { query, snapshot, description } = stated;
  if (query.ordinal === undefined || !countsOnlyKind(query)) return undefined;
  const wrappers = wrappersOf(snapshot.elements);
  for (const [i, kind] of query.regions.entries()) {
    const said = query.regionWords[i] ?? kind;
    if (statedAsPlace(description, said)) return countIn(stated, kind, words(said), wrappers);
  }
  return undefined;
};

/** Below this confidence a match is already reported as doubtful (`low_confidence` warns below 0.6). */
const DOUBTFUL = 0.5;
/** Share of the element's own name the description covers, below which the description only touches the name. */
const TOUCHED = 0.5;

/**
 * "The mailing list" met by the link "docutils-develop@lists.sourceforge.net": one word of five in its name, the
 * other only in its link target's scheme (`mailto:`). A doubtful match whose own name the description mostly
 * does not say is a word met in passing, not the element described: say which, rather than act on it.
 */
const touchedInPassing = (match: SnapshotElement, confidence: number, stated: Stated, sorted: Scored[]) => {
  if (confidence >= DOUBTFUL || !stated.query.terms.length) return undefined;
  // Its own name only (one element): cheap next to the scoring pass, and only for doubtful matches.
  const { precision } = gatherEvidence([match], stated.query);
  if (precision[0] >= TOUCHED) return undefined;
  return {
    none: true as const,
    reason: `the best match "${match.name}" shares only a word or two with the description; say which element`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * "Search" met by the change log's "Add next_high_water search": a one-word description that a record's text in
 * a table says in passing (the third of four words, under a column that is not about it) names what the record
 * is about, not a control. A page with a search has it by that name; this one does not.
 */
const mentionedInRecord = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query } = stated;
  const specific = query.terms.filter((w) => !STOPWORDS.has(w) && !GENERIC.has(w));
  if (specific.length !== 1 || query.role || query.relation || query.scope || query.regions.length) return undefined;
  if (!inRegion(match, 'table') || !match.column) return undefined;
  const name = words(match.name).filter((w) => !STOPWORDS.has(w));
  const at = name.findIndex((w) => stemOf(w) === stemOf(specific[0]));
  if (name.length < 3 || at <= 0) return undefined;
  if (words(match.column).some((w) => stemOf(w) === stemOf(specific[0]))) return undefined;
  return {
    none: true,
    reason: `"${specific[0]}" is only a word in the record "${match.name}"; say which element`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * "The sidebar page" on a page with no sidebar, met by the link "Show page": the only word of the description it
 * carries is "page", which any page link has, and the word that says which page ("sidebar") is nowhere on it. A
 * match on generic words alone (a kind of page or element, "page", "section", "link") while a specific word of
 * the description is missing is no evidence, unless those words are its whole name.
 */
const genericOnly = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query, snapshot } = stated;
  const said = [...query.terms, ...query.optional, ...query.hints];
  // A place the page marks is checked as a place (`outsidePlace`), whatever its region is called.
  const marked = query.regionWords.filter((_, i) => snapshot.elements.some((e) => inRegion(e, query.regions[i])));
  const generic = (w: string) => GENERIC.has(w) || STOPWORDS.has(w) || w === query.kindWord || marked.includes(w);
  const specific = [...query.terms, ...query.hints].filter((w) => !generic(w));
  if (!specific.length) return undefined;
  const { best, width, precision } = gatherEvidence([match], query);
  // A generic word that is the element's whole name ("Documentation", "Reference") names it.
  if (precision[0] >= 1) return undefined;
  const carried = (w: string) => said.some((s, i) => s === w && best[i] > 0 && i < width);
  if (specific.some(carried) || !said.some(carried)) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" shares only generic words with the description, not "${specific.join(' ')}"`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** The answer, kept when it satisfies what the description states, else an abstention (or the element counted). */
export const constrain = (answer: Answer, stated: Stated): Answer => {
  const sorted = ranked(stated.scored);
  const everyRow = allBox(stated, sorted);
  if (everyRow) return everyRow;
  if (!('match' in answer)) {
    const result = resultAsked(answer, stated, sorted);
    return (
      countedInPlace(stated) ??
      unitAsked(stated) ??
      cellAt(stated) ??
      rowOfBest(stated, sorted) ??
      rowOfValue(stated) ??
      clickableRowAmong(answer, stated, sorted) ??
      (result && 'match' in result ? result : answer)
    );
  }
  return (
    // "Sign in" where a log-in form is shown: its button, not a link to the log-in page.
    logInForm(answer.match, stated) ??
    // The title under a step link of a manual's navigation table: that step.
    stepTitle(answer.match, stated) ??
    // "The Git home page": the start page of the name said, not this site's own home.
    namedHome(answer.match, stated) ??
    // "Next" met only inside a title or a record's description ("… and goto next line"): no step link, before a
    // row's own link could stand in for the text that mentions the word.
    stepWordInside(answer.match, stated, sorted) ??
    // A row that answers a click itself holds the record's controls: one of them is meant.
    clickableRow(answer.match, stated, sorted) ??
    // A box asked for, a record's link or cell met: the row's one box selects that record.
    rowBox(answer.match, stated) ??
    // A cell is no control: the one in its row the description names is (or the resolver asks which).
    rowControl(answer.match, stated, sorted) ??
    // A header cell met ("Offline Messages" for "keeper's offline messages"): the cell under it in the row named.
    (answer.match.interactive ? undefined : cellAt(stated)) ??
    layoutCell(answer.match, stated, sorted) ??
    // On a page of search results, "the first result" counts the results, not every link.
    resultAsked(answer, stated, sorted) ??
    labelOnly(answer.match, stated, sorted) ??
    // The place first: where it holds like items, an ordinal is applied there rather than refused.
    outsidePlace(answer.match, stated, sorted) ??
    countUnderHeading(answer.match, stated, sorted) ??
    uncountedOrdinal(answer.match, stated, sorted) ??
    stepsNotList(answer.match, stated, sorted) ??
    listTitle(answer.match, stated, sorted) ??
    touchedInPassing(answer.match, answer.confidence, stated, sorted) ??
    mentionedInRecord(answer.match, stated, sorted) ??
    genericOnly(answer.match, stated, sorted) ??
    oppositeStep(answer.match, stated, sorted) ??
    otherUnit(answer.match, stated, sorted) ??
    stepNotOffered(answer.match, stated, sorted) ??
    stepLabelUnsaid(answer.match, stated, sorted) ??
    actionOnField(answer.match, stated, sorted) ??
    imageNoControl(answer.match, stated, sorted) ??
    hiddenText(answer.match, stated, sorted) ??
    homeInPage(answer.match, stated, sorted) ??
    leadsToItself(answer.match, stated, sorted) ??
    contextOnly(answer.match, stated, sorted) ??
    partInProse(answer.match, stated, sorted) ??
    rivalSaysRest(answer.match, stated, sorted) ??
    bareNumberRival(answer.match, stated, sorted) ??
    otherName(answer.match, stated, sorted) ??
    kindOnly(answer.match, stated, sorted) ??
    complementAbsent(answer.match, stated, sorted) ??
    memberAbsent(answer.match, stated, sorted) ??
    numberAbsent(answer.match, stated, sorted) ??
    otherSection(answer.match, stated, sorted) ??
    literalPart(answer.match, stated, sorted) ??
    ofRow(answer.match, stated, sorted) ??
    scopeNamedOnly(answer.match, stated, sorted) ??
    rowSibling(answer.match, stated, sorted) ??
    orderUnsaid(answer.match, stated, sorted) ??
    choiceAsked(answer.match, stated, sorted) ??
    actionUnsaid(answer.match, stated, sorted) ??
    ordinalUnsaid(answer.match, stated, sorted) ??
    halfSaid(answer.match, stated, sorted) ??
    tablePartAsked(answer.match, stated, sorted) ??
    // Last, once no reading refused the cell: its row's one link is the record it names, or the resolver asks.
    dataCell(answer.match, stated, sorted) ??
    answer
  );
};
