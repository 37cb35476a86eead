import { describe, expect, it } from 'vitest';
import { checkReadiness, fleetHostsProbe } from '../../functions/observability/readiness.js';
import { acceptRequestId } from '../../functions/net/request-id.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';

describe('readiness', () => {
  it('runs every probe at once and names the failing and the slow ones', async () => {
    const report = await checkReadiness(
      [
        { name: 'fine', check: async () => 'all good' },
        { name: 'broken', check: async () => Promise.reject(new Error('refused')) },
        { name: 'silent', check: () => new Promise(() => undefined) },
        {
          name: 'throwsAtOnce',
          check: () => {
            throw new Error('sync failure');
          },
        },
      ],
      50,
    );
    expect(report.status).toBe('unavailable');
    expect(report.checks.fine).toMatchObject({ ok: true, detail: 'all good' });
    expect(report.checks.broken).toMatchObject({ ok: false, detail: 'refused' });
    expect(report.checks.silent).toMatchObject({ ok: false, detail: 'no answer within 50 ms' });
    expect(report.checks.throwsAtOnce).toMatchObject({ ok: false, detail: 'sync failure' });
  });

  it('is ready when every probe answers', async () => {
    expect((await checkReadiness([{ name: 'a', check: async () => undefined }])).status).toBe('ready');
  });

  describe('the fleet probe', () => {
    const host = (hostId: string, heartbeatAt: string, extra: Record<string, unknown> = {}) => ({
      pk: 'HOSTS',
      sk: `HOST#${hostId}`,
      hostId,
      address: `http://${hostId}:9300`,
      capacity: 4,
      used: 0,
      draining: false,
      heartbeatAt,
      heartbeatMs: 10_000,
      ...extra,
    });
    const now = Date.parse('2026-01-01T00:01:00Z');

    it('fails when no host has a fresh heartbeat, or every live one is draining', async () => {
      const records = new MemoryRecords();
      await records.put(host('old', '2026-01-01T00:00:00Z'));
      await records.put(host('leaving', '2026-01-01T00:00:59Z', { draining: true }));
      const probe = fleetHostsProbe(records, {
        partition: 'HOSTS',
        now: () => now,
        fetch: async () => new Response('{}'),
      });
      await expect(probe.check(new AbortController().signal)).rejects.toThrow(/no browser host is live \(2 registered/);
    });

    it('asks a live host for /health and passes when one answers', async () => {
      const records = new MemoryRecords();
      await records.put(host('h1', '2026-01-01T00:00:55Z'));
      await records.put(host('h2', '2026-01-01T00:00:58Z'));
      const asked: string[] = [];
      const probe = fleetHostsProbe(records, {
        partition: 'HOSTS',
        now: () => now,
        fetch: async (url) => {
          asked.push(String(url));
          return String(url).startsWith('http://h1')
            ? new Response('', { status: 503 })
            : new Response('{"status":"ok"}');
        },
      });
      expect(await probe.check(new AbortController().signal)).toMatch(/2 live, h2 answers/);
      expect(asked).toEqual(['http://h1:9300/health', 'http://h2:9300/health']);
    });

    it('fails naming each host that did not answer', async () => {
      const records = new MemoryRecords();
      await records.put(host('h1', '2026-01-01T00:00:55Z'));
      const probe = fleetHostsProbe(records, {
        partition: 'HOSTS',
        now: () => now,
        fetch: async () => Promise.reject(new Error('ETIMEDOUT')),
      });
      await expect(probe.check(new AbortController().signal)).rejects.toThrow(
        'no live browser host answers /health (h1: ETIMEDOUT)',
      );
    });
  });
});

describe('incoming request ids', () => {
  it('keeps short ids of a safe alphabet and refuses the rest', () => {
    for (const good of ['a', 'req-1-abc', 'x'.repeat(128), '0a1b2c3d-e4f5-6789-abcd-ef0123456789', 'trace.span:1_2'])
      expect(acceptRequestId(good), good).toBe(good);
    for (const bad of [
      '',
      'x'.repeat(129),
      'a b',
      'a\r\nset-cookie: x',
      'a,b',
      '{"json":1}',
      'ü',
      undefined,
      ['a', 'b'],
      42,
    ])
      expect(acceptRequestId(bad), String(bad)).toBeUndefined();
  });
});
