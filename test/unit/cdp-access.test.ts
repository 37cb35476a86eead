/**
 * Who may drive a session's browser (CDP proxy, WebDriver door): a kept-alive connection carries many WebDriver
 * requests, each authorized, and is watched for its key once, not once per request.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { clientMayDrive } from '../../functions/composition/cdp-access.js';
import type { Principal } from '../../functions/core/orgs/api-keys.js';
import { recordKeys } from '../../functions/core/shared/record-keys.js';

const setup = async () => {
  const records = new MemoryRecords();
  await records.put({ ...recordKeys.session('org-a', 'sess-1'), id: 'sess-1', status: 'running' });
  const holds: Principal[] = [];
  const may = clientMayDrive({
    authenticate: async (token: string) => (token === 'key-a' ? { orgId: 'org-a', keyId: 'k1' } : undefined),
    records,
    keyConnections: {
      hold: (principal: Principal) => {
        holds.push(principal);
        return () => undefined;
      },
    },
    signingSecret: 'secret',
    clock: { now: () => new Date() },
  } as never);
  return { may, holds };
};

const requestOn = (socket: EventEmitter, key: string) =>
  ({ headers: { authorization: `Bearer ${key}` }, url: '/', socket }) as unknown as IncomingMessage;

describe('clientMayDrive', () => {
  it('watches a connection for its key once, however many requests it carries', async () => {
    const { may, holds } = await setup();
    const socket = new EventEmitter();
    for (let i = 0; i < 20; i += 1) expect(await may(requestOn(socket, 'key-a'), 'sess-1')).toBe(true);
    expect(holds).toHaveLength(1);
    expect(socket.listenerCount('close')).toBe(1);
    const other = new EventEmitter();
    expect(await may(requestOn(other, 'key-a'), 'sess-1')).toBe(true);
    expect(holds).toHaveLength(2);
  });

  it("refuses a wrong key and another org's session, watching nothing", async () => {
    const { may, holds } = await setup();
    const socket = new EventEmitter();
    expect(await may(requestOn(socket, 'wrong'), 'sess-1')).toBe(false);
    expect(await may(requestOn(socket, 'key-a'), 'sess-of-nobody')).toBe(false);
    expect(holds).toHaveLength(0);
    expect(socket.listenerCount('close')).toBe(0);
  });
});
