/** A fleet host's registry entry: heartbeat, utilization metric, drain, leave; and how silent hosts are found. */
import { describe, expect, it } from 'vitest';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import {
  HostRegistry,
  hostKey,
  fleetFeatures,
  removeHost,
  staleHosts,
  type HostRegistryOptions,
  type UtilizationSample,
} from '../../functions/browser-host/fleet/registry.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const registryWith = (options: Partial<HostRegistryOptions> & { records: MemoryRecords }) => {
  const samples: UtilizationSample[] = [];
  const registry = new HostRegistry({
    hostId: 'host-a',
    address: 'http://10.0.0.5:8080',
    capacity: 8,
    used: () => 3,
    metrics: (sample) => samples.push(sample),
    ...options,
  });
  return { registry, metrics: () => samples };
};

describe('HostRegistry', () => {
  it('writes its entry and a utilization metric line on each beat', async () => {
    const records = new MemoryRecords();
    const at = Date.now();
    const { registry, metrics } = registryWith({ records, now: () => at, heartbeatMs: 5_000 });

    await registry.beat();

    expect(await records.get(hostKey('host-a'))).toMatchObject({
      hostId: 'host-a',
      address: 'http://10.0.0.5:8080',
      capacity: 8,
      used: 3,
      draining: false,
      heartbeatAt: new Date(at).toISOString(),
      heartbeatMs: 5_000,
    });
    expect(metrics()).toEqual([{ utilization: 37.5, hostId: 'host-a', used: 3, capacity: 8, at }]);
  });

  it('reports itself full and draining once it drains', async () => {
    const records = new MemoryRecords();
    const { registry, metrics } = registryWith({ records, used: () => 1 });

    await registry.drain();

    expect(await records.get(hostKey('host-a'))).toMatchObject({ draining: true, used: 1 });
    expect(metrics().at(-1)).toMatchObject({ utilization: 100, used: 1, capacity: 8 });
  });

  it('beats on its interval with the slots in use at the time', async () => {
    const records = new MemoryRecords();
    let used = 0;
    const { registry } = registryWith({ records, used: () => used, heartbeatMs: 20 });
    await registry.start();
    expect(await records.get(hostKey('host-a'))).toMatchObject({ used: 0 });

    used = 5;
    await sleep(70);
    expect(await records.get(hostKey('host-a'))).toMatchObject({ used: 5 });
    await registry.stop();
  });

  it('removes its entry when it stops, and beats no more', async () => {
    const records = new MemoryRecords();
    const { registry } = registryWith({ records, heartbeatMs: 20 });
    await registry.start();

    await registry.stop();
    expect(await records.get(hostKey('host-a'))).toBeUndefined();
    await sleep(70);
    expect(await records.get(hostKey('host-a'))).toBeUndefined();
  });

  it('leaves no entry behind when it stops while a heartbeat write is in flight', async () => {
    // A store whose writes the test holds: the periodic beat's write lands only after stop removed the entry.
    let held: (() => void) | undefined;
    let holding = false;
    class HeldRecords extends MemoryRecords {
      override async put(...args: Parameters<MemoryRecords['put']>): Promise<void> {
        if (holding) await new Promise<void>((resolve) => (held = resolve));
        return super.put(...args);
      }
    }
    const records = new HeldRecords();
    const { registry } = registryWith({ records, heartbeatMs: 20 });
    await registry.start();
    holding = true;
    while (!held) await sleep(5);

    // stop waits for the write in flight, then removes the entry: the write cannot land after the delete.
    const stopped = registry.stop();
    await sleep(10);
    held();
    await stopped;
    await sleep(30);

    expect(await records.get(hostKey('host-a'))).toBeUndefined();
  });

  it('publishes no metric when none is configured', async () => {
    const records = new MemoryRecords();
    const registry = new HostRegistry({
      records,
      hostId: 'host-b',
      address: 'http://10.0.0.6:8080',
      capacity: 2,
      used: () => 1,
    });
    await expect(registry.beat()).resolves.toMatchObject({ hostId: 'host-b', used: 1 });
  });
});

describe('staleHosts', () => {
  it('lists only the hosts whose last heartbeat is more than three beats old', async () => {
    const records = new MemoryRecords();
    const now = Date.now();
    const beatAt = async (hostId: string, ago: number, heartbeatMs: number) =>
      registryWith({ records, hostId, heartbeatMs, metrics: undefined, now: () => now - ago }).registry.beat();
    await beatAt('fresh', 1_000, 1_000);
    await beatAt('three-beats', 3_000, 1_000);
    await beatAt('silent', 3_001, 1_000);
    await beatAt('slow-beating', 20_000, 10_000);

    const stale = await staleHosts(records, now);

    expect(stale.map((host) => host.hostId)).toEqual(['silent']);
    expect(stale[0]).toEqual({
      hostId: 'silent',
      address: 'http://10.0.0.5:8080',
      capacity: 8,
      used: 3,
      draining: false,
      heartbeatAt: new Date(now - 3_001).toISOString(),
    });
  });

  it('finds none once a silent host is removed', async () => {
    const records = new MemoryRecords();
    const now = Date.now();
    const { registry } = registryWith({ records, heartbeatMs: 1_000, now: () => now - 60_000 });
    await registry.beat();
    expect(await staleHosts(records, now)).toHaveLength(1);

    await removeHost(records, 'host-a');
    expect(await staleHosts(records, now)).toEqual([]);
  });
});

describe('fleetFeatures', () => {
  const join = async (
    records: MemoryRecords,
    hostId: string,
    options: Omit<Partial<HostRegistryOptions>, 'records'> = {},
  ) => {
    const { registry } = registryWith({ heartbeatMs: 60_000, ...options, records, hostId });
    await registry.beat();
    return registry;
  };

  it('is what every live host offers: WebDriver when all have it, the extensions all of them have', async () => {
    const records = new MemoryRecords();
    await join(records, 'old', { features: { webdriver: true, extensionIds: ['marker', 'blocker'] } });
    await join(records, 'new', { features: { webdriver: true, extensionIds: ['blocker', 'extra'] } });
    expect(await fleetFeatures(records)).toEqual({ webdriver: true, extensionIds: ['blocker'] });

    await join(records, 'shell', { features: { webdriver: false } });
    expect(await fleetFeatures(records)).toEqual({ webdriver: false });
  });

  it('leaves out draining and silent hosts, and cannot tell while no host has said', async () => {
    const records = new MemoryRecords();
    expect(await fleetFeatures(records)).toBeUndefined();
    await join(records, 'full', { features: { webdriver: true, extensionIds: ['marker'] } });
    const leaving = await join(records, 'leaving', { features: { webdriver: false } });
    await leaving.drain();
    await join(records, 'silent', { features: { webdriver: false }, now: () => Date.now() - 10 * 60_000 });
    expect(await fleetFeatures(records)).toEqual({ webdriver: true, extensionIds: ['marker'] });

    await join(records, 'older', {});
    expect(await fleetFeatures(records)).toBeUndefined();
  });
});
