/**
 * The route table is assembled from one file per resource; spreading them into one object would let a second
 * entry with the same operationId silently replace the first, and the API would lose an endpoint.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/api/routes.js';

const folder = new URL('../../functions/api/routes/', import.meta.url);

describe('the route table', () => {
  it('holds every entry of every resource file, each operationId once', async () => {
    const declared: string[] = [];
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(new URL(file, folder).href)) as Record<string, Record<string, unknown>>;
      for (const table of Object.values(module)) declared.push(...Object.keys(table));
    }
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(declared).size).toBe(declared.length);
    expect(routes.map((route) => route.operationId).sort()).toEqual([...declared].sort());
  });

  it('declares each method and path once', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
