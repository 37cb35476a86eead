/**
 * The embedded stores' thread dying while the service runs (an emulator's uncaught exception, a kill) is logged
 * and a new thread takes over on the same ports and data: the service answers again, with everything it had,
 * instead of answering 500 to every call of every org for ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
const fatal: Error[] = [];
beforeAll(async () => {
  svc = await startTestService({}, { onFatal: (error) => fatal.push(error) });
});
afterAll(async () => {
  await svc?.stop();
});

/** Polls until `check` holds; the deadline is generous because only the outcome matters, not its speed. */
const eventually = async (check: () => Promise<boolean>, ms = 60_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('a store thread killed mid-run', { timeout: 120_000 }, () => {
  it('is started again on the same ports, and the service answers with the data it had', async () => {
    const stores = svc.embeddedStores!;
    expect(stores.threaded).toBe(true);
    const before = await svc.app.inject({ method: 'POST', path: '/v1/files', headers: svc.auth, body: { fileName: 'before.txt' } });
    expect(before.statusCode).toBe(200);
    const put = await fetch(before.json.data.uploadUrl, { method: 'PUT', body: 'kept across the crash' });
    expect(put.status).toBe(200);

    // Requests in flight while the thread goes: they may fail, but nothing after them may.
    const inFlight = Array.from({ length: 10 }, () => svc.app.inject({ method: 'GET', path: '/v1/files', headers: svc.auth }));
    const killed = stores.worker!;
    await killed.terminate();
    await Promise.allSettled(inFlight);

    await eventually(async () => stores.restarts >= 1);
    expect(stores.worker).not.toBe(killed);
    for (let i = 0; i < 5; i += 1) {
      expect((await svc.app.inject({ method: 'GET', path: '/v1/sessions', headers: svc.auth })).statusCode).toBe(200);
    }
    const got = await svc.app.inject({ method: 'GET', path: `/v1/files/${before.json.data.id}`, headers: svc.auth });
    expect(got.statusCode).toBe(200);
    expect(got.json.data.status).toBe('available');
    // The upload link handed out before the crash still names a store that answers.
    expect(await (await fetch(got.json.data.downloadUrl)).text()).toBe('kept across the crash');
    const after = await svc.app.inject({ method: 'POST', path: '/v1/files', headers: svc.auth, body: { fileName: 'after.txt' } });
    expect(after.statusCode).toBe(200);
    expect(fatal).toEqual([]);
  });
});
