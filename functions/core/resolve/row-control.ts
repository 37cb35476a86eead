/**
 * "Edit Solaris", "the operator for author_id": a data table's cell holds the record's value, and the control
 * the description names sits beside it in the same row. Scoring finds the cell (it has the rarest word), but a
 * cell is not what is clicked or typed into. When the description says more than the cell does, the row's
 * controls are looked at: the one control whose own words say the rest is the answer; otherwise the resolver
 * abstains with the cell and the row's controls.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Stated } from './stated.js';
import type { Answer } from './resolver.js';
import { inRegion, type Scored } from './score.js';
import { candidateOf, scoredLookup, TIE } from './tier.js';
import { says, specificWords, tokensOf } from './unsaid.js';
import { linkWords, stemOf, tokenMatch, words } from './words.js';

const CELL_ROLES = new Set(['cell', 'gridcell', 'rowheader', 'row']);

/** Two boxes in one table row: their vertical middles within each other's height. */
export const sameRow = (a: SnapshotElement, b: SnapshotElement): boolean => {
  const ma = a.box.y + a.box.height / 2;
  const mb = b.box.y + b.box.height / 2;
  return Math.abs(ma - mb) <= Math.min(a.box.height, b.box.height) / 2 && a.box.height > 0 && b.box.height > 0;
};

export const sameTable = (a: SnapshotElement, b: SnapshotElement): boolean =>
  (a.region ?? []).join('>') === (b.region ?? []).join('>');

const saysAll = (element: SnapshotElement, wanted: string[]): boolean => {
  const own = [element.name, element.label, element.text, element.title, element.alt]
    .flatMap((v) => (v ? words(v) : []))
    .map(stemOf);
  return wanted.every((w) => own.some((t) => tokenMatch(stemOf(w), t) >= 0.7));
};

/** Whether the control's column header says every word. */
const columnSays = (element: SnapshotElement, wanted: string[]): boolean => {
  const column = element.column ? words(element.column).map(stemOf) : [];
  return column.length > 0 && wanted.every((w) => column.some((t) => tokenMatch(stemOf(w), t) >= 0.7));
};

/** The shown controls in the element's table row. */
export const rowOf = (match: SnapshotElement, stated: Stated): SnapshotElement[] =>
  stated.snapshot.elements.filter(
    (e) => e.interactive && e.visible && e !== match && sameTable(e, match) && sameRow(e, match),
  );

/**
 * The row's other controls, and of them the one that says every missing word (or the resolver asks which).
 * `said` is whether a control says them: by its own words unless the caller reads more of it.
 */
export const inRow = (
  match: SnapshotElement,
  missing: string[],
  stated: Stated,
  sorted: Scored[],
  said: (control: SnapshotElement, words: string[]) => boolean = saysAll,
): Answer | undefined => {
  const { snapshot } = stated;
  const row = rowOf(match, stated);
  if (!row.length) return undefined;
  const named = row.filter((e) => said(e, missing));
  if (named.length === 1) return { match: named[0], confidence: 0.6 };
  const mine = sorted.find((s) => s.element === match);
  const controls = (named.length ? named : row).map(scoredLookup(sorted, snapshot.elements));
  return {
    ambiguous: true,
    reason: `the best match "${match.name}" is not all the description names, and its row holds the control it does; say which one`,
    candidates: [...(mine ? [mine] : []), ...controls].slice(0, 5).map(candidateOf),
  };
};

/** Whether the element's own name says the word (a prefix counts). */
const nameSays = (element: SnapshotElement, word: string): boolean => says(tokensOf(element), word);

/**
 * Whether a row's "header" is only its controls' names: one control's ("edit"), or a cell of action links
 * ("[ Edit ] [ Clone ] [ Delete ]", ZNC's user list), whose words are each a control's name in the row.
 */
const namesControls = (header: string, row: SnapshotElement[]): boolean => {
  if (row.some((e) => e.name === header)) return true;
  const said = words(header);
  const names = new Set(row.flatMap((e) => words(e.name)));
  return said.length > 0 && said.every((w) => names.has(w));
};

/**
 * Whether a cell's row or column header says the word: a cell is known by them ("Dave Lee's role" is the cell in
 * Dave Lee's row and the Role column), so what they say is said of the cell, not left for a control. A row
 * "header" that is the name of a control in that row (an app's "edit" link in its first column) is no header.
 */
const placeSays = (cell: SnapshotElement, word: string, stated: Stated): boolean => {
  const rowIsControl = cell.row !== undefined && namesControls(cell.row, rowOf(cell, stated));
  return [cell.column, rowIsControl ? undefined : cell.row].some(
    (place) => place && words(place).some((t) => tokenMatch(stemOf(word), stemOf(t)) >= 0.7),
  );
};

