/** Matches method + path against the route table. Literal segments win over `{param}` ones, as in API Gateway. */
import type { Route } from '../api/route.js';

interface Compiled {
  route: Route;
  segments: string[];
  /** Sorts specific paths first: literal segments score higher than parameters, position by position. */
  rank: string;
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrongMethod'; allow: string[] }
  | { kind: 'none' };

const split = (path: string) => path.split('/').filter((segment) => segment.length > 0);
const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

export const createRouter = (routes: readonly Route[]) => {
  const compiled: Compiled[] = routes
    .map((route) => {
      const segments = split(route.path);
      return { route, segments, rank: segments.map((s) => (isParam(s) ? '0' : '1')).join('') };
    })
    .sort((a, b) => b.rank.localeCompare(a.rank));

  const matchPath = (entry: Compiled, parts: string[]): Record<string, string> | undefined => {
    if (entry.segments.length !== parts.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i += 1) {
      const segment = entry.segments[i];
      if (isParam(segment)) {
        let value: string;
        try {
          value = decodeURIComponent(parts[i]);
        } catch {
          return undefined;
        }
        params[segment.slice(1, -1)] = value;
      } else if (segment !== parts[i]) return undefined;
    }
    return params;
  };

  return (method: string, path: string): Match => {
    const parts = split(path);
    const allow = new Set<string>();
    for (const entry of compiled) {
      const params = matchPath(entry, parts);
      if (!params) continue;
      if (entry.route.method === method) return { kind: 'found', route: entry.route, params };
      allow.add(entry.route.method);
    }
    return allow.size > 0 ? { kind: 'wrongMethod', allow: [...allow] } : { kind: 'none' };
  };
};
