/**
 * The embedded stores' thread dying while the service runs (an emulator's uncaught exception, a kill) is logged
 * and a new thread takes over on the same ports and data: the service answers again, with everything it had,
 * instead of answering 500 to every call of every org for ever.
 */
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
    const before = await svc.app.inject({
      method: 'POST',
      path: '/v1/files',
      headers: svc.auth,
      body: { fileName: 'before.txt' },
    });
    expect(before.statusCode).toBe(200);
    const put = await fetch(before.json.data.uploadUrl, { method: 'PUT', body: 'kept across the crash' });
    expect(put.status).toBe(200);

    // Requests in flight while the thread goes: they may fail, but nothing after them may.
    const inFlight = Array.from({ length: 10 }, () =>
      svc.app.inject({ method: 'GET', path: '/v1/files', headers: svc.auth }),
    );
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
    const after = await svc.app.inject({
      method: 'POST',
      path: '/v1/files',
      headers: svc.auth,
      body: { fileName: 'after.txt' },
    });
    expect(after.statusCode).toBe(200);
    expect(fatal).toEqual([]);
  });
});

describe('a store thread that cannot be started again', { timeout: 120_000 }, () => {
  it('is reported as fatal (the process would exit 1) after its tries, not left answering 500', async () => {
    const errors: Error[] = [];
    const doomed = await startTestService({}, { onFatal: (error) => errors.push(error) });
    try {
      const stores = doomed.embeddedStores!;
      expect(stores.threaded).toBe(true);
      // The S3 folder replaced by a file: every new thread fails to start, the same way each time.
      await rename(join(doomed.dataDir, 's3'), join(doomed.dataDir, 's3-moved'));
      await writeFile(join(doomed.dataDir, 's3'), 'not a folder');
      await stores.worker!.terminate();
      await eventually(async () => errors.length > 0);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/could not be started again/);
      expect(stores.restarts).toBe(0);
    } finally {
      await doomed.stop();
    }
  });
});
