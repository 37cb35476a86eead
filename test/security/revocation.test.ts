/**
 * Revoking a key ends what was opened with it, not only what is opened after: a CDP WebSocket and a session's
 * events stream opened before the revocation close within the auth cache window (AUTH_CACHE_SECONDS). Before,
 * a CDP socket opened before revocation kept answering. Another key's connections are left alone.
 */
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../functions/core/orgs/api-keys.js';
import { createRunningSession, readEvents } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

const CACHE_SECONDS = 1;
/** The window the service promises, plus room for a loaded machine; the test ends as soon as the close is seen. */
const WITHIN_MS = 30_000;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ warmPoolSize: 1, authCacheSeconds: CACHE_SECONDS });
}, 120_000);
afterAll(() => svc?.stop());

const connect = (sessionId: string, key: string) =>
  puppeteer.connect({
    browserWSEndpoint: `${svc.url.replace(/^http/, 'ws')}/cdp/${sessionId}`,
    headers: { Authorization: `Bearer ${key}` },
  });

describe('revoking a key', () => {
  it('closes the CDP sockets and event streams opened with it, and only those', async () => {
    const org = await svc.newOrg('revoked-org');
    const keyId = (await svc.deps.authenticate(org.key))!.keyId;
    const session = await createRunningSession(svc, org.auth);
    const other = await createRunningSession(svc);

    const revokedCdp = await connect(session.id, org.key);
    const keptCdp = await connect(other.id, svc.key);
    expect((await revokedCdp.pages()).length).toBeGreaterThan(0);
    const disconnected = new Promise<void>((resolve) => revokedCdp.once('disconnected', () => resolve()));
    let opened!: () => void;
    const streamOpen = new Promise<void>((resolve) => (opened = resolve));
    const stream = readEvents(
      `${svc.url}/v1/sessions/${session.id}/events`,
      org.auth,
      (event) => {
        opened();
        return event.event === 'error';
      },
      WITHIN_MS,
    );

    // Only once the stream has sent its first event: the revocation must end a stream that is already open.
    await streamOpen;
    expect(await revokeApiKey(svc.deps.records, svc.deps.clock, org.orgId, keyId)).toBe(true);

    const ended = await Promise.race([
      disconnected.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), WITHIN_MS)),
    ]);
    expect(ended).toBe('closed');
    expect((await stream).at(-1)).toMatchObject({ event: 'error', code: 'api_key_revoked' });
    // The other key's socket still drives its browser.
    expect((await keptCdp.pages()).length).toBeGreaterThan(0);
    await keptCdp.disconnect();
    // And the revoked key opens nothing new.
    expect(
      (await svc.app.inject({ method: 'GET', path: `/v1/sessions/${session.id}`, headers: org.auth })).statusCode,
    ).toBe(401);
  }, 120_000);
});
