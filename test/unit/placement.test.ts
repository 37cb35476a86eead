/** A fleet host taking a queued session start: launch, placement, running; and every way a start is not taken. */
import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../functions/adapters/local/memory-event-bus.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { saveProfile } from '../../functions/core/profiles/store.js';
import { PENDING_HOST } from '../../functions/core/sessions/create.js';
import type { SessionDeps } from '../../functions/core/sessions/deps.js';
import { storedEvents } from '../../functions/core/sessions/events.js';
import { finishSession, markRunning } from '../../functions/core/sessions/lifecycle.js';
import type { SessionConfiguration, SessionItem, SessionStatus } from '../../functions/core/sessions/model.js';
import { findPlacement, parseSessionStart, takeSessionStart } from '../../functions/core/sessions/placement.js';
import { getSession } from '../../functions/core/sessions/queries.js';
import { uuidv7 } from '../../functions/core/shared/ids.js';
import { liveSessionsIndex, recordKeys } from '../../functions/core/shared/record-keys.js';
import type { Blobs } from '../../functions/ports/blobs.js';
import type { BrowserFleet, StartBrowserRequest } from '../../functions/ports/browser.js';
import { systemClock } from '../../functions/ports/clock.js';

const ORG = 'org-1';
const HOST = { hostId: 'host-a', address: 'http://10.0.0.5:8080', attempt: 1 };

/** Blobs in a map: enough for profiles, which only put and get. */
const mapBlobs = (): Blobs => {
  const objects = new Map<string, Buffer>();
  return {
    put: async (key, body) => void objects.set(key, Buffer.from(body as Buffer)),
    get: async (key) => objects.get(key),
    head: async (key) => (objects.has(key) ? { size: objects.get(key)!.length } : undefined),
    delete: async (key) => void objects.delete(key),
    deletePrefix: async () => 0,
    presignPut: async () => {
      throw new Error('no presigned URLs in this test');
    },
    presignGet: async () => {
      throw new Error('no presigned URLs in this test');
    },
  };
};

/** A fleet whose launches the test decides: `launch` runs for each start (default: succeeds at once). */
const stubFleet = (launch: (request: StartBrowserRequest) => Promise<void> = async () => undefined) => {
  const starts: StartBrowserRequest[] = [];
  const stops: string[] = [];
  const fleet = {
    start: async (request: StartBrowserRequest) => {
      starts.push(request);
      await launch(request);
      return { hostId: HOST.hostId };
    },
    stop: async (sessionId: string) => {
      stops.push(sessionId);
      return {};
    },
  } as unknown as BrowserFleet;
  return { fleet, starts, stops };
};

const depsWith = (fleet: BrowserFleet) => ({
  records: new MemoryRecords(),
  clock: systemClock,
  fleet,
  bus: new MemoryEventBus(),
  blobs: mapBlobs(),
});

/** A session record as the API function that created it writes it: indexed as live, not yet on a host. */
const sessionItem = (
  options: { status?: SessionStatus; createdAt?: Date; configuration?: Partial<SessionConfiguration> } = {},
): SessionItem => {
  const created = options.createdAt ?? new Date();
  const id = uuidv7(created.getTime());
  return {
    ...recordKeys.session(ORG, id),
    id,
    orgId: ORG,
    status: options.status ?? 'initializing',
    configuration: { timeoutMinutes: 10, ...options.configuration },
    createdAt: created.toISOString(),
    lastActivity: created.toISOString(),
    version: 1,
    gsi1pk: liveSessionsIndex(PENDING_HOST),
    gsi1sk: id,
  };
};

const stored = async (deps: SessionDeps, options?: Parameters<typeof sessionItem>[0]) => {
  const item = sessionItem(options);
  await deps.records.put(item);
  return item;
};

const liveIds = async (deps: SessionDeps, hostId: string) =>
  (await deps.records.query<SessionItem>(liveSessionsIndex(hostId), { index: 'gsi1' })).items.map((item) => item.id);

