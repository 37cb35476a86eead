/**
 * Telling equals apart by what they are on the page, not by their words: rules that hold on any page built of
 * forms and lists, so a tie that a person would not see as one is no "several".
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import { isField } from './fields.js';
import type { Query } from './query.js';
import { inRegion, type Scored } from './score.js';
import { sameRow, sameTable } from './row-control.js';
import { asWritten, STOPWORDS, words } from './words.js';

const same = (a: string | undefined, b: string | undefined): boolean => {
  if (!a || !b) return false;
  const x = words(a).join(' ');
  return x.length > 0 && x === words(b).join(' ');
};

/**
 * "System" on a login form laid out as a table (`<th>System</th><td><select>`), "language" before a dropdown and
 * its "Use" button: the label cell, the text before the field and the button after it all carry the field's
 * label, so they tie with the field. A label names the field it stands by, not itself: the cell or text that IS
 * the field's label (its row header, column header, label or the text just before it) is no rival, and neither is
 * a button or link with a name of its own that says none of the description's words (it ties only by the
 * context it shares with the field). With exactly one field left, it is the one meant.
 */
export const fieldOverItsLabel = (tier: Scored[], query: Query): Scored[] => {
  const fields = tier.filter((s) => isField(s.element));
  if (fields.length !== 1 || tier.length < 2) return tier;
  const field = fields[0].element;
  const labels = [field.row, field.column, field.label, field.near];
  const rival = (e: SnapshotElement): boolean => {
    if (!e.interactive) return labels.some((l) => same(e.name, l));
    if (e.role !== 'button' && e.role !== 'link') return true;
    const own = words(e.name);
    return own.length === 0 || own.some((w) => query.terms.includes(w)) || !labels.some((l) => same(e.near, l));
  };
  return tier.some((s) => s !== fields[0] && rival(s.element)) ? tier : fields;
};

/**
 * "Tags under Other Commands" where the list has both "tag" and "tags": equals whose names differ only in the
 * form of a word (one stem) are told apart by the form the description wrote. Only among such equals: the one
 * whose name is all words written in the description stands, and the others are that name in another form.
 */
export const formAsWritten = <T extends { element: SnapshotElement }>(tier: T[], query: Query): T[] => {
  if (tier.length < 2 || !query.written?.length || query.ordinal !== undefined) return tier;
  const written = new Set(query.written);
  const exact = tier.filter((s) => {
    const name = asWritten(s.element.name);
    return name.length > 0 && name.every((w) => written.has(w));
  });
  if (!exact.length || exact.length === tier.length) return tier;
  const stems = (s: T) => words(s.element.name).join(' ');
  const forms = new Set(exact.map(stems));
  return tier.every((s) => exact.includes(s) || forms.has(stems(s))) ? exact : tier;
};

/** Characters a name keeps that its words do not ("race_", "to_s=", "#header", "C++"). */
const MARKS = /[^\p{L}\p{N}\s]/u;

/**
 * "race_" where the index has both "race" and "race_": a program's names differ by marks the words drop (a trailing
 * underscore, "=", "?", "!"). Among equals, those whose whole name is spelled exactly as one word the description
 * writes (marks included, quotes around it aside) stand; only when that word carries such a mark, and only when
 * they all share that one name (a name that is the whole description counts as spelled too, and is another name).
 */
