import { describe, expect, it } from 'vitest';
import type { Route } from '../../functions/api/route.js';
import { routes } from '../../functions/api/routes.js';
import { gatewayPaths } from '../../lib/gateway-paths.js';

const route = (method: Route['method'], path: string): Route =>
  ({ operationId: `${method} ${path}`, method, path, summary: '', tag: 'meta', status: 200 }) as unknown as Route;

/** A path's shape: variable names do not matter to API Gateway's matching. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

describe('gatewayPaths', () => {
  it('keeps paths whose variable names agree', () => {
    const table = [route('GET', '/v1/files/{id}'), route('POST', '/v1/files/{id}/push'), route('GET', '/v1/files')];
    expect(gatewayPaths(table).map((entry) => entry.path)).toEqual([
      '/v1/files/{id}',
      '/v1/files/{id}/push',
      '/v1/files',
    ]);
  });

  it('gives one level the variable name most of its routes use', () => {
    const table = [
      route('GET', '/v1/sessions/{id}'),
      route('GET', '/v1/sessions/{sessionId}/windows'),
      route('POST', '/v1/sessions/{sessionId}/windows'),
    ];
    expect(gatewayPaths(table).map((entry) => entry.path)).toEqual([
      '/v1/sessions/{sessionId}',
      '/v1/sessions/{sessionId}/windows',
      '/v1/sessions/{sessionId}/windows',
    ]);
  });

  it('lets the first declared name win a tie', () => {
    const table = [route('GET', '/a/{x}'), route('GET', '/a/{y}/b')];
    expect(gatewayPaths(table).map((entry) => entry.path)).toEqual(['/a/{x}', '/a/{x}/b']);
  });

  it('never changes what a route matches, only variable names', () => {
    for (const { route: declared, path } of gatewayPaths(routes)) expect(shape(path)).toBe(shape(declared.path));
  });

  it('leaves at most one variable child under any resource of the route table', () => {
    const children = new Map<string, Set<string>>();
    for (const { path } of gatewayPaths(routes)) {
      const parts = path.split('/').filter(Boolean);
      parts.forEach((part, index) => {
        if (!part.startsWith('{')) return;
        const parent = parts.slice(0, index).join('/');
        children.set(parent, (children.get(parent) ?? new Set()).add(part));
      });
    }
    for (const [parent, names] of children) expect([parent, [...names]]).toEqual([parent, [...names].slice(0, 1)]);
  });
});
