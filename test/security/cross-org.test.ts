/**
 * Every route of the route table called by org B with org A's ids: the answer must be the one an absent id gets
 * (404; 200 for DELETE of a session, the interface's rule), with no trace of A's data in any body, and A's things
 * must be untouched afterwards (B's deletes and terminates did nothing). Routes without ids (the lists) are called
 * by B too: none may show A's data. Generated from the table, so a new route is swept the day it is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../functions/api/route.js';
import { routes } from '../../functions/api/routes.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRng } from '../fuzz/prng.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { requestFor, type Ids, type RouteRequest } from './route-requests.js';

let svc: TestService;
let fixtures: FixtureServer;
let orgB: { orgId: string; key: string; auth: { authorization: string } };
/** Org A's ids, and ids that exist nowhere (of the same shape). */
let aIds: Required<Ids>;
const absentIds: Required<Ids> = {
  sessionId: '01a20000-0000-7000-8000-00000000a001',
  windowId: 'A0000000000000000000000000000001',
  id: 'file_01a20000000070008000000000a002',
  requestId: '01a20000-0000-7000-8000-00000000a003',
  automationId: '01a20000-0000-7000-8000-00000000a004',
  profileName: 'absent-profile-zz',
};
/** Strings only org A's data holds: none may appear in an answer to B. */
let markers: string[];

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  orgB = await svc.newOrg('cross-org-b');
  const sessionId = (await createRunningSession(svc)).id;
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${fixtures.url}/forms/contact.html` },
  });
  const windowId = window.json.data.windowId as string;
  const learnt = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows/${windowId}/create-form-filler`,
    headers: svc.auth,
    body: {},
  });
  const automationId = JSON.parse(learnt.json.data.modelResponse).automationId as string;
  const file = await svc.app.inject({
    method: 'POST',
    path: '/v1/files',
    headers: svc.auth,
    body: { fileName: 'org-a-secret-report.txt' },
  });
  await fetch(file.json.data.uploadUrl, {
    method: 'PUT',
    body: 'org-a-secret-bytes',
    headers: { 'content-type': 'application/octet-stream' },
  });
  const asyncRequest = await svc.app.inject({
    method: 'POST',
    path: `/v1/async/sessions/${sessionId}/windows/${windowId}/create-form-filler`,
    headers: svc.auth,
    body: {},
  });
  const profileName = 'org-a-secret-profile';
  await svc.app.inject({
    method: 'PUT',
    path: `/v1/sessions/${sessionId}/save-profile-on-termination/${profileName}`,
    headers: svc.auth,
  });
  aIds = {
    sessionId,
    windowId,
    id: file.json.data.id,
    requestId: asyncRequest.json.requestId ?? asyncRequest.json.data?.requestId,
    automationId,
    profileName,
  };
  expect(
    Object.values(aIds).every((value) => typeof value === 'string' && value.length > 0),
    JSON.stringify(aIds),
  ).toBe(true);
  const orgA = (await svc.deps.authenticate(svc.key))!.orgId;
  markers = [orgA, 'org-a-secret-report', 'org-a-secret-bytes', fixtures.url, 'Contact', ...Object.values(aIds)];
}, 180_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

const send = async (request: RouteRequest, auth: { authorization: string }) => {
  const res = await svc.app.inject({
    method: request.method,
    path: request.path,
    headers: auth,
    body: request.body as Record<string, unknown> | undefined,
  });
  return {
    status: res.statusCode,
    code: res.json?.code as string | undefined,
    text: typeof res.body === 'string' ? res.body : JSON.stringify(res.json ?? ''),
  };
};

/** The request's own values may come back (a 404 names the id asked for); anything else of A's may not. */
const leaks = (request: RouteRequest, text: string): string[] => {
  const asked = `${request.path} ${JSON.stringify(request.body ?? '')}`;
  return markers.filter((marker) => marker && !asked.includes(marker) && text.includes(marker));
};

/** Where each of A's ids goes when the route names the sessions in its body (`sessionIds`). */
const hasIds = (route: Route) =>
  /\{\w+\}/.test(route.path) ||
  (route.body !== undefined && 'sessionIds' in ((route.body as unknown as { shape?: object }).shape ?? {}));

describe("org B on org A's ids, for every route", () => {
  it('answers as for an absent id, shows nothing of A, and changes nothing of A', async () => {
    const rng = createRng(0xc055);
    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      if (route.auth === false) continue;
      if (!hasIds(route)) {
        const request = requestFor(route, {}, rng, fixtures.url);
        const answer = await send(request, orgB.auth);
        sent += 1;
        if (answer.status >= 500) problems.push(`${route.operationId}: ${answer.status}`);
        const leaked = leaks(request, answer.text);
        if (leaked.length) problems.push(`${route.operationId} (no ids) showed ${leaked.join(', ')}`);
        continue;
      }
      const onA = requestFor(route, aIds, createRng(route.operationId.length), fixtures.url);
      const onAbsent = requestFor(route, absentIds, createRng(route.operationId.length), fixtures.url);
      const [a, absent] = [await send(onA, orgB.auth), await send(onAbsent, orgB.auth)];
      sent += 2;
      if (a.status !== absent.status || a.code !== absent.code)
        problems.push(
          `${route.operationId}: ${a.status} ${a.code} on A's ids, ${absent.status} ${absent.code} on absent ones`,
        );
      const expected = route.operationId === 'terminateSession' ? 200 : 404;
      if (a.status !== expected && !(a.status === 422 && absent.status === 422))
        problems.push(`${route.operationId}: ${a.status}, expected ${expected}`);
      const leaked = leaks(onA, a.text);
      if (leaked.length) problems.push(`${route.operationId} showed ${leaked.join(', ')}`);
    }
    console.log(`cross-org sweep: ${routes.length} routes, ${sent} requests, ${problems.length} problems`);
    expect(problems).toEqual([]);

    // A's things are as they were.
    const a = (path: string) => svc.app.inject({ method: 'GET', path, headers: svc.auth });
    expect((await a(`/v1/sessions/${aIds.sessionId}`)).json.data.status).toBe('running');
    expect((await a(`/v1/sessions/${aIds.sessionId}/windows/${aIds.windowId}`)).json.data.windowId).toBe(aIds.windowId);
    expect((await a(`/v1/files/${aIds.id}`)).json.data.status).toBe('available');
    expect((await a(`/v1/automations/${aIds.automationId}`)).statusCode).toBe(200);
  }, 600_000);
});
