/**
 * The snapshot script's compact answer → the port's `PageSnapshot`. A row is
 * `[role, tag, name, x, y, width, height, flags, parent, heading, region, (field, value)*]`, every text an index
 * into `strings` (0 is the empty string), `parent` a row index or -1, `region` one string of regions joined by
 * newlines, and the optional fields in pairs coded by their position in `FIELDS`.
 */
import type { PageSnapshot, SnapshotElement } from '../../../../ports/page-snapshot.js';

export const FIELDS = [
  'label',
  'text',
  'placeholder',
  'title',
  'alt',
  'value',
  'href',
  'attributes',
  'near',
  'row',
  'column',
  'type',
  'frame',
  'rel',
] as const;

const VISIBLE = 1;
const INTERACTIVE = 2;
const EDITABLE = 4;
const DISABLED = 8;
const CHECKABLE = 16;
const CHECKED = 32;
const BLOCK = 64;

export interface RawSnapshot extends Omit<PageSnapshot, 'elements'> {
  strings: string[];
  rows: number[][];
}

/**
 * Every element gets every key, absent ones as undefined (JSON leaves them out): objects of one shape are read
 * several times faster by the resolver than thousands of shapes made by adding keys as they come.
 */
const elementOf = (
  row: number[],
  index: number,
  strings: string[],
  regions: Map<number, string[]>,
): SnapshotElement => {
  const [role, tag, name, x, y, width, height, flags, parent, heading, region] = row;
  const extra: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (let i = 11; i + 1 < row.length; i += 2) extra[FIELDS[row[i]]] = strings[row[i + 1]];
  if (region && !regions.has(region)) regions.set(region, strings[region].split('\n'));
  return {
    id: `e${index}`,
    role: strings[role],
    tag: strings[tag],
    type: extra.type,
    name: strings[name],
    label: extra.label,
    text: extra.text,
    placeholder: extra.placeholder,
    title: extra.title,
    alt: extra.alt,
    value: extra.value,
    href: extra.href,
    attributes: extra.attributes,
    near: extra.near,
    heading: heading ? strings[heading] : undefined,
    region: region ? regions.get(region) : undefined,
    row: extra.row,
    column: extra.column,
    parent: parent >= 0 ? `e${parent}` : undefined,
    box: { x, y, width, height },
    visible: (flags & VISIBLE) !== 0,
    interactive: (flags & INTERACTIVE) !== 0,
    editable: flags & EDITABLE ? true : undefined,
    disabled: flags & DISABLED ? true : undefined,
    checked: flags & CHECKABLE ? (flags & CHECKED) !== 0 : undefined,
    block: flags & BLOCK ? true : undefined,
    frame: extra.frame,
    rel: extra.rel,
  };
};

export const decodeSnapshot = (raw: RawSnapshot): PageSnapshot => {
  const regions = new Map<number, string[]>();
  const { strings, rows, truncated, ...rest } = raw;
  return {
    ...rest,
    elements: rows.map((row, index) => elementOf(row, index, strings, regions)),
    ...(truncated ? { truncated } : {}),
  };
};
