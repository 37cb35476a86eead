/** Items of a page's listing without a model: columns named like an object's members are data like any other. */
import { describe, expect, it } from 'vitest';
import { itemsFromGroups, listShapeOf } from '../../functions/core/operations/pagination/items.js';
import type { ItemGroup } from '../../functions/ports/window-driver.js';

const table = (headers: string[], rows: string[][]): ItemGroup => ({
  kind: 'table',
  label: 'Classes',
  headers,
  items: rows.map((cells) => ({ text: cells.join(' '), cells })),
  main: true,
  key: 'body>table',
});

describe('items from a table without a model', () => {
  it('keeps columns named "constructor" and "__proto__" as data', () => {
    const group = table(['name', 'constructor', '__proto__'], [['Vec', 'new', 'Object']]);
    const { items } = itemsFromGroups([group], listShapeOf(undefined), false);
    expect(JSON.stringify(items)).toBe('[{"name":"Vec","constructor":"new","__proto__":"Object"}]');
  });

  it('still fills a schema whose properties are named so, numbers included', () => {
    const group = table(['name', 'constructor'], [['Vec', '3']]);
    const schema = {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, constructor: { type: 'number' } } },
    };
    const { items } = itemsFromGroups([group], listShapeOf(schema), true);
    expect(JSON.parse(JSON.stringify(items))).toEqual([{ name: 'Vec', constructor: 3 }]);
  });

  it('leaves out a column a short row lacks, even one named like an inherited member', () => {
    const group = table(['name', 'constructor'], [['Vec']]);
    const schema = {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, constructor: { type: 'boolean' } } },
    };
    const { items } = itemsFromGroups([group], listShapeOf(schema), true);
    expect(JSON.parse(JSON.stringify(items))).toEqual([{ name: 'Vec' }]);
  });
});
