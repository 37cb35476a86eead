/** The JsonSchemas adapter over Ajv: callers' schemas come with every request and must not pile up in it. */
import { describe, expect, it } from 'vitest';
import { CHECK_TIME_MS, COMPILE_TIME_MS, createAjvSchemas } from '../../functions/adapters/json-schema/ajv.js';

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

  it("keeps nothing of one caller's schema for the next: a nested $id neither answers nor blocks a later schema", () => {
    const schemas = createAjvSchemas();
    const id = 'https://example.com/planted';
    const first = schemas.compile({ type: 'object', definitions: { d: { $id: id, type: 'number' } } });
    expect(first({})).toEqual([]);
    expect(() => schemas.compile({ $ref: id })).toThrow(/can't resolve reference/);
    const second = schemas.compile({ type: 'object', definitions: { d: { $id: id, type: 'string' } } });
    expect(second({})).toEqual([]);
    // The same $id at the root, twice, also compiles each time by its own rules.
    expect(schemas.compile({ $id: id, type: 'string' })(1)).toEqual(['(root) must be string']);
    expect(schemas.compile({ $id: id, type: 'number' })(1)).toEqual([]);
  });

  it('still refuses a schema that is not one, saying why, as Ajv words it', () => {
    const schemas = createAjvSchemas();
    expect(() => schemas.compile({ type: 'nonsense' })).toThrow(
      /^schema is invalid: data\/type must be equal to one of the allowed values/,
    );
    expect(() => schemas.compile({ $ref: '#/definitions/missing' })).toThrow(/can't resolve reference/);
    const draft7 = schemas.compile({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' });
    expect(draft7('x')).toEqual([]);
  });

  it('stops a pattern that backtracks without end, saying so, and checks the next value as usual', () => {
    const check = createAjvSchemas().compile({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
    });
    // Unstopped, this one check would run for hours.
    expect(check({ code: `${'a'.repeat(40)}!` })).toEqual([
      expect.stringMatching(new RegExp(`could not be checked within ${CHECK_TIME_MS} ms: a pattern of the schema`)),
    ]);
    expect(check({ code: 'aaaa' })).toEqual([]);
    expect(check({ code: 'ab' })).toEqual(['/code must match pattern "^(a+)+$"']);
  });

  it('refuses an $async schema, whose check would answer later with nobody listening', () => {
    expect(() => createAjvSchemas().compile({ $async: true, type: 'object' })).toThrow(
      'asynchronous schemas ($async) are not supported: remove "$async"',
    );
  });

  it('stops compiling a schema that takes too long, saying so', () => {
    // Compiling costs more than its size: 8,000 patterned properties take several seconds.
    const properties = Object.fromEntries(
      Array.from({ length: 8_000 }, (_, i) => [`p${i}`, { type: 'string', pattern: `^a${i}(b|c)*$` }]),
    );
    expect(() => createAjvSchemas().compile({ type: 'object', properties })).toThrow(
      `it takes longer than ${COMPILE_TIME_MS} ms to compile: make it smaller`,
    );
  });

  it('names the values a choice allows', () => {
    const check = createAjvSchemas().compile({
      type: 'object',
      properties: { size: { enum: ['S', 'M', 'L'] }, kind: { const: 'shoe' } },
    });
    expect(check({ size: 'XL', kind: 'hat' })).toEqual(['/size must be one of "S", "M", "L"', '/kind must be "shoe"']);
  });
});
