/** Pieces of the tests that drive an async request and its webhook through the API in-process. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRunningSession, waitFor } from './session-client.js';
import type { TestService } from './service.js';

/** A webhook receiver on loopback that answers 500 to its first post and 200 to every later one. */
export const startFailOnceReceiver = async () => {
  /** When each post arrived (ms since the epoch). */
  const posts: number[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts.push(Date.now());
      res.statusCode = posts.length === 1 ? 500 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A fill-form request accepted to run async, on a blank window of a new running session, with its webhook. */
export const acceptFillForm = async (svc: TestService, webhookUrl: string) => {
  const sessionId = (await createRunningSession(svc)).id;
  const windowId = (
    await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${sessionId}/windows`,
      headers: svc.auth,
      body: { url: 'about:blank' },
    })
  ).json.data.windowId;
  return svc.app.inject({
    method: 'POST',
    path: `/v1/async/sessions/${sessionId}/windows/${windowId}/fill-form`,
    headers: svc.auth,
    body: { automationId: 'a', async: { webhookUrl } },
  });
};

/** The request's status read, webhook delivery included. */
export const requestStatus = (svc: TestService, requestId: string, auth = svc.auth) =>
  svc.app.inject({ method: 'GET', path: `/v1/requests/${requestId}/status`, headers: auth });

/**
 * The status once the request's webhook delivery has ended (delivered or given up). The bound is there only for a
 * delivery that never ends: it leaves a loaded machine room for retries and their queue delays.
 */
export const deliveryEnded = (svc: TestService, requestId: string, auth = svc.auth) =>
  waitFor(
    () => requestStatus(svc, requestId, auth),
    (res) => ['delivered', 'failed'].includes(res.json.webhook?.state),
    45_000,
  );
