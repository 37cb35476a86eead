/** The fleet as API functions see it: starts go on the queue, everything else to the owning host's internal API. */
import { describe, expect, it } from 'vitest';
import {
  RemoteFleet,
  type RemoteFleetOptions,
  type RemotePlacement,
} from '../../functions/adapters/browser/remote-fleet.js';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';

const SECRET = 'host-secret-0123456789';
const OWNER: RemotePlacement = { hostId: 'host-a', address: 'http://10.0.0.7:8080' };
const REQUEST = { sessionId: 'session/1', orgId: 'org-1', idleTimeoutMs: 60_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** A host's internal API as a function of the request; every call is kept. */
const stubFetch = (answer: (call: Call) => Response = () => new Response(null, { status: 204 })) => {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const body = init.body instanceof Blob ? Buffer.from(await init.body.arrayBuffer()) : undefined;
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      ...(body ? { body } : {}),
    };
    calls.push(call);
    return answer(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
};

/** Placements as the test sets them; lookups are counted. */
const placements = () => {
  const placed = new Map<string, RemotePlacement>();
  let lookups = 0;
  return {
    placed,
    lookups: () => lookups,
    placement: async (sessionId: string) => {
      lookups += 1;
      return placed.get(sessionId);
    },
  };
};

/** A fleet over a stub queue, placements and host API; `answer` is how the owning host responds. */
const fleetWith = (options: Partial<RemoteFleetOptions> = {}, answer?: (call: Call) => Response) => {
  const queue = new MemoryQueue();
  const where = placements();
  const http = stubFetch(answer);
  const fleet = new RemoteFleet({
    startQueue: queue,
    hostSecret: SECRET,
    placement: where.placement,
    fetch: http.fetch,
    pollMs: { early: 10, late: 10, earlyForMs: 0 },
    watchMs: 2_000,
    queuedAfterMs: 1_000,
    ...options,
  });
  return { fleet, queue, where, calls: http.calls };
};

describe('RemoteFleet.start', () => {
  it('queues the session and org, and resolves with the host once one has placed the session', async () => {
    const { fleet, queue, where } = fleetWith();
    const started = fleet.start(REQUEST);
    await sleep(30);
    const [message] = await queue.receive();
    expect(JSON.parse(message!.body)).toEqual({ sessionId: REQUEST.sessionId, orgId: REQUEST.orgId });

    where.placed.set(REQUEST.sessionId, OWNER);
    expect(await started).toEqual({ hostId: OWNER.hostId });
  });

  it('reports the session queued once when no host took it in time', async () => {
    const { fleet, where } = fleetWith({ queuedAfterMs: 30 });
    let queued = 0;
    const started = fleet.start(REQUEST, { onQueued: () => (queued += 1) });
    await sleep(120);
    expect(queued).toBe(1);

    where.placed.set(REQUEST.sessionId, OWNER);
    await started;
    expect(queued).toBe(1);
  });

  it('does not report a session queued when a host takes it quickly', async () => {
    const { fleet, where } = fleetWith({ queuedAfterMs: 100 });
    let queued = 0;
    where.placed.set(REQUEST.sessionId, OWNER);
    await fleet.start(REQUEST, { onQueued: () => (queued += 1) });
    expect(queued).toBe(0);
  });

  it('stays pending past its watch, and stops looking for a placement', async () => {
    const { fleet, where } = fleetWith({ watchMs: 50, queuedAfterMs: 20 });
    const started = fleet.start(REQUEST);
    const outcome = await Promise.race([
      started.then(
        () => 'resolved',
        () => 'rejected',
      ),
      sleep(150).then(() => 'pending'),
    ]);
    expect(outcome).toBe('pending');

    const lookupsAfterWatch = where.lookups();
    await sleep(50);
    expect(where.lookups()).toBe(lookupsAfterWatch);
  });
});

describe('RemoteFleet.stop', () => {
  it('does not call any host for a session no host has placed yet', async () => {
    const { fleet, calls } = fleetWith();
    expect(await fleet.stop(REQUEST.sessionId)).toEqual({});
    expect(calls).toEqual([]);
  });

  it('asks the owning host, with the hosts secret, to end the session', async () => {
    const { fleet, where, calls } = fleetWith();
    where.placed.set(REQUEST.sessionId, OWNER);
    await fleet.stop(REQUEST.sessionId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: `${OWNER.address}/sessions/session%2F1` });
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('accepts a host that no longer has the session', async () => {
    const { fleet, where } = fleetWith({}, () => new Response('gone', { status: 404 }));
    where.placed.set(REQUEST.sessionId, OWNER);
    expect(await fleet.stop(REQUEST.sessionId)).toEqual({});
  });

  it('fails when the owning host refuses to end the session', async () => {
    const { fleet, where } = fleetWith({}, () => new Response('boom', { status: 500 }));
    where.placed.set(REQUEST.sessionId, OWNER);
    await expect(fleet.stop(REQUEST.sessionId)).rejects.toThrow(/host-a refused to stop session session\/1: 500/);
  });
});

describe('RemoteFleet files', () => {
  it('puts a file in the session folder on the owning host and answers its path there', async () => {
    const { fleet, where, calls } = fleetWith({}, () => Response.json({ path: '/work/session-1/files/report.pdf' }));
    where.placed.set(REQUEST.sessionId, OWNER);

    const path = await fleet.putFile(REQUEST.sessionId, {
      fileName: 'report.pdf',
      bytes: Buffer.from('%PDF-1.7'),
      fileId: 'file-9',
    });

    expect(path).toBe('/work/session-1/files/report.pdf');
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `${OWNER.address}/sessions/session%2F1/files/report.pdf`,
      body: Buffer.from('%PDF-1.7'),
    });
    expect(calls[0]?.headers).toMatchObject({
      authorization: `Bearer ${SECRET}`,
      'x-file-id': 'file-9',
      'content-type': 'application/octet-stream',
    });
  });

  it('refuses to put a file for a session no host runs', async () => {
    const { fleet, calls } = fleetWith();
    await expect(fleet.putFile(REQUEST.sessionId, { fileName: 'a.txt', bytes: Buffer.from('a') })).rejects.toThrow(
      /has no browser on any host/,
    );
    expect(calls).toEqual([]);
  });

  it('answers no file when the owning host has none of that name', async () => {
    const { fleet, where, calls } = fleetWith({}, () => new Response('not found', { status: 404 }));
    where.placed.set(REQUEST.sessionId, OWNER);

    expect(await fleet.sessionFile(REQUEST.sessionId, 'missing.csv')).toBeUndefined();
    expect(calls[0]).toMatchObject({ method: 'GET', url: `${OWNER.address}/sessions/session%2F1/files/missing.csv` });
  });

  it('answers the file the owning host lists', async () => {
    const file = { path: '/work/session-1/files/data.csv', bytes: 12 };
    const { fleet, where } = fleetWith({}, () => Response.json(file));
    where.placed.set(REQUEST.sessionId, OWNER);

    expect(await fleet.sessionFile(REQUEST.sessionId, 'data.csv')).toEqual(file);
  });
});

