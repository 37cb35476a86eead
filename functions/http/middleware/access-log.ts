/**
 * The outermost middleware of every route: one access line per request (method, route, operation id, status,
 * duration, request id, org id) and the operation's latency in telemetry. Outermost, so it sees the final answer,
 * problem bodies included; for a streamed answer the duration is the time to its head.
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { stageTimes } from '../../net/stage-timings.js';
import type { HttpContext, HttpRequest } from './types.js';

const started = new WeakMap<object, number>();

export const accessLog = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => {
  const done = (request: HttpRequest) => {
    const http = request.context.http;
    const began = started.get(request);
    if (!http || began === undefined) return;
    started.delete(request);
    const seconds = (performance.now() - began) / 1000;
    const status = request.response?.statusCode ?? 500;
    http.deps.telemetry.request(http.route.operationId, status, seconds);
    http.deps.log.info('request', {
      method: request.event.httpMethod,
      route: http.route.path,
      operationId: http.route.operationId,
      status,
      durationMs: Math.round(seconds * 10_000) / 10,
      requestId: http.requestId,
      orgId: http.principal?.orgId,
    });
    // How the time split (session lookup, snapshot, resolution, action…): at debug level, for tracing one operation.
    const stages = stageTimes();
    if (stages && Object.keys(stages).length)
      http.deps.log.debug('stages', { operationId: http.route.operationId, requestId: http.requestId, ...stages });
  };
  return {
    name: 'accessLog',
    before: (request: HttpRequest) => void started.set(request, performance.now()),
    after: done,
    onError: done,
  };
};
