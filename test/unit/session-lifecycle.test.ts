import { describe, expect, it, vi } from 'vitest';
import { MemoryEventBus } from '../../functions/adapters/local/memory-event-bus.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { createSession, PENDING_HOST } from '../../functions/core/sessions/create.js';
import type { SessionDeps } from '../../functions/core/sessions/deps.js';
import { storedEvents } from '../../functions/core/sessions/events.js';
import { endOrphanedSessions } from '../../functions/core/sessions/orphans.js';
import { getSession, listSessions } from '../../functions/core/sessions/queries.js';
import { onBrowserEnded, terminateSession } from '../../functions/core/sessions/terminate.js';
import type { BrowserFleet, StartBrowserRequest } from '../../functions/ports/browser.js';
import { systemClock } from '../../functions/ports/clock.js';

/** A fleet whose starts the test releases by hand. */
const scriptedFleet = () => {
  const starts: {
    request: StartBrowserRequest;
    progress: Parameters<BrowserFleet['start']>[1];
    resolve: () => void;
    reject: (e: Error) => void;
  }[] = [];
  const stopped: string[] = [];
  const fleet: BrowserFleet = {
    start: (request, progress) =>
      new Promise((resolve, reject) =>
        starts.push({ request, progress, resolve: () => resolve({ hostId: 'h1' }), reject }),
      ),
    stop: async (sessionId) => {
      stopped.push(sessionId);
      return {};
    },
    touch: () => undefined,
    open: async () => {
      throw new Error('no browser in this test');
    },
    onEnded: () => undefined,
    putFile: async () => {
      throw new Error('no files in this test');
    },
    sessionFile: async () => undefined,
    onDownload: () => undefined,
  };
  return { fleet, starts, stopped };
};

const depsWith = (fleet: BrowserFleet): SessionDeps => ({
  records: new MemoryRecords(),
  clock: systemClock,
  fleet,
  bus: new MemoryEventBus(),
});
const statuses = async (deps: SessionDeps, orgId: string, id: string) =>
  (await storedEvents(deps.records, orgId, id)).map((e) => e.status);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('session lifecycle', () => {
  it('goes initializing → running, with an event for each status', async () => {
    const { fleet, starts } = scriptedFleet();
    const deps = depsWith(fleet);
    const created = createSession(deps, 'org', {}, { readyWaitMs: 1000 });
    await settle();
    starts[0].resolve();
    const { session } = await created;
    expect(session.status).toBe('running');
    expect(session.hostId).toBe('h1');
    expect(await statuses(deps, 'org', session.id)).toEqual(['initializing', 'running']);
  });

  it('waits in awaitingCapacity while no host has room, then initializes and runs', async () => {
    const { fleet, starts } = scriptedFleet();
    const deps = depsWith(fleet);
    const { session } = await createSession(deps, 'org', {}, { readyWaitMs: 10 });
    starts[0].progress?.onQueued?.();
    await settle();
    expect((await getSession(deps.records, 'org', session.id))?.status).toBe('awaitingCapacity');
    starts[0].progress?.onLaunching?.();
    await settle();
    starts[0].resolve();
    await settle();
    expect(await statuses(deps, 'org', session.id)).toEqual([
      'initializing',
      'awaitingCapacity',
      'initializing',
      'running',
    ]);
  });

  it('stops a browser that finishes starting after the client terminated the session', async () => {
    const { fleet, starts, stopped } = scriptedFleet();
    const deps = depsWith(fleet);
    const { session } = await createSession(deps, 'org', {}, { readyWaitMs: 10 });
    await terminateSession(deps, 'org', session.id);
    starts[0].resolve();
    await settle();
    expect((await getSession(deps.records, 'org', session.id))?.status).toBe('ended');
    expect(stopped).toContain(session.id);
  });

  it('ends in error with the reason when the browser cannot start', async () => {
    const { fleet, starts } = scriptedFleet();
    const deps = depsWith(fleet);
    const { session } = await createSession(deps, 'org', {}, { readyWaitMs: 10 });
    starts[0].reject(new Error('chromium would not launch'));
    await settle();
    expect(await getSession(deps.records, 'org', session.id)).toMatchObject({
      status: 'error',
      endReason: 'failedToStart',
      errorMessage: 'chromium would not launch',
    });
  });

  it('survives a start refused before the record is written, ending the session in error', async () => {
    const records = new MemoryRecords();
    const put = records.put.bind(records);
    // The write is slow; the host refuses at once (as the network guard refuses a private proxy).
    records.put = async (...args: Parameters<typeof put>) => (
      await new Promise((resolve) => setTimeout(resolve, 50)), put(...args)
    );
    const fleet = {
      ...scriptedFleet().fleet,
      start: () => Promise.reject(new Error('proxy server refused by the network guard')),
    };
    const deps: SessionDeps = { records, clock: systemClock, fleet, bus: new MemoryEventBus() };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { session } = await createSession(deps, 'org', {}, { readyWaitMs: 10 });
      await vi.waitFor(
        async () =>
          expect(await getSession(deps.records, 'org', session.id)).toMatchObject({
            status: 'error',
            errorMessage: 'proxy server refused by the network guard',
          }),
        { timeout: 5_000, interval: 20 },
      );
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('ends an idle session as completed, and a crashed one as error', async () => {
    const { fleet, starts } = scriptedFleet();
    const deps = depsWith(fleet);
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const created = createSession(deps, 'org', {}, { readyWaitMs: 1000 });
      await settle();
      starts[i].resolve();
      ids.push((await created).session.id);
    }
    await onBrowserEnded(deps, { sessionId: ids[0], orgId: 'org', reason: 'idle' });
    await onBrowserEnded(deps, { sessionId: ids[1], orgId: 'org', reason: 'crashed' });
    expect((await listSessions(deps.records, 'org', { status: 'completed' })).items.map((s) => s.id)).toEqual([ids[0]]);
    expect(await getSession(deps.records, 'org', ids[1])).toMatchObject({ status: 'error', endReason: 'crashed' });
  });

  it('ends sessions a previous run left behind, on its host and still pending', async () => {
    const { fleet, starts } = scriptedFleet();
    const deps = depsWith(fleet);
    const created = createSession(deps, 'org', {}, { readyWaitMs: 1000 });
    await settle();
    starts[0].resolve();
    const running = (await created).session;
    const pending = (await createSession(deps, 'org', {}, { readyWaitMs: 10 })).session;
    expect(await endOrphanedSessions(deps, ['h1', PENDING_HOST])).toBe(2);
    for (const id of [running.id, pending.id])
      expect(await getSession(deps.records, 'org', id)).toMatchObject({ status: 'ended', endReason: 'shutdown' });
  });
});
