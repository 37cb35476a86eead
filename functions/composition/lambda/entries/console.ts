/**
 * The console and API reference as one Lambda function behind API Gateway (`GET /console/…`, `GET /docs/…`). The
 * built site ships in the function's bundle, in `site/` beside this module (copied there when it is bundled), and
 * is read once per cold start. Bodies are sent as text: API Gateway compresses them when configured to.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { loadSite, type Site } from '../../../console/site.js';

let site: Promise<Site> | undefined;

export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  site ??= loadSite(join(dirname(fileURLToPath(import.meta.url)), 'site'));
  const found = (await site).answer(event.httpMethod, event.path);
  if (!found) {
    const detail = `no page at ${event.path}`;
    return {
      statusCode: 404,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail }),
    };
  }
  return { statusCode: found.status, headers: found.headers, body: found.body.toString('utf8') };
};
