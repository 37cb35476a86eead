import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRunningSession, sessionStatus, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ warmPoolSize: 1, hostCapacity: 1 });
});
afterAll(() => svc?.stop());

it('keeps a session awaiting capacity while the host is full, and starts it when a browser ends', async () => {
  const first = await createRunningSession(svc);
  const second = await svc.app.inject({ method: 'POST', path: '/v1/sessions', headers: svc.auth, body: {} });
  expect(second.statusCode).toBe(201);
  const secondId: string = second.json.data.id;
  expect(
    await waitFor(
      () => sessionStatus(svc, secondId),
      (s) => s === 'awaitingCapacity',
    ),
  ).toBe('awaitingCapacity');

  await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${first.id}`, headers: svc.auth });
  expect(
    await waitFor(
      () => sessionStatus(svc, secondId),
      (s) => s === 'running',
      20_000,
    ),
  ).toBe('running');
  expect(svc.host.stats().live).toBe(1);
  await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${secondId}`, headers: svc.auth });
});