describe('takeSessionStart', () => {
  it('launches a live session, places it on this host and marks it running there', async () => {
    const { fleet, starts } = stubFleet();
    const deps = depsWith(fleet);
    const session = await stored(deps, { status: 'awaitingCapacity' });

    const outcome = await takeSessionStart(deps, { sessionId: session.id, orgId: ORG }, HOST);

    expect(outcome).toBe('started');
    expect(starts.map((start) => start.sessionId)).toEqual([session.id]);
    expect(await findPlacement(deps.records, session.id)).toEqual({
      sessionId: session.id,
      orgId: ORG,
      hostId: HOST.hostId,
      address: HOST.address,
    });
    const running = await getSession(deps.records, ORG, session.id);
    expect(running).toMatchObject({ status: 'running', hostId: HOST.hostId });
    // Moved in the live-sessions index from "no host yet" to this host, where a restart of the host finds it.
    expect(await liveIds(deps, PENDING_HOST)).toEqual([]);
    expect(await liveIds(deps, HOST.hostId)).toEqual([session.id]);
    expect((await storedEvents(deps.records, ORG, session.id)).map((event) => event.status)).toEqual([
      'initializing',
      'running',
    ]);
  });

  it('drops the start of a session that ended while queued, without launching a browser', async () => {
    const { fleet, starts } = stubFleet();
    const deps = depsWith(fleet);
    const session = await stored(deps, { status: 'ended' });

    expect(await takeSessionStart(deps, { sessionId: session.id, orgId: ORG }, HOST)).toBe('dropped');
    expect(starts).toEqual([]);
    expect(await findPlacement(deps.records, session.id)).toBeUndefined();
  });

  it('drops a second delivery of a start whose session already runs', async () => {
    const { fleet, starts } = stubFleet();
    const deps = depsWith(fleet);
    const session = await stored(deps, { status: 'running' });

    expect(await takeSessionStart(deps, { sessionId: session.id, orgId: ORG }, HOST)).toBe('dropped');
    expect(starts).toEqual([]);
  });

  it('waits for a session record written just after its start message arrived', async () => {
    const { fleet, starts } = stubFleet();
    const deps = depsWith(fleet);
    const item = sessionItem();

    const taking = takeSessionStart(deps, { sessionId: item.id, orgId: ORG }, HOST);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await deps.records.put(item);

    expect(await taking).toBe('started');
    expect(starts).toHaveLength(1);
  });

  it('fails a session that waited more than ten minutes for a host, naming the wait', async () => {
    const { fleet, starts } = stubFleet();
    const deps = depsWith(fleet);
    const session = await stored(deps, { status: 'awaitingCapacity', createdAt: new Date(Date.now() - 11 * 60_000) });

    expect(await takeSessionStart(deps, { sessionId: session.id, orgId: ORG }, HOST)).toBe('failed');
    expect(starts).toEqual([]);
    const failed = await getSession(deps.records, ORG, session.id);
    expect(failed).toMatchObject({ status: 'error', endReason: 'failedToStart' });
    expect(failed?.errorMessage).toMatch(/10 minutes/);
  });

  it('hands a failed launch back to the queue before the third attempt, and fails the session at the third', async () => {
    const { fleet, starts } = stubFleet(async () => {
      throw new Error('chromium exited with code 1');
    });
    const deps = depsWith(fleet);
    const session = await stored(deps);
    const start = { sessionId: session.id, orgId: ORG };

    await expect(takeSessionStart(deps, start, { ...HOST, attempt: 1 })).rejects.toThrow('chromium exited with code 1');
    await expect(takeSessionStart(deps, start, { ...HOST, attempt: 2 })).rejects.toThrow('chromium exited with code 1');
    expect((await getSession(deps.records, ORG, session.id))?.status).toBe('initializing');

    expect(await takeSessionStart(deps, start, { ...HOST, attempt: 3 })).toBe('failed');
    expect(starts).toHaveLength(3);
    expect(await getSession(deps.records, ORG, session.id)).toMatchObject({
      status: 'error',
      endReason: 'failedToStart',
      errorMessage: 'chromium exited with code 1',
    });
    expect(await findPlacement(deps.records, session.id)).toBeUndefined();
  });

  it('stops the browser of a session terminated while it launched', async () => {
    let deps!: ReturnType<typeof depsWith>;
    // The client terminates while the browser starts: its API function found no placement to stop yet.
    const { fleet, stops } = stubFleet((request) =>
      finishSession(deps, request.orgId, request.sessionId, { reason: 'terminated' }).then(() => undefined),
    );
    deps = depsWith(fleet);
    const session = await stored(deps);

    expect(await takeSessionStart(deps, { sessionId: session.id, orgId: ORG }, HOST)).toBe('dropped');
    expect(stops).toEqual([session.id]);
    expect(await getSession(deps.records, ORG, session.id)).toMatchObject({ status: 'ended', endReason: 'terminated' });
  });

  it('keeps the browser of a session the creating function marked running first, once it saw the placement', async () => {
    let deps!: ReturnType<typeof depsWith>;
    const { fleet, stops } = stubFleet();
    deps = depsWith(fleet);
    const session = await stored(deps);
    // The function watching for the placement wins the race to mark the session running.
    const put = deps.records.put.bind(deps.records);
    deps.records.put = async (item, options) => {
      await put(item, options);
      if (String(item.pk).startsWith('PLACEMENT#')) await markRunning(deps, ORG, session.id, HOST.hostId);
    };

    expect(await takeSessionStart(deps, { sessionId: session.id, orgId: ORG }, HOST)).toBe('started');
    expect(stops).toEqual([]);
    expect(await getSession(deps.records, ORG, session.id)).toMatchObject({ status: 'running', hostId: HOST.hostId });
  });

  it('launches with the saved profile, proxy, recording and idle timeout of the session configuration', async () => {
    const { fleet, starts } = stubFleet();
    const deps = depsWith(fleet);
    const archive = Buffer.from('profile archive bytes');
    await saveProfile(deps, ORG, 'shopper', archive, 'earlier-session');
    const session = await stored(deps, {
      configuration: {
        timeoutMinutes: 5,
        profileName: 'shopper',
        proxy: { url: 'http://proxy.internal:3128', username: 'user', password: 'secret' },
        record: true,
      },
    });

    expect(await takeSessionStart(deps, { sessionId: session.id, orgId: ORG }, HOST)).toBe('started');
    expect(starts).toHaveLength(1);
    expect(starts[0]).toEqual({
      sessionId: session.id,
      orgId: ORG,
      idleTimeoutMs: 5 * 60_000,
      proxy: { server: 'http://proxy.internal:3128', username: 'user', password: 'secret' },
      profile: archive,
      record: true,
    });
  });

  it('launches with an empty profile when the named one was never saved', async () => {
    const { fleet, starts } = stubFleet();
    const deps = depsWith(fleet);
    const session = await stored(deps, { configuration: { timeoutMinutes: 10, profileName: 'first-run' } });

    expect(await takeSessionStart(deps, { sessionId: session.id, orgId: ORG }, HOST)).toBe('started');
    expect(starts[0]).not.toHaveProperty('profile');
    expect(starts[0]?.proxy).toBeUndefined();
  });
});

describe('parseSessionStart', () => {
  it('reads the session and org of a start message, and nothing else', () => {
    expect(parseSessionStart(JSON.stringify({ sessionId: 's1', orgId: 'o1', extra: true }))).toEqual({
      sessionId: 's1',
      orgId: 'o1',
    });
  });

  it.each([
    ['text that is not JSON', 'not json'],
    ['an empty body', ''],
    ['JSON null', 'null'],
    ['a JSON string', '"s1"'],
    ['an object without an org', JSON.stringify({ sessionId: 's1' })],
    ['a numeric session id', JSON.stringify({ sessionId: 1, orgId: 'o1' })],
  ])('refuses %s', (_name, body) => {
    expect(parseSessionStart(body)).toBeUndefined();
  });
});
