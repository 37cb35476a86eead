/**
 * Which nested stack each route's function lives in, derived from the route table alone.
 *
 * CloudFormation allows 500 resources per stack, and a route's function costs five (function, role, policy, log
 * group, invoke permission). Routes are grouped by their resource (the table's `tag`), so the functions of one
 * part of the API deploy together and a route keeps its stack as others are added. A tag with more than
 * `maxRoutes` built routes continues in a second group (`Windows2`, ...), taken in table order, so adding a route
 * at the end of a tag moves no function to another stack.
 */
import type { Route } from '../functions/api/route.js';

export interface RouteGroup {
  /** PascalCase, usable in a construct id: `WindowOperations`, `Sessions`, `Sessions2`. */
  readonly name: string;
  readonly routes: readonly Route[];
}

/** 40 routes are 200 resources: 40 % of a stack's limit, room for what a future route may add per function. */
export const MAX_ROUTES_PER_GROUP = 40;

const pascal = (tag: string): string =>
  tag
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

export const routeGroups = (routes: readonly Route[], maxRoutes: number = MAX_ROUTES_PER_GROUP): RouteGroup[] => {
  if (!Number.isInteger(maxRoutes) || maxRoutes < 1)
    throw new RangeError(`maxRoutes must be a positive integer, got ${maxRoutes}`);
  const byTag = new Map<string, Route[]>();
  for (const route of routes) {
    if (!route.handler) continue;
    const name = pascal(route.tag);
    byTag.set(name, [...(byTag.get(name) ?? []), route]);
  }
  const groups: RouteGroup[] = [];
  for (const [name, tagged] of byTag) {
    for (let start = 0; start < tagged.length; start += maxRoutes) {
      const part = start / maxRoutes + 1;
      groups.push({ name: part === 1 ? name : `${name}${part}`, routes: tagged.slice(start, start + maxRoutes) });
    }
  }
  return groups;
};
