/**
 * On AWS the console and API reference are GET routes of the API served by one function of their own, whose
 * handler answers the built pages (and a clear 503 when the bundle lacks them).
 */
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { handler } from '../../functions/composition/lambda/entries/console.js';
import { buildStack, gatewayMethods } from './support.js';

describe('the site on the API', () => {
  const { template } = buildStack();
  const methods = gatewayMethods(template);

  it('routes GET /console, /docs and their files to one function, apart from the API handlers', () => {
    const site = methods.filter((method) => /^\/(console|docs)(\/|$)/.test(method.path));
    expect(site.map((method) => `${method.httpMethod} ${method.path}`).sort()).toEqual([
      'GET /console',
      'GET /console/{file+}',
      'GET /docs',
      'GET /docs/{file+}',
    ]);
    expect(new Set(site.map((method) => method.functionId)).size).toBe(1);
    const apiFunctions = new Set(
      methods.filter((method) => method.path.startsWith('/v1/')).map((method) => method.functionId),
    );
    expect(apiFunctions.has(site[0]!.functionId)).toBe(false);
  });

  it('answers a page it does not have as a problem, never a 500', async () => {
    const event = (path: string) => ({ httpMethod: 'GET', path, headers: {} }) as unknown as APIGatewayProxyEvent;
    // Unbundled (as in this checkout) the site folder is absent: the page says how to build it.
    const missing = await handler(event('/console/'));
    expect(missing.statusCode).toBe(503);
    expect(missing.body).toContain('build:site');
    expect((await handler(event('/console'))).statusCode).toBe(308);
    expect((await handler(event('/elsewhere'))).statusCode).toBe(404);
  });
});
