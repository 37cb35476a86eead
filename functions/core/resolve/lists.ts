/**
 * "The first result", "the last file in the list", "the second printer": a description that counts the items of
 * a list by the kind of thing they are, a kind the items themselves seldom name ("result" is on no result). A
 * person finds the list that holds things of that kind and counts down it. So does this reading:
 *
 * - a list is the links of one part of the page (one heading, one region) standing in one column, one per line;
 * - a list holds the kind named when its heading, region or column header says it, or when its items do (in
 *   their text or in where they lead: `/printers/…`, `package-summary.html`); then only the items that say it
 *   are counted (a file list's folders are no files);
 * - a place named after the kind ("in the classes table", "under Related links") must be said by the list too;
 * - a kind that is only "result", "item" or "entry" needs such a place, the one list a search made (its heading
 *   or region speaks of a search or results), or else the one list outside the page's frame.
 *
 * It answers only when every list that fits gives the same item; anything else is left to the resolver's own
 * abstention, since counting in the wrong list is a wrong click. An element that only titles the list counted
 * ("Topics" for "the last topic") is no answer either: with no list to count, it becomes an abstention.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import { columnsBy } from './equals.js';
import { isWayUp } from './listing.js';
import { ALIGNED, aroundContent, ORDINAL_WORDS } from './page-order.js';
import { contentsLinks } from './scope.js';
import { REGION_WORDS, VERBS } from './query-words.js';
import { inRegion } from './score.js';
import type { Answer } from './resolver.js';
import { ROLE_WORDS, roleFit } from './roles.js';
import { linkWords, STOPWORDS, stemOf, tokenMatch, words } from './words.js';

/** Kinds that fit any list's items: they say to count, not what. */
const ANY_ITEM = new Set(['result', 'item', 'entry', 'link', 'one', 'row', 'hit', 'match', 'element', 'thing']);
/** Kinds that are what a search found: counted in the list a heading or region calls a search or its results. */
const FOUND = new Set(['result', 'hit', 'match']);
const SEARCH_WORDS = ['search', 'result', 'found', 'match', 'hit'].map(stemOf);

/** Places that name no particular list: the list the kind says is meant. */
const ANY_LIST = new Set(['list', 'result', 'page', 'table', 'listing', 'search']);
/** Words that name a list as such, in a title ("Domain List") as in a description. */
const LIST_WORDS = new Set(['list', 'listing', 'table']);

const ORDINAL = `(?:${ORDINAL_WORDS})`;
/** "… the <ordinal> <kind> [in|under|of … <place>]": the kind and the place as written. */
const COUNTED = new RegExp(
  `\\b${ORDINAL}(?:[\\s-]+to[\\s-]+last)?\\s+(.+?)(?:\\s+(?:in|under|within|inside|among|from|on|of|below|beneath)\\s+(?:the\\s+)?(.+))?$`,
);

const significant = (text: string): string[] =>
  words(text)
    .filter((w) => !STOPWORDS.has(w))
    .map(stemOf);

/** A word that is an ordinal on its own ("first", "last", "2nd"). */
const ORDINAL_WORD = new RegExp(`^${ORDINAL}$`);
/** A name saying the wanted words among at least three words of its own. */
const inPassing = (name: string[], wanted: string[], description: string): boolean =>
  name.length >= wanted.length + 3 &&
  sayAll(name, wanted) &&
  // An ordinal word the name says too is part of the name ("Build your first project", "Last modified").
  !name.some((w) => ORDINAL_WORD.test(w) && new RegExp(`\\b${w}\\b`).test(description.toLowerCase()));

const sayAll = (tokens: string[], wanted: string[]): boolean =>
  wanted.every((w) => tokens.some((t) => tokenMatch(w, t) >= 0.7));

/**
 * Whether a list's title says the place: its words, or the region they name ("in the sidebar" is said by the list's
 * `aside` region, whatever the page calls it).
 */
const placeSaid = (title: string[], place: string[]): boolean =>
  place.every((w) => sayAll(title, [w]) || (Object.hasOwn(REGION_WORDS, w) && sayAll(title, [REGION_WORDS[w]])));

interface List {
  items: SnapshotElement[];
  /** What the page says of the list as a whole: its heading, regions and the items' column header. */
  title: string[];
  /** The items' column header alone: a table's own word for what each row is. */
  column: string[];
  /** Items side by side on one line (cards), not down a column. */
  across?: boolean;
}

/**
 * A column's runs of items in one table: the snapshot names every table alike, so two tables one above the other
 * (a page's categories, then its users) share a column. A column header between two items starts another.
 */