/**
 * "The paused printer": the status cell "Paused" in the row of a printer whose one control is its link
 * (`/printers/Label_Maker`), under the heading "Printers". A row with one control, a link, is one record
 * reached through that link; the words the cell lacks are the record's kind, said by where the link leads or by
 * the heading the table stands under. Then the link is the one meant. A form's row (a field, a button) or a row
 * of several controls still asks.
 */
const recordLink = (
  match: SnapshotElement,
  missing: string[],
  stated: Stated,
  row = rowOf(match, stated),
): Answer | undefined => {
  if (row.length !== 1 || row[0].role !== 'link' || !row[0].href) return undefined;
  const link = row[0];
  const context = [
    ...tokensOf(link),
    ...linkWords(link.href),
    ...(match.heading ? words(match.heading).map(stemOf) : []),
  ];
  return missing.every((w) => says(context, w)) ? { match: link, confidence: 0.6 } : undefined;
};

/** The record a cell met whole belongs to: its row's one link, or of several the link naming the row (the one the
 * row's cells are known by). */
const namedRecord = (match: SnapshotElement, stated: Stated, controls: SnapshotElement[]): Answer | undefined => {
  const naming = controls.filter((e) => e.role === 'link' && match.row !== undefined && e.name === match.row);
  return recordLink(match, [], stated, naming.length === 1 ? naming : controls);
};

export const rowControl = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (match.interactive || !CELL_ROLES.has(match.role) || stated.intent === 'scroll') return undefined;
  const missing = specificWords(stated).filter((w) => !nameSays(match, w) && !placeSays(match, w, stated));
  if (!missing.length) return undefined;
  return recordLink(match, missing, stated) ?? inRow(match, missing, stated, sorted);
};

/**
 * "The structure of the authors table" met by the link "authors" (the table's name, in its row) while the row's
 * "Structure" link is what the words before "of" name: "the X of Y" asks for X, Y only says which row. When the
 * match lacks a word of X and a control in its row says it, that control is meant (or the resolver asks which).
 * When none says it but one stands under a column headed X ("the online users of lighthouse.test": a count
 * linked in the Online Users column), that one is: a table's cell is known by its row and its column.
 */
export const ofRow = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll') return undefined;
  const at = stated.description.toLowerCase().search(/\bof\b/);
  if (at < 0) return undefined;
  const before = new Set(words(stated.description.slice(0, at)).map(stemOf));
  const head = specificWords(stated).filter((w) => before.has(stemOf(w)));
  const missing = head.filter((w) => !nameSays(match, w));
  if (!missing.length) return undefined;
  // The match or a copy of it (the same link in a menu and in the table) sits in the row that holds X.
  const copies = match.href ? stated.snapshot.elements.filter((e) => e.href === match.href) : [match];
  const named = copies.flatMap((copy) => rowOf(copy, stated).filter((e) => saysAll(e, missing)));
  const one = [...new Set(named)];
  if (one.length === 1) return { match: one[0], confidence: 0.6 };
  if (one.length) return inRow(match, missing, stated, sorted);
  // A column header the match's own column shares (a table's caption taken for every column's) tells none apart.
  if (columnSays(match, missing)) return undefined;
  const under = [...new Set(copies.flatMap((copy) => rowOf(copy, stated).filter((e) => columnSays(e, missing))))];
  return under.length === 1 ? { match: under[0], confidence: 0.6 } : undefined;
};

/** A cell this far below the threshold still says which row ("Solaris" met whole, "edit" nowhere on it). */
const ROW_NAMED = 0.3;

/**
 * "Delete the row for Things Fall Apart", "the checkbox for Dune": nothing reached the threshold, because the
 * words are split between the row's value (a cell) and its control. When the best is a cell that says part of
 * the description, the one control in its row that says the rest (or, with nothing else said, the one control
 * of the kind named) is the answer; anything less keeps the abstention.
 */
export const rowOfBest = (stated: Stated, sorted: Scored[]): Answer | undefined => {
  const best = sorted[0];
  if (!best || best.score < ROW_NAMED || stated.intent === 'scroll') return undefined;
  const answer = controlOfRow(best.element, stated);
  if (!answer) return undefined;
  // Anything as good as the best elsewhere ("1 (Type/Class)" on every row of an index) leaves the row unsaid.
  const rivals = sorted.filter((s) => s !== best && s.score >= best.score - TIE);
  return rivals.every((s) => controlOfRow(s.element, stated)?.match === answer.match) ? answer : undefined;
};

