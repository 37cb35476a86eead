/**
 * Text blocks of the snapshot script: the paragraphs, list items, table rows, quotes and definitions a person
 * reads, listed so a description can name one to scroll to ("the paragraph about tides", "Paragraph 10").
 * Headings and images with alt text are candidates already.
 *
 * Listed only when the snapshot is asked for them (`textBlocks`: scrolling to text), with the `BLOCK` flag (the
 * port's `block`), the document role their tag implies (`p` → `paragraph`, `li` → `listitem`, `tr` → `row`, …, a
 * `div` holding text of its own → `paragraph`) and never as interactive. Blocks never become the parent of a
 * control, so the controls' own rows are exactly what they are without blocks; and they have their own cap, so a
 * page full of text never crowds controls out of a snapshot.
 */
import {
  BLOCK,
  boxOf,
  CONTROLS,
  type Context,
  counts,
  intern,
  isVisible,
  put,
  refs,
  rows,
  strings,
  VISIBLE,
} from './state.js';
import { clean, textOf } from './text.js';

const BLOCK_ROLES: Record<string, string> = {
  p: 'paragraph',
  li: 'listitem',
  tr: 'row',
  blockquote: 'blockquote',
  dt: 'term',
  dd: 'definition',
  figcaption: 'caption',
  caption: 'caption',
};
/** Enough blocks for any page a person reads; past this a long feed's later items are simply not listed. */
const MAX_BLOCKS = 20000;
/** A paragraph is named by its opening words, but by more of them than a control: topics come a sentence in. */
const BLOCK_TEXT_MAX = 200;

const holdsOwnText = (el: Element) => {
  for (let node = el.firstChild; node; node = node.nextSibling)
    if (node.nodeType === 3 && (node as Text).data.trim()) return true;
  return false;
};

/** The block role of an element that did not qualify as a candidate, or '' when it is no text block. */
export const blockRoleOf = (el: Element, tag: string): string => {
  const role = Object.hasOwn(BLOCK_ROLES, tag) ? BLOCK_ROLES[tag] : '';
  if (role) {
    // A menu's list item or a row that only wraps one control (<li><a>Home</a></li>) adds nothing to the control.
    if (
      (tag === 'li' || tag === 'tr') &&
      el.childElementCount === 1 &&
      !holdsOwnText(el) &&
      el.firstElementChild!.matches(CONTROLS)
    )
      return '';
    return role;
  }
  return tag === 'div' && holdsOwnText(el) ? 'paragraph' : '';
};

/** Appends a visible block's row (parent: the nearest block or candidate around it); answers its index, or -1. */
export const recordBlock = (el: Element, tag: string, role: string, ctx: Context, bare: boolean): number => {
  if (counts.blocks >= MAX_BLOCKS) return -1;
  const rect = el.getBoundingClientRect();
  if (!isVisible(el, rect, ctx.offset)) return -1;
  const name = textOf(el, BLOCK_TEXT_MAX);
  if (!name) return -1;
  counts.blocks += 1;
  const row = [
    intern(role),
    intern(tag),
    intern(name),
    ...boxOf(rect, ctx),
    VISIBLE | BLOCK,
    ctx.container,
    strings[counts.lastHeading] !== name ? counts.lastHeading : 0,
    ctx.region,
  ];
  const attributes =
    !bare && (el.id || el.getAttribute('name')) ? clean(el.id + ' ' + (el.getAttribute('name') || ''), 40) : '';
  if (attributes) put(row, 'attributes', attributes);
  if (ctx.frame) put(row, 'frame', ctx.frame);
  rows.push(row);
  refs.push(el);
  return rows.length - 1;
};
