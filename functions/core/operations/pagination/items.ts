/**
 * The items of a paginated extraction: what one item looks like (from the caller's output schema), how items from
 * many pages become one result in that schema, and how a page's own tables and lists become items when no
 * language model is configured (copied from the page, never composed).
 */
import type { ItemGroup } from '../../../ports/window-driver.js';

type Schema = Record<string, unknown>;

/**
 * Where the list is in the caller's schema: the schema itself (`type: array`), its one array property (`{results:
 * [...]}`: the common shape), or nowhere (an object schema: each item is one such object, and the result a list of them).
 */
export type ListShape =
  | { kind: 'array'; item: Schema }
  | { kind: 'property'; property: string; item: Schema }
  | { kind: 'items'; item: Schema };

const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);

export const listShapeOf = (schema: Schema | undefined): ListShape => {
  if (!schema) return { kind: 'items', item: {} };
  if (schema.type === 'array') return { kind: 'array', item: isSchema(schema.items) ? schema.items : {} };
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const arrays = Object.entries(properties).filter(([, value]) => isSchema(value) && value.type === 'array');
  if (arrays.length === 1) {
    const [property, value] = arrays[0] as [string, Schema];
    return { kind: 'property', property, item: isSchema(value.items) ? value.items : {} };
  }
  return { kind: 'items', item: schema };
};

/** The final answer: the items in the caller's shape. */
export const shapeResult = (shape: ListShape, items: unknown[]): unknown =>
  shape.kind === 'property' ? { [shape.property]: items } : items;

/** Object keys sorted, so the same item read twice (its keys in another order) counts once. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    isSchema(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((key) => [key, inner[key]]),
        )
      : typeof inner === 'string'
        ? inner.replace(/\s+/g, ' ').trim()
        : inner,
  );

/** Items in page order, each once: a listing's pages overlap (a load-more keeps the earlier items on the page). */
export class ItemSet {
  readonly items: unknown[] = [];
  private readonly seen = new Set<string>();

  /** Adds the new ones; answers how many were new. */
  add(items: unknown[]): number {
    let added = 0;
    for (const item of items) {
      const key = canonical(item);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.items.push(item);
      added += 1;
    }
    return added;
  }
}

const words = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const sameWords = (a: string, b: string) => words(a).join(' ') === words(b).join(' ');

/** "$1,299.00" → 1299; a cell that is not plainly one number stays unmatched rather than guessed. */
const asNumber = (text: string): number | undefined => {
  const match = /^[^\d-]{0,3}(-?[\d,]*\.?\d+)[^\d]{0,4}$/.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1].replace(/,/g, ''));
  return Number.isFinite(value) ? value : undefined;
};

const typeOf = (schema: unknown): string | undefined =>
  isSchema(schema) && typeof schema.type === 'string' ? schema.type : undefined;

/** A table row or list entry as an item: columns by header, or its text (and link). */
const plainItem = (group: ItemGroup, item: ItemGroup['items'][number]): Record<string, string> => {
  if (group.kind === 'table' && group.headers?.length && item.cells) {
    // Columns are the page's words ("constructor", "__proto__"): a map with no prototype holds them all as data.
    const row: Record<string, string> = Object.create(null);
    group.headers.forEach((header, index) => {
      if (header && item.cells![index] !== undefined) row[header] = item.cells![index];
    });
    if (item.link) row.link = item.link;
    return row;
  }
  return Object.assign(Object.create(null), item.link ? { text: item.text, link: item.link } : { text: item.text });
};

/**
 * A group's items in the item schema, when every required property (or, without any required, at least one)
 * maps to a column, or to the text/link of a list entry, by name; values converted only where the text is plainly
 * of the schema's type. Undefined when the group cannot fill the schema: then only a model could.
 */
const mappedItems = (group: ItemGroup, item: Schema): Array<Record<string, unknown>> | undefined => {
  const properties = isSchema(item.properties) ? item.properties : {};
  const required = Array.isArray(item.required) ? (item.required as string[]) : [];
  const sources = group.kind === 'table' && group.headers?.length ? [...group.headers, 'link'] : ['text', 'link'];
  const mapping = new Map<string, string>();
  for (const property of Object.keys(properties)) {
    const source =
      sources.find((s) => sameWords(s, property)) ??
      sources.find((s) => words(s).includes(words(property)[0] ?? '\0') && words(property).length === 1);
    if (source) mapping.set(property, source);
  }
  const mapped = required.length ? required.every((p) => mapping.has(p)) : mapping.size > 0;
  if (!mapped) return undefined;
  return group.items.map((entry) => {
    const plain = plainItem(group, entry);
    const out: Record<string, unknown> = Object.create(null);
    for (const [property, source] of mapping) {
      const text = plain[source];
      if (typeof text !== 'string') continue;
      const type = typeOf(properties[property]);
      if (type === 'number' || type === 'integer') {
        const number = asNumber(text);
        if (number !== undefined && (type === 'number' || Number.isInteger(number))) out[property] = number;
      } else if (type === 'boolean') {
        if (/^(yes|true)$/i.test(text.trim())) out[property] = true;
        else if (/^(no|false)$/i.test(text.trim())) out[property] = false;
      } else out[property] = text;
    }
    return out;
  });
};

/**
 * Without a model: the page's main repeated structure (the first group, or with a schema the first one that fills
 * it; `groups` come best first) as items. `undefined` items: no group fits the schema.
 */
export const itemsFromGroups = (
  groups: ItemGroup[],
  shape: ListShape,
  hasSchema: boolean,
): { items?: unknown[]; group?: ItemGroup } => {
  if (!groups.length) return { items: [] };
  if (!hasSchema) return { items: groups[0].items.map((entry) => plainItem(groups[0], entry)), group: groups[0] };
  // A list of strings: each entry's text is one.
  if (typeOf(shape.item) === 'string') return { items: groups[0].items.map((entry) => entry.text), group: groups[0] };
  for (const group of groups) {
    const items = mappedItems(group, shape.item);
    if (items) return { items, group };
  }
  return {};
};