const runsOf = (column: SnapshotElement[], headers: SnapshotElement[]): SnapshotElement[][] => {
  const sorted = [...column].sort((a, b) => a.box.y - b.box.y);
  const runs: SnapshotElement[][] = [[sorted[0]]];
  sorted.slice(1).forEach((item, i) => {
    const above = sorted[i];
    if (headers.some((h) => h.box.y > above.box.y + above.box.height / 2 && h.box.y < item.box.y)) runs.push([]);
    runs[runs.length - 1].push(item);
  });
  return runs;
};

/** A table's header cell stands this close above the first row it heads. */
const HEAD_GAP = 60;

/**
 * The header of a table's column written as an ordinary cell (old reports mark it with a class, not `<th>`: lcov's
 * "Directory", "Filename"): the nearest cell of text right above the column's first link, in the same table,
 * across its left edge. What it says is the column's kind, as a `<th>` would say it.
 */
const headCellAbove = (cells: Map<string, SnapshotElement[]>, first: SnapshotElement): SnapshotElement | undefined => {
  if (!inRegion(first, 'table')) return undefined;
  let best: SnapshotElement | undefined;
  for (const e of cells.get((first.region ?? []).join('>')) ?? []) {
    const above = first.box.y - (e.box.y + e.box.height);
    if (above < -ALIGNED || above > HEAD_GAP) continue;
    if (first.box.x < e.box.x - ALIGNED || first.box.x > e.box.x + e.box.width) continue;
    if (!best || e.box.y > best.box.y) best = e;
  }
  return best;
};

/** The cells of text in tables, by the table they stand in: where a column's header may be. */
const textCells = (elements: SnapshotElement[]): Map<string, SnapshotElement[]> => {
  const cells = new Map<string, SnapshotElement[]>();
  for (const e of elements) {
    if (e.interactive || e.role !== 'cell' || !e.name.trim() || !inRegion(e, 'table')) continue;
    const key = (e.region ?? []).join('>');
    const list = cells.get(key);
    if (list) list.push(e);
    else cells.set(key, [e]);
  }
  return cells;
};

/** The links of one heading and region, standing in one column one per line, in order down the page. */
const listsOf = (elements: SnapshotElement[]): List[] => {
  const parts = new Map<string, SnapshotElement[]>();
  for (const e of elements) {
    if (e.role !== 'link' || !e.interactive || !e.visible || e.box.height <= 0) continue;
    const key = `${e.heading ?? ''}\u0000${(e.region ?? []).join('>')}`;
    parts.set(key, [...(parts.get(key) ?? []), e]);
  }
  const headers = elements.filter((e) => e.role === 'columnheader');
  let cells: Map<string, SnapshotElement[]> | undefined;
  const lists: List[] = [];
  const add = (items: SnapshotElement[], across = false) => {
    const first = items[0];
    const column = first.column ?? (across ? undefined : headCellAbove((cells ??= textCells(elements)), first)?.name);
    const title = [first.heading, ...(first.region ?? []), column].flatMap((t) => (t ? significant(t) : []));
    lists.push({ items, title, column: column ? significant(column) : [], across });
  };
  // A board of cards (a project list, a gallery) stands in one line, read left to right: its links out of any
  // table (a table's row is one record's fields and actions, no list of things).
  for (const links of parts.values())
    for (const line of linesOf(links.filter((e) => !e.row && !inRegion(e, 'table'))))
      if (line.length > 1 && !line.some(inProse) && new Set(line.map((e) => e.href)).size === line.length)
        add(line, true);
  for (const links of parts.values())
    for (const column of columnsBy(links, (e) => e, ALIGNED))
      if (new Set(column.map((e) => e.box.y)).size === column.length)
        // Copies of a few links down a column (each row's return type, "gsize" three times) are no list of things.
        for (const items of runsOf(column, headers))
          if (items.length > 1 && new Set(items.map((e) => e.href)).size === items.length) add(items);
  return lists;
};

/** A link after words or a comma is a mention in a sentence ("see a, b and c"), no card. */
const inProse = (e: SnapshotElement): boolean => /\p{L}{2}|[,;]/u.test(e.near ?? '');

