/**
 * Task scale-in protection against a stand-in for the ECS agent's endpoint (real HTTP, the agent's request and answer
 * shapes): protected when the host becomes busy, renewed before the grant runs out, dropped when it is empty, and
 * retried after the agent refuses.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScaleInProtection } from '../../functions/browser-host/fleet/scale-in-protection.js';

interface Put {
  path: string;
  body: { ProtectionEnabled: boolean; ExpiresInMinutes?: number };
}

describe('scale-in protection', () => {
  let agent: Server;
  let agentUri: string;
  let puts: Put[];
  let refuse: boolean;
  const logs: string[] = [];
  const log = (_level: string, message: string) => void logs.push(message);

  beforeAll(async () => {
    agent = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw) as Put['body'];
        puts.push({ path: `${req.method} ${req.url}`, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        // The agent answers 200 with a `failure` when ECS refused (e.g. the role lacks ecs:UpdateTaskProtection).
        if (refuse) return res.end(JSON.stringify({ failure: { Arn: 'arn:task', Reason: 'ACCESS_DENIED' } }));
        res.end(
          JSON.stringify({
            protection: {
              ProtectionEnabled: body.ProtectionEnabled,
              ExpirationDate: body.ProtectionEnabled ? '2026-01-01T00:00:00Z' : null,
              TaskArn: 'arn:task',
            },
          }),
        );
      });
    });
    await new Promise<void>((done) => agent.listen(0, '127.0.0.1', done));
    agentUri = `http://127.0.0.1:${(agent.address() as AddressInfo).port}/api/task-id`;
  });
  afterAll(() => agent.close());
  beforeEach(() => {
    puts = [];
    refuse = false;
    logs.length = 0;
  });

  it('protects the task while it is busy and drops protection once it is empty', async () => {
    let sessions = 0;
    const protection = new ScaleInProtection({ agentUri, busy: () => sessions > 0, log, expiresInMinutes: 30 });
    await protection.sync();
    expect(puts).toEqual([]); // idle from the start: nothing to protect
    sessions = 2;
    await protection.sync();
    await protection.sync(); // still within the grant: no second request
    expect(puts).toEqual([
      { path: 'PUT /api/task-id/task-protection/v1/state', body: { ProtectionEnabled: true, ExpiresInMinutes: 30 } },
    ]);
    expect(protection.isProtected).toBe(true);
    sessions = 0;
    await protection.sync();
    expect(puts.at(-1)!.body).toEqual({ ProtectionEnabled: false });
    expect(protection.isProtected).toBe(false);
  });

  it('renews the grant at half its time while the host stays busy', async () => {
    let now = 0;
    const protection = new ScaleInProtection({ agentUri, busy: () => true, log, expiresInMinutes: 60, now: () => now });
    await protection.sync();
    now = 29 * 60_000;
    await protection.sync();
    expect(puts).toHaveLength(1);
    now = 31 * 60_000;
    await protection.sync();
    expect(puts.map((p) => p.body.ProtectionEnabled)).toEqual([true, true]);
  });

  it('keeps asking after the agent refuses, and says why', async () => {
    refuse = true;
    const protection = new ScaleInProtection({ agentUri, busy: () => true, log });
    await protection.sync();
    expect(protection.isProtected).toBe(false);
    expect(logs).toContain('could not turn scale-in protection on');
    refuse = false;
    await protection.sync();
    expect(protection.isProtected).toBe(true);
    expect(puts).toHaveLength(2);
  });

  it('applies a change that arrives while a request is on the way', async () => {
    let busy = true;
    const protection = new ScaleInProtection({ agentUri, busy: () => busy, log });
    const first = protection.sync();
    busy = false;
    await Promise.all([first, protection.sync()]);
    expect(puts.map((p) => p.body.ProtectionEnabled)).toEqual([true, false]);
    expect(protection.isProtected).toBe(false);
  });

  it('drops protection when the host leaves', async () => {
    const protection = new ScaleInProtection({ agentUri, busy: () => true, log });
    await protection.sync();
    await protection.stop();
    expect(puts.map((p) => p.body.ProtectionEnabled)).toEqual([true, false]);
  });
});
