/**
 * A deployment drains: a host learns its task definition revision from the task metadata endpoint (a stand-in
 * serving the endpoint's answer over real HTTP) and sees, in the host registry, when a live host of a newer revision
 * of its family runs; stale hosts and other families do not count.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { newerGenerationLive, taskGeneration, taskStopping } from '../../functions/browser-host/fleet/generation.js';
import { HostRegistry } from '../../functions/browser-host/fleet/registry.js';

const register = async (records: MemoryRecords, hostId: string, generation: string | undefined, at: number) => {
  const registry = new HostRegistry({
    records,
    hostId,
    address: `http://10.0.0.1:9300`,
    capacity: 4,
    used: () => 0,
    heartbeatMs: 10_000,
    now: () => at,
    ...(generation ? { generation } : {}),
  });
  await registry.beat();
};

describe('deployment generations', () => {
  let metadata: Server;
  let metadataUri: string;
  let answer: unknown;

  beforeAll(async () => {
    metadata = createServer((req, res) => {
      res.writeHead(req.url?.endsWith('/task') ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((done) => metadata.listen(0, '127.0.0.1', done));
    metadataUri = `http://127.0.0.1:${(metadata.address() as AddressInfo).port}/v4/container-id`;
  });
  afterAll(() => metadata.close());

  it('reads the family and revision from the task metadata', async () => {
    answer = {
      Cluster: 'arn:cluster',
      TaskARN: 'arn:task',
      Family: 'SessionHostHostsTask1234',
      Revision: '7',
      DesiredStatus: 'RUNNING',
    };
    expect(await taskGeneration(metadataUri)).toEqual({ family: 'SessionHostHostsTask1234', revision: 7 });
    answer = { TaskARN: 'arn:task' };
    await expect(taskGeneration(metadataUri)).rejects.toThrow(/no Family and Revision/);
  });

  it('tells when ECS is stopping the task', async () => {
    answer = { TaskARN: 'arn:task', Family: 'Hosts', Revision: '7', DesiredStatus: 'RUNNING' };
    expect(await taskStopping(metadataUri)).toBe(false);
    answer = { TaskARN: 'arn:task', Family: 'Hosts', Revision: '7', DesiredStatus: 'STOPPED' };
    expect(await taskStopping(metadataUri)).toBe(true);
  });

  it('sees a live newer revision of its own family, and nothing else', async () => {
    const records = new MemoryRecords();
    const now = Date.now();
    const own = { family: 'Hosts', revision: 7 };
    await register(records, 'same', 'Hosts:7', now);
    await register(records, 'older', 'Hosts:6', now);
    await register(records, 'other-family', 'Other:9', now);
    await register(records, 'no-generation', undefined, now);
    await register(records, 'newer-but-silent', 'Hosts:8', now - 60_000);
    expect(await newerGenerationLive(records, own, now)).toBe(false);
    await register(records, 'newer', 'Hosts:8', now);
    expect(await newerGenerationLive(records, own, now)).toBe(true);
    // The newer deployment rolled back: its host left the registry.
    await records.delete({ pk: 'HOSTS', sk: 'HOST#newer' });
    expect(await newerGenerationLive(records, own, now)).toBe(false);
  });
});