/** Links whose middles stand on one line, each line in order across the page (a sweep down the page). */
const linesOf = (links: SnapshotElement[]): SnapshotElement[][] => {
  const middle = (e: SnapshotElement) => e.box.y + e.box.height / 2;
  const lines: SnapshotElement[][] = [];
  let top = Number.NEGATIVE_INFINITY;
  for (const e of [...links].sort((a, b) => middle(a) - middle(b))) {
    if (middle(e) - top > ALIGNED) {
      lines.push([]);
      top = middle(e);
    }
    lines[lines.length - 1].push(e);
  }
  return lines.map((line) => line.sort((a, b) => a.box.x - b.box.x));
};

const itemSays = (item: SnapshotElement, kind: string[]): boolean =>
  sayAll([...significant(item.name), ...linkWords(item.href)], kind);

/** A list in a region around the main content: a kind that says only "result" is not counted there. */
const around = (list: List): boolean => list.items.every(aroundContent);

/**
 * The items of the list that are of the kind, or none when the list is not a list of it. Said of the list as a
 * whole, every item counts, when there are enough of them to be a list at all (two links that happen to line up
 * under one heading are not) or their column's header says it. Said by items, at least two and half the list
 * must say it, and only those count: a menu's "New Ticket" says "ticket" but is no ticket, and it stands among
 * other entries.
 */
const ofKind = (list: List, kind: string[], place: string[]): SnapshotElement[] => {
  if (place.length && !placeSaid(list.title, place)) return [];
  // A line of links is a menu as often as a board of cards: a list of the kind only when every one says it.
  if (list.across) return kind.length && list.items.every((item) => itemSays(item, kind)) ? list.items : [];
  if ((!kind.length || sayAll(list.title, kind)) && list.items.length > 2) return list.items;
  // A column headed by the kind ("Tag") is a list of it however short.
  if (kind.length && sayAll(list.column, kind)) return list.items;
  if (!kind.length) return [];
  const saying = list.items.filter((item) => itemSays(item, kind));
  return saying.length > 1 && saying.length * 2 >= list.items.length ? saying : [];
};

interface Count {
  /** The words saying what is counted, as written ("main command", "result"). */
  named: string[];
  /** Of those, the ones that say a kind (not "result", "item", "entry"). */
  kind: string[];
  /** The words of the place named after it ("classes table", "related links"), but for "the list" and such. */
  place: string[];
  /** The place is the page itself ("the last link on the page"): every element of the kind counts, in order. */
  wholePage: boolean;
  /** Words before the ordinal ("raw link" in "the raw link of Alice's first message"): more than the item counted. */
  before: string[];
}

/** Words that name the page as a whole. */
const WHOLE_PAGE = new Set(['page', 'whole', 'entire', 'this'].map(stemOf));

/** What the description counts, or nothing when it counts no list (a name with words of its own, "the last 7 days"). */
const countOf = (description: string): Count | undefined => {
  const said = description.toLowerCase().replace(/[.?!]+$/, '');
  const parts = COUNTED.exec(said);
  if (!parts) return undefined;
  const named = significant(parts[1]);
  if (named.length > 3 || named.some((w) => /\d/.test(w))) return undefined;
  const placed = words(parts[2] ?? '').map(stemOf);
  return {
    named,
    kind: named.filter((w) => !ANY_ITEM.has(w)),
    place: significant(parts[2] ?? '').filter((w) => !ANY_LIST.has(w)),
    wholePage: placed.includes('page') && placed.every((w) => WHOLE_PAGE.has(w) || STOPWORDS.has(w)),
    // What a verb before the first article does ("deactivate the last admin") and the kind of element reached
    // from the item ("the link to the first comment") say no more than the item counted.
    before: significant(
      said
        .slice(0, parts.index)
        .replace(VERBS, '')
        .replace(/^.*?\bthe\s+/, ''),
    ).filter((w) => ROLE_WORDS[w] === undefined),
  };
};

/** Two lists that are columns of one table: under one heading, in one table region. */
const oneTable = (a: List, b: List): boolean => {
  const [x, y] = [a.items[0], b.items[0]];
  return (
    !a.across &&
    !b.across &&
    inRegion(x, 'table') &&
    x.heading === y.heading &&
    (x.region ?? []).join('>') === (y.region ?? []).join('>')
  );
};

/** Links that all say the same: an action on each row's record, not the records. */
const sameName = (items: SnapshotElement[]): boolean =>
  new Set(items.map((e) => e.name.trim().toLowerCase())).size === 1;

/**
 * Of a table's columns of links, the records' own: their names differ from row to row, while a column of actions
 * on them ("Items", "Triggers" on every host's row) says the same each time; and of several such columns, the ones
 * that lead to the kind (`triggers.php?form=update` for "the first trigger"), not the items each row mentions.
 */
