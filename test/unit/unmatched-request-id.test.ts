/** The fallback function on AWS answers unrouted requests itself: it keeps a caller's well-formed request id too. */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { unmatchedResponse } from '../../functions/http/unmatched.js';

const event = (headers: Record<string, string>) =>
  ({
    httpMethod: 'GET',
    path: '/v1/nothing',
    headers,
    requestContext: { requestId: 'api-gateway-id' },
  }) as unknown as APIGatewayProxyEvent;

describe('unmatched answers and the request id', () => {
  it("uses the caller's well-formed x-request-id, whatever the header's case", () => {
    const response = unmatchedResponse(event({ 'X-Request-Id': 'caller-7' }), { kind: 'none' });
    expect(response.headers?.['x-request-id']).toBe('caller-7');
    expect(JSON.parse(response.body).requestId).toBe('caller-7');
  });

  it("falls back to API Gateway's id for a malformed or missing one", () => {
    expect(unmatchedResponse(event({ 'x-request-id': 'two words' }), { kind: 'none' }).headers?.['x-request-id']).toBe(
      'api-gateway-id',
    );
    expect(unmatchedResponse(event({}), { kind: 'wrongMethod', allow: ['POST'] }).headers?.['x-request-id']).toBe(
      'api-gateway-id',
    );
  });
});