describe('RemoteFleet.touch', () => {
  it('tells the owner of reads that reach only the function, at most once per interval, and never fails the caller', async () => {
    const { fleet, where, calls } = fleetWith();
    where.placed.set(REQUEST.sessionId, OWNER);
    await fleet.touch(REQUEST.sessionId);
    await fleet.touch(REQUEST.sessionId);
    expect(calls.map((call) => [call.method, call.url, call.headers.authorization])).toEqual([
      ['POST', `${OWNER.address}/sessions/session%2F1/activity`, `Bearer ${SECRET}`],
    ]);
    // Not placed, or the owner unreachable: nothing to tell, nothing thrown.
    await expect(fleet.touch('not-placed')).resolves.toBeUndefined();
    const unreachable = fleetWith({}, () => {
      throw new Error('connect ECONNREFUSED');
    });
    unreachable.where.placed.set(REQUEST.sessionId, OWNER);
    await expect(unreachable.fleet.touch(REQUEST.sessionId)).resolves.toBeUndefined();
  });
});

describe('RemoteFleet.open', () => {
  it("connects through the given CDP client to the owner's proxy, with the hosts' secret", async () => {
    const connects: Array<{ endpoint: string; headers: Record<string, string> }> = [];
    const connect: RemoteFleetOptions['connect'] = async (endpoint, headers) => {
      connects.push({ endpoint, headers });
      throw new Error('no browser in this test');
    };
    const { fleet, where } = fleetWith({ connect });
    where.placed.set(REQUEST.sessionId, OWNER);
    await expect(fleet.open(REQUEST.sessionId)).rejects.toThrow('no browser in this test');
    expect(connects).toEqual([
      { endpoint: 'ws://10.0.0.7:8080/cdp/session%2F1', headers: { authorization: `Bearer ${SECRET}` } },
    ]);
  });

  it('refuses, naming the session, in a function built without a CDP client', async () => {
    const { fleet, where } = fleetWith();
    where.placed.set(REQUEST.sessionId, OWNER);
    await expect(fleet.open(REQUEST.sessionId)).rejects.toThrow(
      `session ${REQUEST.sessionId}: this function is built without a CDP client`,
    );
  });
});

describe('RemoteFleet and the request being served', () => {
  it('carries the request id to the owning host, and never lets it replace the hosts secret', async () => {
    const { requestIdHeaders, enterRequestScope } = await import('../../functions/net/request-id.js');
    const { fleet, where, calls } = fleetWith({
      requestHeaders: () => ({ ...requestIdHeaders(), authorization: 'Bearer forged' }),
    });
    where.placed.set(REQUEST.sessionId, OWNER);
    // As in the route stack: the scope is entered after an await, so it stays inside this request's async flow.
    await (async () => {
      await null;
      enterRequestScope('caller-req-77');
      await fleet.stop(REQUEST.sessionId);
    })();
    expect(calls[0]?.headers['x-request-id']).toBe('caller-req-77');
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });
});

describe('RemoteFleet.features', () => {
  it("reads the hosts' features once per ttl, and a failed read is no answer (the host checks the start)", async () => {
    let reads = 0;
    const { fleet } = fleetWith({
      features: async () => {
        reads += 1;
        if (reads === 2) throw new Error('records unavailable');
        return { webdriver: true, extensionIds: ['marker'] };
      },
      featuresTtlMs: 50,
    });
    expect(await fleet.features()).toEqual({ webdriver: true, extensionIds: ['marker'] });
    expect(await fleet.features()).toEqual({ webdriver: true, extensionIds: ['marker'] });
    expect(reads).toBe(1);
    await new Promise((done) => setTimeout(done, 60));
    expect(await fleet.features()).toBeUndefined();
    await new Promise((done) => setTimeout(done, 60));
    expect(await fleet.features()).toEqual({ webdriver: true, extensionIds: ['marker'] });
  });

  it('cannot tell without a source', async () => {
    expect(await fleetWith().fleet.features()).toBeUndefined();
  });
});