export const spelledAsWritten = <T extends { element: SnapshotElement }>(tier: T[], query: Query): T[] => {
  if (tier.length < 2 || !query.text) return tier;
  const spelled = new Set(
    query.text
      .split(/\s+/)
      .map((word) => word.replace(/^["'“‘`(]+|["'”’`),.:;]+$/gu, ''))
      .filter((word) => MARKS.test(word) && /[\p{L}\p{N}]/u.test(word)),
  );
  if (!spelled.size) return tier;
  // A name that is the whole description ("click-man documentation") is as exact as one of its words ("click-man").
  spelled.add(query.text.trim().replace(/\s+/g, ' '));
  const exact = tier.filter((s) => spelled.has(s.element.name.trim()));
  if (!exact.length || exact.length === tier.length) return tier;
  return new Set(exact.map((s) => s.element.name.trim())).size === 1 ? exact : tier;
};

/** Some description word is in the element's own words (name, label, text, title, alt), not only around it. */
const saysItself = (e: SnapshotElement, query: Query): boolean =>
  [e.name, e.label, e.text, e.title, e.alt].some((t) => t && words(t).some((w) => query.terms.includes(w)));

/**
 * "Skip to content" tied between the skip link itself and the site's logo link right after it (whose "text
 * before" is "skip to content"): a link or button is named by its own words, and one that has words of its own
 * saying none of the description's ties only through its surroundings. Beside an equal whose own words say
 * them, it is no rival.
 */
export const ownOverContext = (tier: Scored[], query: Query): Scored[] => {
  if (tier.length < 2) return tier;
  const said = tier.filter((s) => saysItself(s.element, query));
  if (!said.length || said.length === tier.length) return tier;
  const aside = (e: SnapshotElement) => (e.role === 'link' || e.role === 'button') && words(e.name).length > 0;
  return tier.every((s) => said.includes(s) || aside(s.element)) ? said : tier;
};

/**
 * "Drop in the books row" where every row of a list of tables has its "Drop" link and the row's name is a link
 * ("books"), not a cell a row header would come from: equal controls in different rows of one table, and the
 * words none of them says are the whole name of something on exactly one of their rows. That row's control is
 * the one meant, as a person reads a table across. A name only containing the words ("recent_books") is
 * another row.
 */
export const rowNamedBeside = (tier: Scored[], query: Query, elements: SnapshotElement[]): Scored[] => {
  if (tier.length < 2 || !tier.every((s) => s.element.interactive && inTable(s.element))) return tier;
  const own = new Set(tier.flatMap((s) => words(s.element.name)));
  const rest = query.terms.filter((t) => !STOPWORDS.has(t) && !own.has(t));
  if (!rest.length) return tier;
  const restName = rest.join(' ');
  const named = tier.filter((s) =>
    elements.some(
      (e) =>
        e !== s.element &&
        e.visible &&
        sameTable(e, s.element) &&
        sameRow(e, s.element) &&
        words(e.name).join(' ') === restName,
    ),
  );
  return named.length === 1 ? named : tier;
};

/**
 * Its own name or label (or the text just before it) says none of the description's words. Not a row header: a
 * page laid out in one big table gives every control the same meaningless one.
 */
export const labelledOtherwise = (e: SnapshotElement, query: Query): boolean => {
  const own = words(e.name || e.label || e.near || '');
  return own.length > 0 && !own.some((w) => query.terms.includes(w));
};

/** Elements this close in their left edge stand in one column. */
const COLUMN = 8;

/** Items grouped by the column their elements stand in (left edges within a few pixels), in order. */
export const columnsBy = <T>(items: T[], elementOf: (item: T) => SnapshotElement, within = COLUMN): T[][] => {
  const columns = new Map<number, T[]>();
  for (const item of items) {
    const x = elementOf(item).box.x;
    const key = [...columns.keys()].find((k) => Math.abs(k - x) <= within) ?? x;
    columns.set(key, [...(columns.get(key) ?? []), item]);
  }
  return [...columns.values()];
};

/** The equals grouped by the column they stand in. */
export const columnsOf = (tier: Scored[]): Scored[][] => columnsBy(tier, (s) => s.element);

const inTable = (e: SnapshotElement): boolean => inRegion(e, 'table');

/**
 * "The SQL tab" where a tab bar holds "SQL" once and a table of records repeats "SQL · Export · Import" on each
 * of its rows: a list of records repeats its per-record actions down one column, one per row, while a tab bar
 * or a menu holds each entry once. Only when the description names a tab: the equals standing in such a column
 * are the rows' actions, and those left outside are the tab (one, or several leading to one place, which the
 * caller decides).
 */
export const tabOutsideRepeats = (tier: Scored[], query: Query): Scored[] => {
  if (query.role?.word !== 'tab' || tier.length < 2) return tier;
  const repeated = new Set(
    columnsOf(tier)
      .filter((c) => c.length > 1 && new Set(c.map((s) => s.element.box.y)).size === c.length)
      .flat(),
  );
  // A row of a table of records (`row` known, inside a table) is no tab bar either, when some equal stands
  // outside any table (gitweb's "shortlog" tab above the tags and heads tables, each row with its "shortlog").
  const inRecords = (e: SnapshotElement) => inTable(e) && e.row !== undefined;
  const outside = tier.filter((s) => !inTable(s.element));
  for (const s of tier) if (outside.length && inRecords(s.element)) repeated.add(s);
  const left = tier.filter((s) => !repeated.has(s));
  return left.length && repeated.size ? left : tier;
};

/** Items of one list are drawn alike: their heights differ by at most this. */
const ALIKE = 2;

/**
 * "The first result" where only the heading "Search results" has the word: the results are the links under it
 * that repeat down one column, drawn alike (same left edge, same height, one per line), like the entries of any
 * list of results, posts or changes. Tabs and form controls under the same heading stand in a row, or are drawn
 * taller, and are left out. Exactly one such column with at least two links is the list; otherwise none is
 * known, and the caller says so rather than count.
 */
export const listUnder = (
  heading: SnapshotElement,
  elements: SnapshotElement[],
  pageUrl?: string,
): SnapshotElement[] | undefined => {
  // A link back to this very page after each list ("Command Index" on the command index) is no item of it.
  const links = elements.filter(
    (e) =>
      e.role === 'link' &&
      e.visible &&
      e.interactive &&
      e.heading === heading.name &&
      e.box.y > heading.box.y &&
      !leadsHere(e.href, pageUrl),
  );
  const columns: SnapshotElement[][] = [];
  for (const link of links) {
    const column = columns.find(
      (c) => Math.abs(c[0].box.x - link.box.x) <= COLUMN && Math.abs(c[0].box.height - link.box.height) <= ALIKE,
    );
    if (column) column.push(link);
    else columns.push([link]);
  }
  const lists = columns.filter((c) => c.length > 1 && new Set(c.map((e) => e.box.y)).size === c.length);
  return lists.length === 1 ? lists[0].sort((a, b) => a.box.y - b.box.y) : undefined;
};

/** Whether a link leads to the page it is on, no part of it named (a fragment names a part: "#usage" is not here). */
export const leadsHere = (href: string | undefined, pageUrl: string | undefined): boolean => {
  if (!href || !pageUrl || href.includes('#')) return false;
  try {
    const target = new URL(href, pageUrl);
    const page = new URL(pageUrl);
    return target.origin === page.origin && target.pathname === page.pathname && target.search === page.search;
  } catch {
    return false;
  }
};
