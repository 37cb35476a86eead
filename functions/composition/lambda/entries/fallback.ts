/** API Gateway's catch-all (`ANY /{proxy+}`): paths outside the route table get the problem shape, not a 403. */
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { createRouter } from '../../../http/router.js';
import { unmatchedResponse } from '../../../http/unmatched.js';
import { routes } from '../../../api/routes.js';

const match = createRouter(routes);

export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const found = match(event.httpMethod, event.path);
  // A matching route here means API Gateway routed it to the catch-all anyway (e.g. a method it does not know).
  return unmatchedResponse(
    event,
    found.kind === 'found' ? { kind: 'wrongMethod', allow: [found.route.method] } : found,
  );
};