const controlOfRow = (
  cell: SnapshotElement,
  stated: Stated,
): { match: SnapshotElement; confidence: number } | undefined => {
  if (cell.interactive || !CELL_ROLES.has(cell.role)) return undefined;
  const specific = specificWords(stated);
  const missing = specific.filter((w) => !nameSays(cell, w));
  if (missing.length === specific.length) return undefined;
  const row = rowOf(cell, stated);
  const kind = stated.query.role;
  const named = missing.length
    ? row.filter((e) => saysAll(e, missing))
    : kind
      ? row.filter((e) => kind.roles.has(e.role))
      : [];
  return named.length === 1 ? { match: named[0], confidence: 0.55 } : undefined;
};

/**
 * "Type" best met by the cell "Type:", "abandon this ticket" by the cell "Abandon and forget this ticket": in a
 * table used to lay out a form (no column headers, so no cell is a datum of a record) a cell is the text
 * beside a control: its label or its explanation. Clicking it does nothing; which control it speaks for (the one
 * after a label, the one before an explanation, or another in a wide row) the layout does not say for sure, so
 * the resolver names the cell and its row's controls and asks rather than click text or guess among them.
 */
export const layoutCell = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (match.interactive || (match.role !== 'cell' && match.role !== 'gridcell') || stated.intent !== 'click')
    return undefined;
  // A first cell may pass for a row header ("Severity:"), but a table without column headers holds no records.
  if (match.column || stated.query.role?.roles.has(match.role)) return undefined;
  // A row whose one control is a link is a record of a list (a class and what it is for), not a form's line.
  const controls = rowOf(match, stated);
  const record = namedRecord(match, stated, controls);
  if (record) return record;
  // The cell that is the label of its row's one control ("Type:" before the type dropdown) names that control.
  const labelled = labelledControl(match, controls);
  if (labelled) return labelled;
  const row = controls.map(scoredLookup(sorted, stated.snapshot.elements));
  const mine = sorted.find((s) => s.element === match);
  return {
    ambiguous: true,
    reason: `the best match is the text "${match.name}" beside a form's controls, not one of them; say which control`,
    candidates: [...(mine ? [mine] : []), ...row].slice(0, 5).map(candidateOf),
  };
};

/** The row's one control, when the cell is its label ("Type:" or "System" before the dropdown it names). */
const labelledControl = (match: SnapshotElement, controls: SnapshotElement[]): Answer | undefined =>
  controls.length === 1 && [controls[0].row, controls[0].label, controls[0].near].includes(match.name)
    ? { match: controls[0], confidence: 0.6 }
    : undefined;

/** Cells a click may meet whole: a record's datum or the header of its row; neither does anything when clicked. */
const DATA_CELLS = new Set(['cell', 'gridcell', 'rowheader']);

/**
 * "localhost" in a list of hosts whose row links the host by its address, "print version information" beside
 * the option "-version" it describes: a cell of a data table met whole for a click. A cell is text, and a click
 * on it does nothing. A row whose one control is a link is one record reached through that link, so the link is
 * meant; a row of several controls leaves which one unsaid, and a row of none has nothing there to click: the
 * resolver names the cell and the row's controls and asks rather than click text. A description that asks for
 * the cell itself ("the cell …", or by its row and column: "Ann Poe's role") keeps it.
 */
export const dataCell = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (match.interactive || !DATA_CELLS.has(match.role) || (stated.intent !== 'click' && stated.intent !== 'hover'))
    return undefined;
  if (stated.query.role?.roles.has(match.role)) return undefined;
  // Named by its row or column ("Ann Poe's role"), the cell is the datum asked for, not text standing for a control.
  // Unless another word names something else still ("the user whose email is carol@…": the user's record).
  const specific = specificWords(stated);
  const placed = specific.some((w) => !nameSays(match, w) && placeSays(match, w, stated));
  const beyond = specific.some((w) => !nameSays(match, w) && !placeSays(match, w, stated));
  if (placed && !beyond) return undefined;
  const controls = rowOf(match, stated);
  const record = namedRecord(match, stated, controls);
  if (record) return record;
  // The row's header naming its one control ("System" before the driver's dropdown) is that control's label.
  const labelled = labelledControl(match, controls);
  if (labelled) return labelled;
  const mine = sorted.find((s) => s.element === match);
  const row = controls.map(scoredLookup(sorted, stated.snapshot.elements));
  const cell = mine ? [candidateOf(mine)] : [];
  if (!row.length)
    return {
      none: true,
      reason: `the best match is the text "${match.name}" in a table, and nothing in its row can be clicked`,
      closest: cell,
    };
  return {
    ambiguous: true,
    reason: `the best match is the text "${match.name}" in a table row, not a control; say which of the row's controls`,
    candidates: [...cell, ...row.map(candidateOf)].slice(0, 5),
  };
};

