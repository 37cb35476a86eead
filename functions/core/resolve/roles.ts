/**
 * Kind words of descriptions ("button", "link", "field", "dropdown") → the snapshot roles they mean. `soft`
 * roles are what pages often use for the same thing (a link styled as a button), accepted at a lower score.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import { wordTable } from './table.js';

export interface RoleWish {
  word: string;
  roles: ReadonlySet<string>;
  soft: ReadonlySet<string>;
  /** Any element text can be typed into fits (a contenteditable region has no role). */
  editable?: boolean;
  /** Any element fits: the word says what it looks like (an icon), not what it is. */
  any?: boolean;
  /** Only elements of this `type` attribute fit fully (a file input is a `button` of type `file`). */
  type?: string;
  /** Many lines of text: a `textarea` or an editable region fits fully, a one-line field is a stand-in. */
  multiline?: boolean;
}

const wish = (word: string, roles: string[], soft: string[] = [], extra: Partial<RoleWish> = {}): RoleWish => ({
  word,
  roles: new Set(roles),
  soft: new Set(soft),
  ...extra,
});

const BUTTON = wish('button', ['button'], ['link', 'menuitem', 'tab', 'switch', 'generic', 'img', 'option']);
const LINK = wish('link', ['link'], ['button', 'menuitem', 'tab', 'generic']);
const CHECKBOX = wish('checkbox', ['checkbox', 'switch', 'menuitemcheckbox']);
const RADIO = wish('radio', ['radio', 'menuitemradio'], ['option']);
const FIELD = wish(
  'field',
  ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  ['listbox', 'checkbox', 'radio', 'slider'],
  { editable: true },
);
const DROPDOWN = wish('dropdown', ['combobox', 'listbox'], ['button', 'menuitem']);
const IMAGE = wish('image', ['img'], ['link', 'button', 'generic']);
const ICON = wish('icon', ['img', 'button', 'link'], [], { any: true });
const HEADING = wish('heading', ['heading'], ['generic']);
const CELL = wish('cell', ['cell', 'gridcell', 'columnheader', 'rowheader']);
/** Text blocks (see blocks.ts): what a description names when it asks to scroll to a passage. */
const PARAGRAPH = wish('paragraph', ['paragraph'], ['blockquote', 'listitem', 'definition', 'caption', 'generic']);
const LIST_ITEM = wish('listitem', ['listitem'], ['paragraph', 'option', 'treeitem', 'generic']);
const HEADER_CELL = wish('columnheader', ['columnheader', 'rowheader'], ['button', 'link', 'cell']);

/**
 * What "tick" and "untick" act on when no kind is said ("tick Messages"): a box to tick, though a link or button
 * of the same words (a filter's label as a link) is still a stand-in.
 */
export const TICKABLE = wish(
  'checkbox',
  ['checkbox', 'switch', 'menuitemcheckbox', 'radio'],
  ['link', 'button', 'generic', 'menuitem', 'option'],
);

/** "The language menu": a list to choose from, or a menu a button opens; a link or button may stand for it. */
export const MENU = wish('menu', ['combobox', 'listbox', 'menu', 'menubar'], ['button', 'link', 'menuitem']);

export const ROLE_WORDS: Record<string, RoleWish> = wordTable({
  button: BUTTON,
  link: LINK,
  hyperlink: LINK,
  anchor: LINK,
  checkbox: CHECKBOX,
  radio: RADIO,
  textbox: FIELD,
  field: FIELD,
  input: FIELD,
  box: FIELD,
  textarea: wish('textarea', ['textbox'], ['searchbox', 'combobox'], { multiline: true }),
  // Where a document is written ("the editor" of a wiki's edit page): the many-line kind, as "text area" is.
  editor: wish('textarea', ['textbox'], ['searchbox', 'combobox'], { multiline: true }),
  dropdown: DROPDOWN,
  select: DROPDOWN,
  combobox: DROPDOWN,
  picker: DROPDOWN,
  selector: DROPDOWN,
  chooser: DROPDOWN,
  listbox: DROPDOWN,
  fileinput: wish('fileinput', ['button'], ['button'], { type: 'file' }),
  tab: wish('tab', ['tab'], ['link', 'button']),
  switch: wish('switch', ['switch', 'checkbox'], ['button']),
  toggle: wish('toggle', ['switch', 'checkbox', 'button']),
  slider: wish('slider', ['slider']),
  menuitem: wish('menuitem', ['menuitem', 'menuitemcheckbox', 'menuitemradio'], ['link', 'button', 'option']),
  option: wish('option', ['option', 'radio'], ['menuitem', 'button', 'link', 'checkbox', 'switch']),
  image: IMAGE,
  picture: IMAGE,
  photo: IMAGE,
  logo: wish('logo', ['img', 'link'], ['button', 'generic']),
  avatar: IMAGE,
  thumbnail: IMAGE,
  icon: ICON,
  heading: HEADING,
  headline: HEADING,
  cell: CELL,
  paragraph: PARAGRAPH,
  passage: PARAGRAPH,
  blockquote: wish('blockquote', ['blockquote'], ['paragraph', 'generic']),
  listitem: LIST_ITEM,
  columnheader: HEADER_CELL,
  rowheader: HEADER_CELL,
  arrow: ICON,
  chevron: ICON,
  caret: ICON,
  symbol: ICON,
  glyph: ICON,
});

/**
 * A link that leads nowhere (`href="#"`, `javascript:`) is a script's control (a menu toggle, a tab), a link
 * in markup only: for a description that asks for a link it is a stand-in, not the thing itself.
 */
const goesNowhere = (element: SnapshotElement): boolean =>
  element.role === 'link' &&
  element.href !== undefined &&
  (/#$/.test(element.href) || /^javascript:/i.test(element.href));

/** How far the element's kind fits the wish: 1 fits, 0.75 a usual stand-in, 0.35 something else. */
export const roleFit = (element: SnapshotElement, wanted: RoleWish): number => {
  if (wanted.type) return element.type === wanted.type ? 1 : wanted.soft.has(element.role) ? 0.5 : 0.35;
  if (wanted.word === 'link' && goesNowhere(element)) return 0.75;
  if (wanted.multiline)
    return element.editable && element.tag !== 'input'
      ? 1
      : wanted.roles.has(element.role) || wanted.soft.has(element.role)
        ? 0.75
        : 0.35;
  if (wanted.any || wanted.roles.has(element.role)) return 1;
  if (wanted.editable && element.editable) return 1;
  if (wanted.soft.has(element.role)) return 0.75;
  return 0.35;
};
