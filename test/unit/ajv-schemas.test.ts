/** The JsonSchemas adapter over Ajv: callers' schemas come with every request and must not pile up in it. */
import { describe, expect, it } from 'vitest';
import { createAjvSchemas } from '../../functions/adapters/json-schema/ajv.js';

describe('createAjvSchemas', () => {
  it('reports every mismatch with its path', () => {
    const check = createAjvSchemas().compile({
      type: 'object',
      properties: { n: { type: 'integer' }, s: { type: 'string' } },
      required: ['n'],
    });
    expect(check({ n: 1, s: 'x' })).toEqual([]);
    expect(check({ n: 'one', s: 2 })).toEqual(['/n must be integer', '/s must be string']);
  });

  it('compiles schemas sharing an $id one after the other, each checking by its own rules', () => {
    const schemas = createAjvSchemas();
    const first = schemas.compile({ $id: 'https://example.com/answer', type: 'object', required: ['a'] });
    const second = schemas.compile({ $id: 'https://example.com/answer', type: 'object', required: ['b'] });
    expect(first({ a: 1 })).toEqual([]);
    expect(second({ a: 1 })).toEqual(["(root) must have required property 'b'"]);
  });

  it('reads only the properties a value holds: `constructor` and `toString` are names like any other', () => {
    const check = createAjvSchemas().compile({
      type: 'object',
      properties: { constructor: { type: 'string' }, toString: { type: 'string' } },
      required: ['constructor'],
    });
    expect(check({ constructor: 'Ada' })).toEqual([]);
    expect(check({})).toEqual(["(root) must have required property 'constructor'"]);
    expect(check({ constructor: 'Ada', toString: 1 })).toEqual(['/toString must be string']);
  });
});
