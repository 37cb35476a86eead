/**
 * In-page role and accessible-name rules of the snapshot script (plain JavaScript: see `script.ts`).
 *
 * Roles follow HTML-AAM for the tags that matter to a person acting on a page; an explicit `role` wins. Names
 * follow the accessible-name computation in its common cases (labelledby, aria-label, label, alt, value of input
 * buttons, contents for roles named from content, then title and placeholder), which is what a description of
 * an element usually quotes.
 */
export const ROLES_SCRIPT = String.raw`
const INPUT_ROLES = {
  button: 'button', submit: 'button', reset: 'button', image: 'button', file: 'button',
  checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
};
const TAG_ROLES = {
  button: 'button', summary: 'button', textarea: 'textbox', img: 'img', h1: 'heading', h2: 'heading', h3: 'heading',
  h4: 'heading', h5: 'heading', h6: 'heading', td: 'cell', option: 'option', dialog: 'dialog', progress: 'progressbar',
  meter: 'meter', details: 'group', fieldset: 'group',
};
const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option',
  'combobox', 'listbox', 'textbox', 'searchbox', 'spinbutton', 'slider', 'treeitem', 'gridcell',
]);
/** Roles whose name comes from their contents when nothing else names them. */
const NAME_FROM_CONTENT = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option',
  'treeitem', 'gridcell', 'cell', 'columnheader', 'rowheader', 'heading', 'tooltip', 'generic',
]);
const EDITABLE_INPUTS = new Set(['', 'text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);
const NAME_MAX = 100;
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset']);
/** Inputs whose value is not something a person reads (passwords are never read out). */
const VALUELESS_INPUTS = new Set(['password', 'checkbox', 'radio', 'file', 'button', 'submit', 'reset', 'image', 'range', 'color', 'hidden']);

const roleOf = (el, tag, bare) => {
  const explicit = bare ? '' : (el.getAttribute('role') || '').trim().split(/\s+/)[0];
  if (explicit && explicit !== 'presentation' && explicit !== 'none') return explicit;
  if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : '';
  if (tag === 'input') {
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (type === 'hidden') return '';
    return INPUT_ROLES[type] || (el.hasAttribute('list') ? 'combobox' : 'textbox');
  }
  if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
  if (tag === 'th') {
    const scope = (el.getAttribute('scope') || '').toLowerCase();
    return scope === 'row' || (!scope && el.parentElement && el.parentElement.firstElementChild === el && el.parentElement.parentElement && el.parentElement.parentElement.localName === 'tbody') ? 'rowheader' : 'columnheader';
  }
  return TAG_ROLES[tag] || '';
};

/** Text fields, and the host of an editable region (what typing is aimed at, not the parts inside it). */
const isEditable = (el, tag, bare) => {
  if (tag === 'textarea') return !el.readOnly;
  if (tag === 'input') return EDITABLE_INPUTS.has((el.getAttribute('type') || '').toLowerCase()) && !el.readOnly;
  return !bare && el.hasAttribute('contenteditable') && el.isContentEditable;
};

/** Puts the name's other sources into the row (those that differ from the name) and answers the name. */
const namesInto = (row, el, tag, role, bare) => {
  const label = labelsText(el, NAME_MAX);
  // An element without attributes has no aria-label, title, placeholder or alt: not asked for.
  const aria = bare ? '' : clean(el.getAttribute('aria-label'), NAME_MAX);
  const by = bare ? '' : labelledBy(el, NAME_MAX);
  const title = bare ? '' : clean(el.getAttribute('title'), NAME_MAX);
  const placeholder = bare ? '' : clean(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder'), NAME_MAX);
  const alt = !bare && (tag === 'img' || tag === 'area' || (tag === 'input' && el.type === 'image')) ? clean(el.getAttribute('alt'), NAME_MAX) : '';
  const isField = FIELD_TAGS.has(tag);
  const text = isField ? '' : textOf(el, NAME_MAX);
  let value = '';
  if (tag === 'input' && BUTTON_INPUTS.has(el.type)) value = clean(el.value || (el.type === 'submit' ? 'Submit' : el.type === 'reset' ? 'Reset' : ''), NAME_MAX);
  const fromContent = NAME_FROM_CONTENT.has(role) || !role;
  const name = by || aria || label || alt || value || (fromContent ? text : '') || title || placeholder;
  if (label && label !== name) put(row, F.label, label);
  if (text && text !== name) put(row, F.text, text);
  if (title && title !== name) put(row, F.title, title);
  if (placeholder && placeholder !== name) put(row, F.placeholder, placeholder);
  if (alt && alt !== name) put(row, F.alt, alt);
  if (isField && !VALUELESS_INPUTS.has(el.type)) {
    const current = tag === 'select' ? (el.selectedOptions[0] ? el.selectedOptions[0].textContent : '') : el.value;
    const shown = clean(current, 40);
    if (shown) put(row, F.value, shown);
  }
  return name;
};
`;
