/**
 * The cap on event streams an org holds open at once: one more answers 429 naming the limit, another org is not
 * held back by it, and a stream that ends (client gone, session ended) gives its slot back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

const LIMIT = 2;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ warmPoolSize: 2, hostCapacity: 4, maxStreamsPerOrg: LIMIT });
});
afterAll(async () => {
  await svc?.stop();
});

type Auth = { authorization: string };
const call = (method: 'DELETE', path: string, auth: Auth = svc.auth) => svc.app.inject({ method, path, headers: auth });
type Stream = { status: number; body: unknown; close(): void; ended: Promise<void> };
const opened: Stream[] = [];

/** Opens a session's event stream; a refused one is read whole, an open one is drained until it ends. */
const openStream = async (sessionId: string, auth: Auth = svc.auth): Promise<Stream> => {
  const abort = new AbortController();
  const res = await fetch(`${svc.url}/v1/sessions/${sessionId}/events`, { headers: auth, signal: abort.signal });
  if (res.status !== 200) return { status: res.status, body: await res.json(), close() {}, ended: Promise.resolve() };
  const reader = res.body!.getReader();
  const ended = (async () => {
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return;
  })();
  const stream = { status: 200, body: undefined, close: () => abort.abort(), ended };
  opened.push(stream);
  return stream;
};

afterAll(() => {
  for (const stream of opened) stream.close();
});

const openStreams = async () => svc.deps.streams.open((svc.access as { orgId: string }).orgId);

describe('event streams per org', () => {
  it('answers 429 naming the limit past it, leaves other orgs open, and frees a slot when a client goes away', async () => {
    const session = await createRunningSession(svc);
    const first = await openStream(session.id);
    const second = await openStream(session.id);
    expect([first.status, second.status]).toEqual([200, 200]);

    const refused = await openStream(session.id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      detail: expect.stringMatching(new RegExp(`has ${LIMIT} event streams open, its limit \\(MAX_STREAMS_PER_ORG\\)`)),
    });

    // Another org at its own count of none.
    const other = await svc.newOrg('other-streams');
    const theirs = await createRunningSession(svc, other.auth);
    const theirStream = await openStream(theirs.id, other.auth);
    expect(theirStream.status).toBe(200);
    theirStream.close();

    // The client going away gives the slot back (once the server sees its socket close).
    first.close();
    expect(await waitFor(openStreams, (open) => open < LIMIT, 20_000)).toBe(LIMIT - 1);
    const again = await openStream(session.id);
    expect(again.status).toBe(200);
    again.close();
    second.close();
    await call('DELETE', `/v1/sessions/${session.id}`);
    await call('DELETE', `/v1/sessions/${theirs.id}`, other.auth);
  });

  it('frees the slots of streams that end with their session', async () => {
    await waitFor(openStreams, (open) => open === 0, 20_000);
    const session = await createRunningSession(svc);
    const streams = [await openStream(session.id), await openStream(session.id)];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    expect((await openStream(session.id)).status).toBe(429);

    await call('DELETE', `/v1/sessions/${session.id}`);
    await Promise.all(streams.map((s) => s.ended));
    expect(await waitFor(openStreams, (open) => open === 0, 20_000)).toBe(0);
    const next = await createRunningSession(svc);
    const stream = await openStream(next.id);
    expect(stream.status).toBe(200);
    stream.close();
    await call('DELETE', `/v1/sessions/${next.id}`);
  });
});
