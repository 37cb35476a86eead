import { describe, expect, it } from 'vitest';
import type { Route } from '../../functions/api/route.js';
import { routes } from '../../functions/api/routes.js';
import { createRouter } from '../../functions/http/router.js';

const route = (method: Route['method'], path: string, operationId = `${method} ${path}`): Route =>
  ({ operationId, method, path, summary: '', tag: 'meta', status: 200 }) as unknown as Route;

const table = [
  route('GET', '/v1/things/{id}', 'getThing'),
  route('DELETE', '/v1/things/{id}', 'deleteThing'),
  route('PUT', '/v1/things/special', 'putSpecial'),
  route('GET', '/v1/things', 'listThings'),
  route('POST', '/v1/things', 'createThing'),
  route('GET', '/v1/things/{id}/parts/{partId}', 'getPart'),
];
const match = createRouter(table);

const found = (method: string, path: string) => {
  const result = match(method, path);
  if (result.kind !== 'found') throw new Error(`${method} ${path} did not match: ${result.kind}`);
  return { operationId: result.route.operationId, params: result.params };
};

describe('router', () => {
  it('matches literal paths and captures parameters', () => {
    expect(found('GET', '/v1/things')).toEqual({ operationId: 'listThings', params: {} });
    expect(found('GET', '/v1/things/abc')).toEqual({ operationId: 'getThing', params: { id: 'abc' } });
    expect(found('GET', '/v1/things/a/parts/b')).toEqual({ operationId: 'getPart', params: { id: 'a', partId: 'b' } });
  });

  it('prefers a literal segment over a parameter, whatever the table order', () => {
    expect(found('PUT', '/v1/things/special').operationId).toBe('putSpecial');
  });

  it('answers wrongMethod for a literal path, without falling through to the parameter route', () => {
    expect(match('GET', '/v1/things/special')).toEqual({ kind: 'wrongMethod', allow: ['PUT'] });
  });

  it('answers wrongMethod with every method the path allows', () => {
    expect(match('PATCH', '/v1/things')).toEqual({ kind: 'wrongMethod', allow: ['GET', 'POST'] });
    expect(match('POST', '/v1/things/abc')).toEqual({ kind: 'wrongMethod', allow: ['GET', 'DELETE'] });
    expect(match('POST', '/v1/things/special')).toEqual({ kind: 'wrongMethod', allow: ['PUT'] });
  });

  it('answers none for a path no route has', () => {
    expect(match('GET', '/v1/nothing')).toEqual({ kind: 'none' });
    expect(match('GET', '/v1/things/a/parts')).toEqual({ kind: 'none' });
    expect(match('GET', '/v2/things')).toEqual({ kind: 'none' });
  });

  it('percent-decodes parameters but not literal segments', () => {
    expect(found('GET', '/v1/things/a%20b').params).toEqual({ id: 'a b' });
    expect(found('GET', '/v1/things/a%2Fb').params).toEqual({ id: 'a/b' });
    expect(found('GET', '/v1/things/%F0%9F%98%80').params).toEqual({ id: '😀' });
    expect(found('GET', '/v1/things/%00').params).toEqual({ id: '\u0000' });
    expect(match('GET', '/v1/%74hings')).toEqual({ kind: 'none' });
  });

  it('does not match a parameter with broken percent-encoding', () => {
    for (const segment of ['%', '%zz', '%E0%A4%A', '%ED%A0%80', 'a%2']) {
      expect(match('GET', `/v1/things/${segment}`), segment).toEqual({ kind: 'none' });
    }
  });

  it('ignores a trailing slash but matches nothing for an empty segment inside the path', () => {
    expect(found('GET', '/v1/things/').operationId).toBe('listThings');
    expect(match('GET', '/v1//things')).toEqual({ kind: 'none' });
    expect(match('GET', '/v1/things//parts')).toEqual({ kind: 'none' });
  });

  it('compares methods exactly', () => {
    expect(match('get', '/v1/things').kind).toBe('wrongMethod');
  });

  it('routes every entry of the real route table to itself', () => {
    const real = createRouter(routes);
    for (const entry of routes) {
      const path = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => `value-of-${name}`);
      const result = real(entry.method, path);
      expect(result.kind === 'found' && result.route.operationId, `${entry.method} ${path}`).toBe(entry.operationId);
    }
  });
});
