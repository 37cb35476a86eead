/**
 * API Gateway resource paths derived from the route table.
 *
 * API Gateway allows one variable segment per level of the resource tree, while the route table may name the same
 * segment differently on different routes (`/v1/sessions/{id}` beside `/v1/sessions/{sessionId}/windows`). Each
 * level keeps the name most routes under it use (ties: the first declared), so the tree deploys; the routes whose
 * names changed are reported, because Lambda then sees that name in `resource` and `pathParameters`.
 */
import type { Route } from '../functions/api/route.js';

export interface GatewayPath {
  route: Route;
  /** The resource path the route's method lives on. */
  path: string;
}

const isVariable = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment.length > 0);

/** The most used variable name at each level, keyed by the (already canonical) parent path. */
const chooseVariableNames = (routes: readonly Route[]): ((parent: string, name: string) => string) => {
  const chosen = new Map<string, string>();
  const depth = Math.max(0, ...routes.map((route) => segmentsOf(route.path).length));
  const canonical = routes.map(() => '');
  for (let level = 0; level < depth; level += 1) {
    const tally = new Map<string, Map<string, number>>();
    routes.forEach((route, index) => {
      const segment = segmentsOf(route.path)[level];
      if (segment === undefined || !isVariable(segment)) return;
      const counts = tally.get(canonical[index]) ?? new Map<string, number>();
      counts.set(segment, (counts.get(segment) ?? 0) + 1);
      tally.set(canonical[index], counts);
    });
    for (const [parent, counts] of tally) {
      // Map iteration follows insertion order, so the first declared name wins a tie.
      const [name] = [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
      chosen.set(parent, name);
    }
    routes.forEach((route, index) => {
      const segment = segmentsOf(route.path)[level];
      if (segment === undefined) return;
      const part = isVariable(segment) ? chosen.get(canonical[index])! : segment;
      canonical[index] = `${canonical[index]}/${part}`;
    });
  }
  return (parent, name) => chosen.get(parent) ?? name;
};

export const gatewayPaths = (routes: readonly Route[]): GatewayPath[] => {
  const variableAt = chooseVariableNames(routes);
  return routes.map((route) => {
    let path = '';
    for (const segment of segmentsOf(route.path))
      path = `${path}/${isVariable(segment) ? variableAt(path, segment) : segment}`;
    return { route, path: path || '/' };
  });
};
