/**
 * monitor on real Chromium: a fixture page whose order is confirmed (and an invoice button appears) after a delay.
 * Without a model, quoted text and described elements are checked from the page; with Claude (a local fake of the
 * Messages API) each check asks it, an unchanged page is not asked twice, and the timeout fails clearly.
 */
import { describe, expect, it } from 'vitest';
import { offlineAndClaude } from '../support/model-services.js';
import type { TestService } from '../support/service.js';

const ctx = offlineAndClaude();

const monitor = async (svc: TestService, after: number, body: Record<string, unknown>) => {
  const sessionId = ctx.sessions.get(svc)!;
  // The page's clock starts when it loads, before the window's answer arrives: `sinceOpen` is the bound it keeps.
  const opening = Date.now();
  const opened = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${ctx.fixtures.url}/paging/status.html?after=${after}` },
  });
  expect(opened.statusCode).toBe(201);
  const started = Date.now();
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows/${opened.json.data.windowId}/monitor`,
    headers: svc.auth,
    body,
  });
  return { res, ms: Date.now() - started, sinceOpen: Date.now() - opening };
};

const fast = { interval: { intervalSeconds: 1, timeoutSeconds: 6 } };
const codes = (issues: Array<{ code?: string }> | undefined) => (issues ?? []).map((issue) => issue.code);

describe('monitor without a language model', () => {
  it('succeeds once the quoted text shows, at a check after it appeared', async () => {
    const { res, sinceOpen } = await monitor(ctx.offline, 1500, {
      condition: 'the page says "Order confirmed"',
      configuration: fast,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toMatch(
      /^The condition holds \(check \d+, after \d+\.\d s\): the page shows "Order confirmed"/,
    );
    expect(sinceOpen).toBeGreaterThanOrEqual(1500);
    expect(codes(res.json.warnings)).toContain('model_not_configured');
  });

  it('holds an absence condition once the quoted text is gone', async () => {
    const { res } = await monitor(ctx.offline, 1000, {
      condition: '"Processing your payment" disappears',
      configuration: fast,
    });
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toContain('no longer shows "Processing your payment"');
  });

  it('checks a described element appearing', async () => {
    const { res } = await monitor(ctx.offline, 1000, {
      condition: 'the Download invoice button appears',
      configuration: fast,
    });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.data.modelResponse).toContain('button "Download invoice"');
  });

  it('reads unquoted text after "says" as text the page must show', async () => {
    const { res } = await monitor(ctx.offline, 1000, {
      condition: 'the page says Order confirmed',
      configuration: fast,
    });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.data.modelResponse).toContain('the page shows "Order confirmed"');
  });

  it('checks what a field holds', async () => {
    const { res } = await monitor(ctx.offline, 1000, {
      condition: 'the order note contains paid in full',
      configuration: fast,
    });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.data.modelResponse).toContain('holds "paid in full"');
  });

  it('takes no loose match for a sign: text the page never shows does not hold', async () => {
    const { res } = await monitor(ctx.offline, 0, {
      condition: 'the page says Download complete',
      configuration: { interval: { intervalSeconds: 1, timeoutSeconds: 2 } },
    });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0].message).toContain('does not show "Download complete" yet');
  });

  it('fails at the timeout with how many checks ran and what was seen last', async () => {
    const { res, ms } = await monitor(ctx.offline, 60_000, {
      condition: 'the page says "Order confirmed"',
      configuration: { interval: { intervalSeconds: 1, timeoutSeconds: 2 } },
    });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'monitor_timeout', details: { checks: 3, timeoutSeconds: 2 } });
    expect(res.json.errors[0].message).toContain('does not show "Order confirmed" yet');
    expect(ms).toBeGreaterThanOrEqual(2000);
    expect(ms).toBeLessThan(5000);
  });

  it('waits its whole timeout when the interval is longer, checking last at the timeout', async () => {
    const { res, ms } = await monitor(ctx.offline, 60_000, {
      condition: 'the page says "Order confirmed"',
      configuration: { interval: { intervalSeconds: 3600, timeoutSeconds: 2 } },
    });
    expect(res.json.errors[0]).toMatchObject({ code: 'monitor_timeout', details: { checks: 2, timeoutSeconds: 2 } });
    expect(ms).toBeGreaterThanOrEqual(2000);
    expect(ms).toBeLessThan(5000);
  });

  it('rejects an interval of 0 and a missing condition with 422', async () => {
    const sessionId = ctx.sessions.get(ctx.offline)!;
    const bad = async (body: Record<string, unknown>) =>
      (
        await ctx.offline.app.inject({
          method: 'POST',
          path: `/v1/sessions/${sessionId}/windows/any/monitor`,
          headers: ctx.offline.auth,
          body,
        })
      ).statusCode;
    expect(await bad({ condition: 'x', configuration: { interval: { intervalSeconds: 0 } } })).toBe(422);
    expect(await bad({})).toBe(422);
  });
});

describe('monitor with Claude', () => {
  it('asks on every check of a changing page and succeeds on its "holds" verdict, charging each call', async () => {
    let call = 0;
    ctx.api.always(() => {
      call += 1;
      return {
        toolInput:
          call < 2
            ? { holds: false, evidence: 'still processing' }
            : { holds: true, evidence: 'Order confirmed: thank you!' },
      };
    });
    const { res } = await monitor(ctx.online, 1200, { condition: 'the payment went through', configuration: fast });
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toContain('Order confirmed: thank you!');
    expect(ctx.api.calls).toBe(2);
    expect(res.json.meta.usage.credits).toBe(4);
  });

  it('does not ask again while the page is unchanged: one call over four checks', async () => {
    ctx.api.always({ toolInput: { holds: false, evidence: 'still processing' } });
    const { res } = await monitor(ctx.online, 60_000, {
      condition: 'the payment went through',
      configuration: { interval: { intervalSeconds: 1, timeoutSeconds: 3 } },
    });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'monitor_timeout', details: { checks: 4 } });
    expect(ctx.api.calls).toBe(1);
    expect(res.json.meta.usage.credits).toBe(2);
  });

  it('reports a malformed verdict as a failure', async () => {
    ctx.api.always({ toolInput: { verdict: 'maybe' } });
    const { res } = await monitor(ctx.online, 60_000, { condition: 'the payment went through', configuration: fast });
    expect(res.json.meta.status).toBe('failure');
    expect(codes(res.json.errors)).toEqual(['model_malformed_answer']);
  });
});
