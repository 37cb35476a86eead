import { describe, expect, it } from 'vitest';
import { buildEvent } from '../../functions/http/local/event.js';
import { queryInput } from '../../functions/http/middleware/validate.js';

describe('buildEvent', () => {
  it('keeps every value of a repeated query key, and the last one in the single-value map', () => {
    const event = buildEvent({ method: 'get', path: '/v1/sessions?a=1&a=2&b=x%20y' });
    expect(event.httpMethod).toBe('GET');
    expect(event.path).toBe('/v1/sessions');
    expect(event.multiValueQueryStringParameters).toEqual({ a: ['1', '2'], b: ['x y'] });
    expect(event.queryStringParameters).toEqual({ a: '2', b: 'x y' });
    expect(queryInput(event)).toEqual({ a: ['1', '2'], b: 'x y' });
  });

  it('answers null query maps when there is no query', () => {
    const event = buildEvent({ method: 'GET', path: '/v1/sessions' });
    expect(event.queryStringParameters).toBeNull();
    expect(event.multiValueQueryStringParameters).toBeNull();
  });

  it('keeps the last value of a repeated header, and all of them in the multi-value map', () => {
    const event = buildEvent({
      method: 'GET',
      path: '/',
      headers: { authorization: ['Bearer a', 'Bearer b'], skipped: undefined },
    });
    expect(event.headers).toEqual({ authorization: 'Bearer b' });
    expect(event.multiValueHeaders).toEqual({ authorization: ['Bearer a', 'Bearer b'] });
  });

  it('sends a string body as is and JSON-encodes anything else', () => {
    expect(buildEvent({ method: 'POST', path: '/', body: '{"a"' }).body).toBe('{"a"');
    expect(buildEvent({ method: 'POST', path: '/', body: { a: 1 } }).body).toBe('{"a":1}');
    expect(buildEvent({ method: 'POST', path: '/' }).body).toBeNull();
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('builds an event for the query key %s', (key) => {
    const event = buildEvent({ method: 'GET', path: `/v1/sessions?${key}=1` });
    expect(queryInput(event)[key]).toBe('1');
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('keeps a header named %s as a header', (name) => {
    const event = buildEvent({ method: 'GET', path: '/', headers: { [name]: 'x', authorization: 'Bearer a' } });
    expect(Object.hasOwn(event.headers, name) && event.headers[name]).toBe('x');
    expect(Object.hasOwn(event.multiValueHeaders, name) && event.multiValueHeaders[name]).toEqual(['x']);
    expect(event.multiValueHeaders.authorization).toEqual(['Bearer a']);
  });
});
