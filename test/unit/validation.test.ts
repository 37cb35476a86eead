import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { queryBool, queryInt, queryList } from '../../functions/api/schemas/common.js';
import { queryInput, withoutNulls } from '../../functions/http/middleware/validate.js';

const event = (single: Record<string, string> | null, multi: Record<string, string[]> | null) =>
  ({ queryStringParameters: single, multiValueQueryStringParameters: multi }) as unknown as APIGatewayProxyEvent;

describe('withoutNulls', () => {
  it('removes null members of objects, at any depth', () => {
    expect(withoutNulls({ a: null, b: 1, c: { d: null, e: 'x', f: { g: null } } })).toEqual({
      b: 1,
      c: { e: 'x', f: {} },
    });
  });

  it('keeps array positions, cleaning objects inside them', () => {
    expect(withoutNulls([null, { a: null, b: 2 }, [null]])).toEqual([null, { b: 2 }, [null]]);
  });

  it('leaves scalars and a root null alone', () => {
    for (const value of [null, 0, '', false, 'text', 1.5]) expect(withoutNulls(value)).toBe(value);
  });

  it('keeps a __proto__ key as data', () => {
    const cleaned = withoutNulls(JSON.parse('{"__proto__":{"elementDescription":"x"}}')) as Record<string, unknown>;
    expect(Object.keys(cleaned)).toEqual(['__proto__']);
    expect(cleaned.elementDescription).toBeUndefined();
  });

  it('does not change its input', () => {
    const input = { a: null, b: { c: null } };
    withoutNulls(input);
    expect(input).toEqual({ a: null, b: { c: null } });
  });
});

describe('queryInput', () => {
  it('gives a string for a key sent once and an array for a repeated key', () => {
    expect(queryInput(event({ a: '1', b: '3' }, { a: ['1'], b: ['2', '3'] }))).toEqual({ a: '1', b: ['2', '3'] });
  });

  it('answers an empty object when there is no query', () => {
    expect(queryInput(event(null, null))).toEqual({});
  });

  it('falls back to the single-value map', () => {
    expect(queryInput(event({ a: '1' }, null))).toEqual({ a: '1' });
  });

  it('keeps empty values', () => {
    expect(queryInput(event({ a: '' }, { a: [''] }))).toEqual({ a: '' });
  });
});

describe('queryList', () => {
  const parse = (input: unknown) => queryList().safeParse(input);

  it('splits on commas, accepts repeated keys, and both at once', () => {
    expect(parse('a,b').data).toEqual(['a', 'b']);
    expect(parse(['a', 'b']).data).toEqual(['a', 'b']);
    expect(parse(['a,b', 'c']).data).toEqual(['a', 'b', 'c']);
  });

  it('trims items and drops empty ones', () => {
    expect(parse(' a , ,b,').data).toEqual(['a', 'b']);
    expect(parse(',,,').data).toEqual([]);
  });

  it('refuses more than 100 items and items over 256 characters', () => {
    expect(parse(Array.from({ length: 101 }, (_, i) => `x${i}`).join(',')).success).toBe(false);
    expect(parse(Array.from({ length: 100 }, (_, i) => `x${i}`)).success).toBe(true);
    expect(parse('x'.repeat(257)).success).toBe(false);
    expect(parse('x'.repeat(256)).success).toBe(true);
  });

  it('refuses anything but text', () => {
    for (const input of [1, {}, [1], null, true]) expect(parse(input).success, JSON.stringify(input)).toBe(false);
  });
});

describe('queryInt', () => {
  const parse = (input: unknown) => queryInt().safeParse(input);

  it('reads integers, negative ones included', () => {
    expect(parse('0').data).toBe(0);
    expect(parse('42').data).toBe(42);
    expect(parse('-1').data).toBe(-1);
    expect(parse('999999999999999').data).toBe(999_999_999_999_999);
  });

  it.each(['1.5', 'abc', '', ' ', '1e3', '0x10', '+1', '1 ', 'NaN', 'Infinity', '9999999999999999', '١٢'])(
    'refuses %j',
    (input) => {
      expect(parse(input).success).toBe(false);
    },
  );

  it('refuses a repeated key', () => {
    expect(parse(['1', '2']).success).toBe(false);
  });
});

describe('queryBool', () => {
  it('reads exactly true and false', () => {
    expect(queryBool().parse('true')).toBe(true);
    expect(queryBool().parse('false')).toBe(false);
    for (const input of ['TRUE', '1', 'yes', '']) expect(queryBool().safeParse(input).success, input).toBe(false);
  });
});
