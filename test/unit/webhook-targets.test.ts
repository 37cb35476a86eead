/** Which webhook targets are refused: scheme, credentials, and addresses that are not public (literal or resolved; see ip-addresses.test.ts). */
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../functions/core/webhooks/backoff.js';
import { addressGuard, checkWebhookTarget } from '../../functions/core/webhooks/targets.js';
import type { WebhookSettings } from '../../functions/core/requests/deps.js';
import { ValidationError } from '../../functions/core/shared/errors.js';

const settings = (allowPrivate: boolean, dns: Record<string, string[]> = {}): WebhookSettings => ({
  allowPrivate,
  maxAttempts: 3,
  baseDelayMs: 10,
  timeoutMs: 1000,
  transport: {
    resolve: async (host) => {
      if (!dns[host]) throw new Error(`ENOTFOUND ${host}`);
      return dns[host];
    },
    post: async () => ({ durationMs: 0 }),
  },
});

describe('webhook target check', () => {
  const refusal = async (url: string, s = settings(false)) => {
    const error = await checkWebhookTarget(s, url).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details[0].location).toBe('body.async.webhookUrl');
    return (error as ValidationError).details[0].message;
  };

  it('refuses schemes other than http and https, even where private targets are allowed', async () => {
    expect(await refusal('ftp://example.com/hook', settings(true))).toMatch(/http or https/);
    expect(await refusal('file:///etc/passwd', settings(true))).toMatch(/http or https/);
  });

  it('refuses loopback, link-local and private literals unless allowed', async () => {
    expect(await refusal('http://127.0.0.1:9/hook')).toMatch(/loopback/);
    expect(await refusal('http://169.254.169.254/latest/meta-data')).toMatch(/link-local/);
    expect(await refusal('http://[::ffff:10.0.0.1]/')).toMatch(/private/);
    expect(await refusal('http://[fe80::1]/')).toMatch(/link-local/);
    await expect(checkWebhookTarget(settings(true), 'http://127.0.0.1:9/hook')).resolves.toBeUndefined();
  });

  it("refuses this machine's browser control ports even where private targets are allowed", async () => {
    const reserved = { ...settings(true, { localhost: ['127.0.0.1', '::1'] }), reservedPorts: new Set([40581]) };
    expect(await refusal('http://127.0.0.1:40581/json/close/ABC', reserved)).toMatch(
      /port 40581 of 127\.0\.0\.1 is a control port of this service's own browsers/,
    );
    expect(await refusal('http://localhost:40581/json/list', reserved)).toMatch(/control port/);
    expect(await refusal('http://[::ffff:127.0.0.1]:40581/', reserved)).toMatch(/control port/);
    // Other loopback ports stay open to local receivers, and the port means nothing on another machine.
    await expect(checkWebhookTarget(reserved, 'http://127.0.0.1:40582/hook')).resolves.toBeUndefined();
    await expect(
      checkWebhookTarget(
        {
          ...reserved,
          allowPrivate: false,
          transport: settings(false, { 'hooks.example.com': ['93.184.216.34'] }).transport,
        },
        'https://hooks.example.com:40581/x',
      ),
    ).resolves.toBeUndefined();
  });

  it('refuses a name that resolves to any private address, and one that does not resolve', async () => {
    const dns = { 'hooks.example.com': ['93.184.216.34', '10.0.0.7'], 'good.example.com': ['93.184.216.34'] };
    expect(await refusal('https://hooks.example.com/x', settings(false, dns))).toMatch(
      /10\.0\.0\.7, a private address/,
    );
    expect(await refusal('https://nowhere.example.com/x', settings(false, dns))).toMatch(/does not resolve/);
    await expect(checkWebhookTarget(settings(false, dns), 'https://good.example.com/x')).resolves.toBeUndefined();
  });

  it('refuses, at each delivery attempt, this machine on a port that has become a control port since', () => {
    const control = new Set<number>();
    const s = { allowPrivate: true, reservedPorts: control };
    const guard = addressGuard(s, 'http://localhost:9333/hook');
    expect(guard('127.0.0.1')).toBe(true);
    control.add(9333);
    expect(guard('127.0.0.1')).toBe(false);
    expect(guard('::1')).toBe(false);
    // Another machine on that port, and this one on another port, are still reached.
    expect(guard('203.0.113.7')).toBe(true);
    expect(addressGuard(s, 'http://localhost:9334/hook')('127.0.0.1')).toBe(true);
  });

  it('refuses credentials in the URL', async () => {
    expect(await refusal('https://user:pw@good.example.com/x', settings(true))).toMatch(/credentials/);
  });
});

describe('retry schedule', () => {
  it('doubles from the base delay and stops growing at the queue limit of 900 s', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30, 1000)).toBe(900_000);
  });
});
