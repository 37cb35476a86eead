/**
 * What one snapshot gathers: rows of numbers with their strings interned in one table (see `decode.ts` for the
 * row layout), the elements behind the rows, and the walk's running context. Module state is fresh on every
 * evaluation: the page receives the whole bundle each time.
 */
import { FIELDS } from '../decode.js';

export type Field = (typeof FIELDS)[number];
/** A field's code in a row: its position in `FIELDS`. */
export const F = Object.fromEntries(FIELDS.map((field, index) => [field, index])) as Record<Field, number>;

export const VISIBLE = 1;
export const INTERACTIVE = 2;
export const EDITABLE = 4;
export const DISABLED = 8;
export const CHECKABLE = 16;
export const CHECKED = 32;
export const BLOCK = 64;

/** Controls and labelled elements a cell or block may hold. */
export const CONTROLS =
  'a[href], button, input, select, textarea, [role=button], [role=link], [role=checkbox], [tabindex]';

export type Row = number[];

/** The walk's context on the way down. */
export interface Context {
  regions: string[];
  /** Interned `regions`, joined by newlines. */
  region: number;
  /** Row of the nearest enclosing candidate, or -1. */
  parent: number;
  /** Row of the nearest enclosing candidate or text block, or -1. */
  container: number;
  interactive: boolean;
  cell: Element | null;
  /** The frame's offset in the top document. */
  offset: { x: number; y: number };
  frame: string;
}

export const top = { scrollX: window.scrollX, scrollY: window.scrollY };
export const strings: string[] = [''];
const interned = new Map<string, number>([['', 0]]);
export const intern = (value: string): number => {
  let index = interned.get(value);
  if (index === undefined) {
    index = strings.length;
    strings.push(value);
    interned.set(value, index);
  }
  return index;
};
export const put = (row: Row, field: Field, value: string) => {
  row.push(F[field], intern(value));
};
export const rows: Row[] = [];
export const refs: Element[] = [];
/** Counters the walk and the blocks share. */
export const counts = { nodes: 0, blocks: 0, lastHeading: 0, truncated: false };

export const isVisible = (el: Element, rect: DOMRect, offset: { x: number; y: number }): boolean =>
  rect.width >= 2 &&
  rect.height >= 2 &&
  rect.right + offset.x + top.scrollX > 0 &&
  rect.bottom + offset.y + top.scrollY > 0 &&
  el.checkVisibility({ visibilityProperty: true, opacityProperty: true });

/** A row's position and size in the top document. */
export const boxOf = (rect: DOMRect, ctx: Context): number[] => [
  Math.round(rect.left + ctx.offset.x + top.scrollX),
  Math.round(rect.top + ctx.offset.y + top.scrollY),
  Math.round(rect.width),
  Math.round(rect.height),
];