const recordColumns = <T extends { items: SnapshotElement[] }>(columns: T[], kind: string[]): T[] => {
  const named = columns.filter(({ items }) => !sameName(items));
  const records = named.length ? named : columns;
  const leading = records.filter(
    ({ items }) => kind.length && 2 * items.filter((i) => itemSays(i, kind)).length >= items.length,
  );
  return leading.length ? leading : records;
};

/** Kinds a table of contents lists: its entries are the page's sections. */
const CONTENTS_KINDS = new Set(['section', 'chapter', 'part', 'heading', 'topic'].map(stemOf));

/**
 * "The first entry of the table of contents": the page's contents as its links stand (runs of links to its own
 * headings, whatever the markup calls them), counted in document order.
 */
const contentsEntry = (snapshot: PageSnapshot, { kind, place }: Count, ordinal: number) => {
  if (place.length !== 1 || place[0] !== 'content' || !kind.every((w) => CONTENTS_KINDS.has(w))) return undefined;
  // Counted from the start only: where the contents end, the links to places in the page may go on (an index's
  // letters, a list of figures) with nothing between to tell them apart.
  if (ordinal < 0) return undefined;
  // The first run of them: a later one is another list of places in the page (an index's letters, a section's own
  // contents), which the table of contents is not.
  const ids = contentsLinks(snapshot.elements);
  const start = snapshot.elements.findIndex((e) => ids.has(e.id));
  if (start < 0) return undefined;
  const items: SnapshotElement[] = [];
  for (const e of snapshot.elements.slice(start)) {
    if (e.interactive && !ids.has(e.id)) break;
    if (ids.has(e.id) && e.visible) items.push(e);
  }
  return items[ordinal - 1];
};

/**
 * A tree of links (a contents with its sub-entries, commands with their options) stands as a column per level
 * under one heading: a level further in that starts below the start of one further out holds its entries'
 * children. A person counts down the outer level: "the last command" is the last of the commands.
 */
const nestedIn = (inner: List, outer: List): boolean => {
  if (inner === outer || inner.across || outer.across) return false;
  const [a, b] = [inner.items[0], outer.items[0]];
  const middle = (e: SnapshotElement) => e.box.y + e.box.height / 2;
  return (
    a.heading === b.heading &&
    (a.region ?? []).join('>') === (b.region ?? []).join('>') &&
    a.box.x > b.box.x + ALIGNED &&
    a.box.y > b.box.y + ALIGNED &&
    // A child stands on a line of its own; a column beside another on the same lines (an icon, then the name)
    // holds fields of one row, no level.
    inner.items.every((i) => outer.items.every((o) => Math.abs(middle(i) - middle(o)) > ALIGNED))
  );
};

/**
 * The lists of a tree by its levels: a kind said ("the last command") is counted down the outer level alone; "the
 * last entry" counts every line, the sub-entries in their places.
 */
const levelled = <T extends { list: List; items: SnapshotElement[] }>(fitting: T[], kindSaid: boolean): T[] => {
  const outers = fitting.filter(({ list }) => !fitting.some((other) => nestedIn(list, other.list)));
  if (kindSaid) return outers;
  return outers.map((outer) => {
    const inner = fitting.filter(({ list }) => list !== outer.list && nestedIn(list, outer.list));
    if (!inner.length) return outer;
    const items = [...outer.items, ...inner.flatMap(({ items }) => items)].sort((a, b) => a.box.y - b.box.y);
    return { ...outer, items };
  });
};

/**
 * A listing's way up ("Parent Directory", "..") heads its list of items but is none of the kind counted ("the
 * first file", "the second folder"); counting entries as such ("the first entry") takes every line. A column of
 * nameless icons that it heads is left whole: with the way up gone, nothing in it says what its items are.
 */
const notWayUp = (items: SnapshotElement[], kind: string[]): SnapshotElement[] => {
  const kept = kind.length ? items.filter((e) => !isWayUp(e)) : items;
  return kept.some((e) => e.name.trim()) ? kept : items;
};

