import { describe, expect, it } from 'vitest';
import type { Route } from '../../functions/api/route.js';
import { routes } from '../../functions/api/routes.js';
import { MAX_ROUTES_PER_GROUP, routeGroups } from '../../lib/route-groups.js';

const base = routes.find((route) => route.operationId === 'listSessions')!;
const route = (operationId: string, tag: Route['tag']): Route => ({ ...base, operationId, tag });
const unbuilt = (operationId: string, tag: Route['tag']): Route => ({ ...base, operationId, tag, handler: undefined });

describe('route groups', () => {
  it('groups the built routes of the table by resource, each built route in exactly one group', () => {
    const groups = routeGroups(routes);
    const grouped = groups.flatMap((group) => group.routes.map((r) => r.operationId));
    expect(grouped.sort()).toEqual(
      routes
        .filter((r) => r.handler)
        .map((r) => r.operationId)
        .sort(),
    );
    for (const group of groups) expect(new Set(group.routes.map((r) => r.tag)).size, group.name).toBe(1);
    expect(groups.map((group) => group.name)).toContain('WindowOperations');
    for (const group of groups) expect(group.routes.length, group.name).toBeLessThanOrEqual(MAX_ROUTES_PER_GROUP);
  });

  it('leaves routes without a handler out: they share the 501 function', () => {
    expect(routeGroups([route('a', 'files'), unbuilt('b', 'files'), unbuilt('c', 'meta')])).toEqual([
      { name: 'Files', routes: [route('a', 'files')] },
    ]);
  });

  it('continues a large resource in further groups in table order, so a route added at its end moves no other', () => {
    const table = ['a', 'b', 'c', 'd', 'e'].map((id) => route(id, 'window operations'));
    const names = (groups: ReturnType<typeof routeGroups>) =>
      groups.map((g) => [g.name, g.routes.map((r) => r.operationId)]);
    expect(names(routeGroups(table, 2))).toEqual([
      ['WindowOperations', ['a', 'b']],
      ['WindowOperations2', ['c', 'd']],
      ['WindowOperations3', ['e']],
    ]);
    expect(names(routeGroups([...table, route('f', 'window operations')], 2)).slice(0, 3)).toEqual(
      names(routeGroups(table, 2)).map(([name, ids], i) => (i === 2 ? [name, [...ids, 'f']] : [name, ids])),
    );
  });

  it('refuses a group size that is not a positive whole number', () => {
    expect(() => routeGroups(routes, 0)).toThrow(/maxRoutes/);
    expect(() => routeGroups(routes, 1.5)).toThrow(/maxRoutes/);
  });
});
