/**
 * "Exclude filter" where the page lays a form out in a table, "Exclude filter :" in one cell and a field with no
 * label of its own in the next: a text ending in a colon, right before a field on its line, is that field's
 * label, as a person reading the line takes it. The field is given it as its label, for every intent. And the
 * page's title written again before a control is no text of that control's.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';

/** Controls whose purpose a label before them gives. */
const FIELDS = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'listbox']);
/** A label is a few words: a longer text ending in a colon introduces what follows ("Choose one of these:"). */
const LONGEST = 40;
/** Pixels a label may reach past the field's left edge (borders, padding). */
const OVERLAP = 5;

const unlabelled = (e: SnapshotElement): boolean =>
  FIELDS.has(e.role) && e.visible && !e.name.trim() && !e.label && !e.placeholder;

/** Whether the text stands on the field's line, to its left. */
const beforeOnLine = (text: SnapshotElement, field: SnapshotElement): boolean =>
  text.box.x + text.box.width <= field.box.x + OVERLAP &&
  text.box.y < field.box.y + field.box.height &&
  field.box.y < text.box.y + text.box.height;

const labels = (text: SnapshotElement, field: SnapshotElement): boolean =>
  !text.interactive &&
  text.visible &&
  text.name.length <= LONGEST &&
  /\p{L}[^:]*:\s*$/u.test(text.name) &&
  beforeOnLine(text, field);

/**
 * "Duration: [ ] Hours [ ] Minutes": a word after the field on its line (a unit, not a label ending in a colon)
 * says what the field itself holds, and the text before speaks for the fields together.
 */
const unitAfter = (field: SnapshotElement, after: SnapshotElement | undefined): boolean =>
  after !== undefined &&
  !after.interactive &&
  after.name.trim() !== '' &&
  after.name.trim().split(/\s+/).length <= 2 &&
  !/:\s*$/.test(after.name) &&
  after.box.x >= field.box.x + field.box.width - OVERLAP &&
  after.box.y < field.box.y + field.box.height &&
  field.box.y < after.box.y + after.box.height;

/** Controls a row's header cell may label when the form is laid out as a table. */
const ROW_FIELDS = new Set(['checkbox', 'radio']);

/**
 * "Moderated | [ ] | If this option is set, …": a settings form laid out as a table, each row's first cell naming
 * the one control beside it, with no colon and no `<label>`. The header cell right before the control on its line
 * is its label, when the control is the row's only one (a row of a data table holding several fields is a record,
 * not a label).
 */
const rowLabels = (cell: SnapshotElement, field: SnapshotElement, after: SnapshotElement | undefined): boolean =>
  ROW_FIELDS.has(field.role) &&
  field.visible &&
  !field.name.trim() &&
  !field.label &&
  !field.placeholder &&
  field.row !== undefined &&
  cell.role === 'cell' &&
  cell.visible &&
  cell.name.length <= LONGEST &&
  sameText(cell.name, field.row) &&
  beforeOnLine(cell, field) &&
  !(after?.interactive && after.row === field.row);

/** The same words, whatever their case and spacing. */
const sameText = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export const labelsBefore = (snapshot: PageSnapshot): PageSnapshot => {
  const { elements, title } = snapshot;
  let changed: SnapshotElement[] | undefined;
  for (let i = 0; i < elements.length; i += 1) {
    const field = elements[i];
    // "Development of the Orchard photo server" written before a mailing list archive's search box is the page's
    // title, written again at its top: it names the page, not the control after it.
    if (field.near && title && sameText(field.near, title)) {
      changed ??= elements.slice();
      changed[i] = { ...field, near: undefined };
    }
    if (i === 0) continue;
    const before = elements[i - 1];
    if (rowLabels(before, field, elements[i + 1])) {
      changed ??= elements.slice();
      changed[i] = { ...changed[i], label: before.name.trim() };
      continue;
    }
    if (!unlabelled(field) || !labels(before, field) || unitAfter(field, elements[i + 1])) continue;
    changed ??= elements.slice();
    changed[i] = { ...changed[i], label: before.name.replace(/\s*:\s*$/, '') };
  }
  return changed ? { ...snapshot, elements: changed } : snapshot;
};