const itemOf = (snapshot: PageSnapshot, count: Count, ordinal: number): SnapshotElement | undefined => {
  // "The last link on the page", "the first checkbox on the page": every shown element of the kind, in order.
  const wished = count.named.length === 1 ? ROLE_WORDS[count.named[0]] : undefined;
  if (count.wholePage && wished) {
    const all = snapshot.elements.filter(
      (e) =>
        e.interactive &&
        e.visible &&
        e.box.height > 0 &&
        (wished.word === 'link' ? e.role === 'link' : roleFit(e, wished) >= 1),
    );
    return ordinal > 0 ? all[ordinal - 1] : all[all.length + ordinal];
  }
  const contents = contentsEntry(snapshot, count, ordinal);
  if (contents) return contents;
  const { named, kind, place } = count;
  let fitting = listsOf(snapshot.elements)
    .filter((list) => kind.length || place.length || !around(list))
    .map((list) => ({ list, items: notWayUp(ofKind(list, kind, place), kind) }))
    .filter(({ items }) => items.length);
  fitting = levelled(fitting, kind.length > 0);
  // Lists of the kind in the page's content and in its sidebars: the content's is the one a person counts.
  if (fitting.some(({ list }) => around(list)) && fitting.some(({ list }) => !around(list)))
    fitting = fitting.filter(({ list }) => !around(list));
  if (fitting.length > 1 && fitting.every(({ list }) => oneTable(list, fitting[0].list))) {
    fitting = recordColumns(fitting, kind);
    // "The last user" in a table whose heading is "Users": of its columns, the one headed "User" holds them.
    const headed = fitting.filter(({ list }) => kind.length && sayAll(list.column, kind));
    if (headed.length === 1) fitting = headed;
  }
  // "The last entry in the sidebar": a part named by its region is counted whole, down the one column its lists
  // (one per heading) stand in.
  if (fitting.length > 1 && place.length && place.every((w) => Object.hasOwn(REGION_WORDS, w))) {
    const items = fitting.flatMap(({ items }) => items).sort((a, b) => a.box.y - b.box.y);
    if (items.every((e) => Math.abs(e.box.x - items[0].box.x) <= ALIGNED)) fitting = [{ list: fitting[0].list, items }];
  }
  if (!kind.length && !place.length) {
    // "The first result": the one list a search made, or else the main content's one list.
    const found = fitting.filter(({ list }) => list.title.some((w) => SEARCH_WORDS.includes(w)));
    if (named.some((w) => FOUND.has(w)) && found.length) fitting = found;
    if (fitting.length !== 1) return undefined;
  }
  const picks = fitting.map(({ items }) => (ordinal > 0 ? items[ordinal - 1] : items[items.length + ordinal]));
  if (!picks.length || picks.some((p) => p === undefined)) return undefined;
  return new Set(picks.map((p) => p.href)).size === 1 ? picks[0] : undefined;
};

/**
 * The answer a count of a list gives, when the resolver's own is no sure one: none or several, or an element
 * that is only the list's title ("the last topic" met by the "Topics" link, "the first method" by the "Method"
 * link to the summary, "the first entry in the classes table" by its "Classes" tab). A title is not an item of
 * what it titles: when no list can be counted, that answer becomes an abstention.
 */
export const countedItem = (
  snapshot: PageSnapshot,
  description: string,
  ordinal: number,
  answer: Answer,
): Answer | undefined => {
  const count = countOf(description);
  // "The raw link of Alice's first message", "Bob's second comment": the item counted is where the element is, or
  // is one of someone's only; counting every such item would answer another element.
  if (!count || count.before.length) return undefined;
  const title = 'match' in answer ? significant(answer.match.name) : [];
  // "The second select link": with a kind of element said, the other words are the items' own name, no title.
  // "Domain List" titles the domains as well as "Domains" does: words for a list say no more than that.
  const titleWords = title.filter((w) => !LIST_WORDS.has(w));
  const titled =
    titleWords.length > 0 &&
    !count.named.some((w) => ROLE_WORDS[w]) &&
    sayAll([...count.named, ...count.place], titleWords);
  // "The last host" met by the last "View Service Details For This Host" icon: a name that says the counted kind
  // among words of its own is an action on such an item, not one of them. The items are counted instead.
  const passing =
    'match' in answer &&
    !titled &&
    count.kind.length > 0 &&
    inPassing(significant(answer.match.name), count.kind, description);
  if ('match' in answer && !titled && !passing) return undefined;
  const item = itemOf(snapshot, count, ordinal);
  if (item) return { match: item, confidence: 0.6 };
  if ((!titled && !passing) || !('match' in answer)) return undefined;
  if (passing)
    return {
      none: true,
      reason: `"${answer.match.name}" only mentions what the description counts, and no list of it could be counted; say which one`,
      closest: [],
    };
  return {
    none: true,
    reason: `"${answer.match.name}" titles what the description counts, and no list of it could be counted; say which one`,
    closest: [],
  };
};
