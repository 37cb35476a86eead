/**
 * The network guard alone, on which destinations it lets through (test/support/network-guard-bed.ts): loopback,
 * private and metadata addresses refused before any dial, names judged by what they resolve to, allow entries by
 * address, range and name, and the address an upstream proxy is pinned to. Every destination is local.
 */
import { describe, expect, it } from 'vitest';
import { startNetworkGuard } from '../../functions/browser-host/network-guard.js';
import { vetUpstreamProxy } from '../../functions/browser-host/network-guard/upstream-proxy.js';
import { forward, guardWith, tunnel, useNetworkGuardBed } from '../support/network-guard-bed.js';

const bed = useNetworkGuardBed();

describe('network guard alone', () => {
  it('refuses CONNECT and forward requests to a loopback server under the default policy, without dialling it', async () => {
    const logged: unknown[] = [];
    const guard = await guardWith({ log: (level, message, fields) => logged.push({ level, message, ...fields }) });
    const refused = await tunnel(guard, `127.0.0.1:${bed.target.port}`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('blocked: 127.0.0.1 is loopback');
    const forwarded = await forward(guard, `http://127.0.0.1:${bed.target.port}/hello`);
    expect(forwarded).toMatchObject({ status: 403, text: 'blocked: 127.0.0.1 is loopback' });
    expect(bed.target.connections).toBe(0);
    expect(logged).toContainEqual({
      level: 'warn',
      message: 'network guard refused a destination',
      host: '127.0.0.1',
      address: '127.0.0.1',
      reason: 'loopback',
    });
  });

  it('lets an allow-listed loopback address through both ways', async () => {
    const guard = await guardWith({ allow: ['127.0.0.1'] });
    const forwarded = await forward(guard, `http://127.0.0.1:${bed.target.port}/hello`);
    expect(forwarded).toMatchObject({ status: 200, text: `hello from 127.0.0.1:${bed.target.port}` });

    const opened = await tunnel(guard, `127.0.0.1:${bed.target.port}`);
    expect(opened.status).toBe(200);
    opened.socket.write(`GET /hello HTTP/1.1\r\nHost: through-tunnel\r\nConnection: close\r\n\r\n`);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      opened.socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      opened.socket.once('end', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('hello from through-tunnel');
  });

  it('allows by CIDR range and by host name', async () => {
    const byRange = await guardWith({ allow: ['127.0.0.0/8'] });
    expect((await forward(byRange, `http://127.0.0.1:${bed.target.port}/hello`)).status).toBe(200);
    const byName = await guardWith({ allow: ['Intranet.Test'], resolve: async () => ['127.0.0.1'] });
    expect((await forward(byName, `http://intranet.test:${bed.target.port}/hello`)).text).toBe(
      `hello from intranet.test:${bed.target.port}`,
    );
    expect((await forward(byName, `http://other.test:${bed.target.port}/hello`)).status).toBe(403);
  });

  it('refuses a name that resolves to loopback', async () => {
    const guard = await guardWith();
    const refused = await tunnel(guard, `localhost:${bed.target.port}`);
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/blocked: localhost resolves to (127\.0\.0\.1|::1), which is loopback/);
  });

  it('names the host and the address a name resolved to', async () => {
    const guard = await guardWith({ resolve: async () => ['93.184.216.34', '169.254.169.254'] });
    const refused = await forward(guard, 'http://metadata.test/latest/meta-data/');
    expect(refused).toMatchObject({
      status: 403,
      text: 'blocked: metadata.test resolves to 169.254.169.254, which is link-local',
    });
  });

  it('refuses cloud metadata and private literals at once, with no lookup and no connect attempt', async () => {
    let lookups = 0;
    const guard = await guardWith({ resolve: async () => (lookups++, []) });
    const started = performance.now();
    const metadata = await forward(guard, 'http://169.254.169.254/latest/meta-data/');
    const privateTunnel = await tunnel(guard, '10.1.2.3:443');
    const v6Metadata = await tunnel(guard, '[fd00:ec2::254]:80');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(metadata).toMatchObject({ status: 403, text: 'blocked: 169.254.169.254 is link-local' });
    expect(privateTunnel.status).toBe(403);
    expect(privateTunnel.text).toContain('blocked: 10.1.2.3 is private');
    expect(v6Metadata.text).toContain('blocked: fd00:ec2::254 is private (unique local)');
    expect(lookups).toBe(0);
  });

  it('pins an upstream proxy to the address it checked, except an https proxy whose certificate names it', async () => {
    const guard = {
      check: async (host: string) => ({ allowed: true as const, host, addresses: ['203.0.113.7', '2001:db8::7'] }),
    };
    expect(await vetUpstreamProxy(guard, 'socks5://proxy.example:1080')).toBe('socks5://203.0.113.7:1080');
    expect(await vetUpstreamProxy(guard, 'http://proxy.example:3128')).toBe('http://203.0.113.7:3128');
    expect(await vetUpstreamProxy(guard, 'https://proxy.example:8443')).toBe('https://proxy.example:8443');
    const v6 = { check: async (host: string) => ({ allowed: true as const, host, addresses: ['2001:db8::7'] }) };
    expect(await vetUpstreamProxy(v6, 'http://proxy.example')).toBe('http://[2001:db8::7]');
  });

  it('refuses a bad allow entry at start', async () => {
    await expect(startNetworkGuard({ allow: ['10.0.0.0/33'] })).rejects.toThrow(RangeError);
    await expect(startNetworkGuard({ allow: ['not a host'] })).rejects.toThrow(/neither a host name/);
  });
});
