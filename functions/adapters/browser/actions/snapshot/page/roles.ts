/**
 * Role and accessible-name rules of the snapshot script.
 *
 * Roles follow HTML-AAM for the tags that matter to a person acting on a page; an explicit `role` wins. Names
 * follow the accessible-name computation in its common cases (labelledby, aria-label, label, alt, value of input
 * buttons, contents for roles named from content, then title and placeholder), which is what a description of
 * an element usually quotes.
 */
import { takesText } from '../../page/dom.js';
import { put, type Row } from './state.js';
import { clean, FIELD_TAGS, labelledBy, labelsText, textOf } from './text.js';

const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  file: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
};
const TAG_ROLES: Record<string, string> = {
  button: 'button',
  summary: 'button',
  textarea: 'textbox',
  img: 'img',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  td: 'cell',
  option: 'option',
  dialog: 'dialog',
  progress: 'progressbar',
  meter: 'meter',
  details: 'group',
  fieldset: 'group',
};
export const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'combobox',
  'listbox',
  'textbox',
  'searchbox',
  'spinbutton',
  'slider',
  'treeitem',
  'gridcell',
]);
/** Roles whose name comes from their contents when nothing else names them. */
const NAME_FROM_CONTENT = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
  'gridcell',
  'cell',
  'columnheader',
  'rowheader',
  'heading',
  'tooltip',
  'generic',
]);
const NAME_MAX = 100;
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset']);
/** Inputs whose value is not something a person reads (passwords are never read out). */
const VALUELESS_INPUTS = new Set([
  'password',
  'checkbox',
  'radio',
  'file',
  'button',
  'submit',
  'reset',
  'image',
  'range',
  'color',
  'hidden',
]);

/**
 * "TABLES:" heading a drop-down menu drawn in CSS: an anchor with no address, in a menu bar's item, whose next
 * sibling is the list of links it opens on hover. A person points at it to open the menu, as at a button; a named anchor (`<a name>`) is
 * a place to land on, not this.
 */
const opensMenu = (el: Element): boolean => {
  // The item of a menu bar holding its submenu (`li > a + ul`); a label over a list of links elsewhere
  // (LaTeX2HTML's "Subsections") names the list and opens nothing.
  if (el.localName !== 'a' || el.hasAttribute('name') || el.parentElement?.localName !== 'li') return false;
  if (!(el.textContent || '').trim()) return false;
  const next = el.nextElementSibling;
  return !!next && (next.localName === 'ul' || next.localName === 'ol') && next.querySelector('a[href]') !== null;
};

export const roleOf = (el: Element, tag: string, bare: boolean): string => {
  const explicit = bare ? '' : (el.getAttribute('role') || '').trim().split(/\s+/)[0];
  if (explicit && explicit !== 'presentation' && explicit !== 'none') return explicit;
  if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : opensMenu(el) ? 'button' : '';
  if (tag === 'input') {
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (type === 'hidden') return '';
    return (
      (Object.hasOwn(INPUT_ROLES, type) && INPUT_ROLES[type]) || (el.hasAttribute('list') ? 'combobox' : 'textbox')
    );
  }
  if (tag === 'select') {
    const select = el as HTMLSelectElement;
    return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
  }
  if (tag === 'th') {
    const scope = (el.getAttribute('scope') || '').toLowerCase();
    const row = el.parentElement;
    return scope === 'row' ||
      (!scope && row && row.firstElementChild === el && row.parentElement && row.parentElement.localName === 'tbody')
      ? 'rowheader'
      : 'columnheader';
  }
  return (Object.hasOwn(TAG_ROLES, tag) && TAG_ROLES[tag]) || '';
};

/** Text fields, and the host of an editable region (what typing is aimed at, not the parts inside it). */
export const isEditable = (el: Element, tag: string, bare: boolean): boolean => {
  if (tag === 'textarea') return !(el as HTMLTextAreaElement).readOnly;
  if (tag === 'input') return takesText(el) && !(el as HTMLInputElement).readOnly;
  return !bare && el.hasAttribute('contenteditable') && (el as HTMLElement).isContentEditable;
};

/** Puts the name's other sources into the row (those that differ from the name) and answers the name. */
export const namesInto = (row: Row, el: Element, tag: string, role: string, bare: boolean): string => {
  const input = el as HTMLInputElement;
  const label = labelsText(el, NAME_MAX);
  // An element without attributes has no aria-label, title, placeholder or alt: not asked for.
  const aria = bare ? '' : clean(el.getAttribute('aria-label'), NAME_MAX);
  const by = bare ? '' : labelledBy(el, NAME_MAX);
  const title = bare ? '' : clean(el.getAttribute('title'), NAME_MAX);
  const placeholder = bare
    ? ''
    : clean(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder'), NAME_MAX);
  const alt =
    !bare && (tag === 'img' || tag === 'area' || (tag === 'input' && input.type === 'image'))
      ? clean(el.getAttribute('alt'), NAME_MAX)
      : '';
  const isField = FIELD_TAGS.has(tag);
  const text = isField ? '' : textOf(el, NAME_MAX);
  let value = '';
  if (tag === 'input' && BUTTON_INPUTS.has(input.type)) {
    value = clean(
      input.value || (input.type === 'submit' ? 'Submit' : input.type === 'reset' ? 'Reset' : ''),
      NAME_MAX,
    );
  }
  const fromContent = NAME_FROM_CONTENT.has(role) || !role;
  const name = by || aria || label || alt || value || (fromContent ? text : '') || title || placeholder;
  if (label && label !== name) put(row, 'label', label);
  if (text && text !== name) put(row, 'text', text);
  if (title && title !== name) put(row, 'title', title);
  if (placeholder && placeholder !== name) put(row, 'placeholder', placeholder);
  if (alt && alt !== name) put(row, 'alt', alt);
  if (isField && !VALUELESS_INPUTS.has(input.type)) {
    const select = el as HTMLSelectElement;
    const current =
      tag === 'select' ? (select.selectedOptions[0] ? select.selectedOptions[0].textContent : '') : input.value;
    const shown = clean(current, 40);
    if (shown) put(row, 'value', shown);
  }
  return name;
};