/** What a field holds, as words: the key of its row in an editable grid. */
const valueSays = (element: SnapshotElement, word: string): boolean =>
  element.value !== undefined && words(element.value).some((t) => tokenMatch(stemOf(word), stemOf(t)) >= 0.7);

/**
 * "Move year up", "the type of the title column" on an editable grid (a table-structure form: one row per
 * column, each row a name field holding "year", a type dropdown, "↑" and "×" buttons): the row is known by the
 * value its field holds, not by a cell, and nothing reaches the threshold because the words are split between
 * that value and the row's control. When exactly one shown field holds some of the words as its value, the one
 * control of its row (the field itself included) whose own words say all the rest is the answer; anything else
 * keeps the abstention. A general reading of any grid of records edited in place.
 */
export const rowOfValue = (stated: Stated): Answer | undefined => {
  if (stated.intent === 'scroll') return undefined;
  const specific = specificWords(stated);
  if (specific.length < 2) return undefined;
  const keys = stated.snapshot.elements.filter(
    (e) => e.interactive && e.visible && inRegion(e, 'table') && specific.some((w) => valueSays(e, w)),
  );
  if (keys.length !== 1) return undefined;
  const key = keys[0];
  const missing = specific.filter((w) => !valueSays(key, w));
  if (!missing.length || missing.length === specific.length) return undefined;
  const named = [key, ...rowOf(key, stated)].filter((e) => saysAll(e, missing));
  return named.length === 1 ? { match: named[0], confidence: 0.55 } : undefined;
};

/** Controls that tick a row's record: what selects it. */
export const BOXES = new Set(['checkbox', 'switch', 'menuitemcheckbox']);

/**
 * "Tick Lighthouse router", "the checkbox of the nightly action": a box to tick is asked for, and the match is a
 * record's link or cell in a table row (a list with one box per row to select records by). The box is named only
 * by its row, so the row's one box, unnamed or named in the description's words, is meant. A row with several
 * boxes, or a box of its own name the description does not say ("Enabled"), keeps the stand-in's verdict.
 */
export const rowBox = (match: SnapshotElement, stated: Stated): Answer | undefined => {
  const kind = stated.query.role;
  if (!kind || kind.word !== 'checkbox' || kind.roles.has(match.role) || stated.intent === 'scroll') return undefined;
  if (!inRegion(match, 'table')) return undefined;
  const boxes = rowOf(match, stated).filter((e) => BOXES.has(e.role));
  if (boxes.length !== 1) return undefined;
  const [box] = boxes;
  const own = words(box.name ?? '');
  const said = new Set(words(stated.description).map(stemOf));
  if (own.length && !own.every((w) => said.has(stemOf(w)))) return undefined;
  return { match: box, confidence: 0.6 };
};

const SELECT_ALL = /^\s*(?:please\s+)?(select|check|tick|deselect|unselect|uncheck|untick|mark)\s+(?:all|every)\b/i;
/** "all" as a word of a box's name or attributes: `all_items`, `selectAll`, "Select all rows". */
const SAYS_ALL = /(?:^|[^a-z])all(?:$|[^a-z])|(?:select|check|toggle)all/i;

/**
 * "Select all", "uncheck all", "select every host": the box that selects every row of a list. A link or button that says the verb
 * and "all" itself ("Check All") is that control; a link that only shares "all" ("All hosts") is not, and then
 * the one shown box whose name or attributes say "all" (`all_items`) is meant. Otherwise the answer stands.
 */
export const allBox = (stated: Stated, sorted: Scored[]): Answer | undefined => {
  const verb = SELECT_ALL.exec(stated.description)?.[1];
  if (!verb || stated.intent === 'scroll') return undefined;
  const everyRow = (e: SnapshotElement) =>
    BOXES.has(e.role) && [e.name, e.label, e.attributes].some((v) => v !== undefined && SAYS_ALL.test(v));
  const best = sorted[0]?.element;
  if (best && !BOXES.has(best.role) && saysAll(best, [verb])) return undefined;
  // Counted shown or not: a second such box (one for this page, one for the whole result) leaves it unsaid.
  const boxes = stated.snapshot.elements.filter(everyRow);
  return boxes.length === 1 && boxes[0].visible ? { match: boxes[0], confidence: 0.6 } : undefined;
};
