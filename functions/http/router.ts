/**
 * Matches method + path against the route table the way API Gateway does: the path selects a resource first
 * (literal segments win over `{param}` ones), then the method; a method the resource lacks is a 405, it does not
 * fall through to a less specific resource.
 */
import type { Route } from '../api/route.js';

interface Resource {
  segments: string[];
  /** Sorts specific paths first: literal segments score higher than parameters, position by position. */
  rank: string;
  routes: Route[];
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrongMethod'; allow: string[] }
  | { kind: 'none' };

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** Path segments; a trailing slash is ignored, an empty segment inside the path matches nothing. */
const split = (path: string): string[] | undefined => {
  const segments = path.replace(/\/+$/, '').split('/').slice(1);
  return path.startsWith('/') && segments.every((segment) => segment.length > 0) ? segments : undefined;
};

export const createRouter = (routes: readonly Route[]) => {
  const byPath = new Map<string, Resource>();
  for (const route of routes) {
    const segments = split(route.path) ?? [];
    const resource = byPath.get(route.path) ?? {
      segments,
      rank: segments.map((s) => (isParam(s) ? '0' : '1')).join(''),
      routes: [],
    };
    resource.routes.push(route);
    byPath.set(route.path, resource);
  }
  const resources = [...byPath.values()].sort((a, b) => b.rank.localeCompare(a.rank));

  const matchPath = (resource: Resource, parts: string[]): Record<string, string> | undefined => {
    if (resource.segments.length !== parts.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i += 1) {
      const segment = resource.segments[i];
      if (isParam(segment)) {
        try {
          params[segment.slice(1, -1)] = decodeURIComponent(parts[i]);
        } catch {
          return undefined;
        }
      } else if (segment !== parts[i]) return undefined;
    }
    return params;
  };

  return (method: string, path: string): Match => {
    const parts = split(path);
    if (!parts) return { kind: 'none' };
    for (const resource of resources) {
      const params = matchPath(resource, parts);
      if (!params) continue;
      const route = resource.routes.find((candidate) => candidate.method === method);
      return route
        ? { kind: 'found', route, params }
        : { kind: 'wrongMethod', allow: resource.routes.map((r) => r.method) };
    }
    return { kind: 'none' };
  };
};
