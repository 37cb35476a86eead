/**
 * The internal API's session-file routes (what API functions on AWS use for file inputs on the owning host):
 * the host secret, the bytes and file id through to the folder, and a clear answer for each bad request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtensionNotFoundError } from '../../functions/browser-host/errors.js';
import { createInternalApiHandler, type InternalApiOptions } from '../../functions/browser-host/internal-api.js';

const SECRET = 'internal-api-files-secret';
const folders = new Map<string, Map<string, { bytes: Buffer; fileId?: string }>>([['live-session', new Map()]]);

const files: NonNullable<InternalApiOptions['files']> = {
  putFile: async (sessionId, file) => {
    const folder = folders.get(sessionId);
    if (!folder) throw new Error(`session ${sessionId} has no browser on this host`);
    folder.set(file.fileName, { bytes: file.bytes, fileId: file.fileId });
    return `/folders/${sessionId}/${file.fileName}`;
  },
  sessionFile: async (sessionId, fileName) => {
    const found = folders.get(sessionId)?.get(fileName);
    return found
      ? {
          path: `/folders/${sessionId}/${fileName}`,
          bytes: found.bytes.length,
          ...(found.fileId ? { fileId: found.fileId } : {}),
        }
      : undefined;
  },
};

let server: Server;
let base: string;
const touched: string[] = [];
const acquired: { sessionId: string; extensionIds?: string[] }[] = [];
const auth = { authorization: `Bearer ${SECRET}` };

beforeAll(async () => {
  const host = {
    acquire: async (sessionId: string, { extensionIds }: { extensionIds?: string[] }) => {
      const unknown = (extensionIds ?? []).filter((id) => id !== 'page-marker');
      if (unknown.length > 0) throw new ExtensionNotFoundError(unknown);
      acquired.push({ sessionId, extensionIds });
      return { pid: 1, warm: false };
    },
    release: async () => false,
    stats: () => ({ capacity: 1, live: 0, warm: 0, sessions: [] }),
    touch: (sessionId: string) => (touched.push(sessionId), folders.has(sessionId)),
  } as unknown as InternalApiOptions['host'];
  server = createServer(
    createInternalApiHandler({
      host,
      proxy: { publicEndpoint: () => '' },
      secret: SECRET,
      files,
      isDraining: () => false,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('internal API: session files', () => {
  it('puts bytes with their file id into the session folder and lists them back', async () => {
    const put = await fetch(`${base}/sessions/live-session/files/${encodeURIComponent('proof of address.pdf')}`, {
      method: 'PUT',
      headers: { ...auth, 'x-file-id': 'file-7' },
      body: Buffer.from('%PDF-1.7 test'),
    });
    expect(put.status).toBe(201);
    expect(await put.json()).toEqual({ path: '/folders/live-session/proof of address.pdf' });
    const got = await fetch(`${base}/sessions/live-session/files/${encodeURIComponent('proof of address.pdf')}`, {
      headers: auth,
    });
    expect(await got.json()).toEqual({
      path: '/folders/live-session/proof of address.pdf',
      bytes: 13,
      fileId: 'file-7',
    });
  });

  it('answers each bad request plainly', async () => {
    const cases: [string, RequestInit, number, string][] = [
      ['/sessions/live-session/files/a.txt', { method: 'GET' }, 401, 'UNAUTHORIZED'],
      ['/sessions/live-session/files/absent.txt', { headers: auth }, 404, 'FILE_NOT_FOUND'],
      ['/sessions/gone-session/files/a.txt', { method: 'PUT', headers: auth, body: 'x' }, 404, 'SESSION_NOT_FOUND'],
      ['/sessions/live-session/files/a.txt', { method: 'DELETE', headers: auth }, 405, 'METHOD_NOT_ALLOWED'],
      ['/sessions/live-session/files/%E0%A4%A', { headers: auth }, 400, 'INVALID_REQUEST'],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await fetch(`${base}${path}`, init);
      expect({
        path,
        status: response.status,
        code: ((await response.json()) as { error: { code: string } }).error.code,
      }).toEqual({ path, status, code });
    }
  });
});

describe('internal API: session activity', () => {
  it('resets the idle timer of a session on this host, behind the host secret', async () => {
    expect((await fetch(`${base}/sessions/live-session/activity`, { method: 'POST', headers: auth })).status).toBe(204);
    expect(touched).toEqual(['live-session']);
    expect((await fetch(`${base}/sessions/elsewhere/activity`, { method: 'POST', headers: auth })).status).toBe(404);
    expect(
      (
        await fetch(`${base}/sessions/live-session/activity`, {
          method: 'POST',
          headers: { authorization: 'Bearer wrong' },
        })
      ).status,
    ).toBe(401);
    expect(touched).toEqual(['live-session', 'elsewhere']);
  });
});

describe('internal API: session start with extensions', () => {
  const start = (body: unknown) =>
    fetch(`${base}/sessions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('passes the extension ids to the host, and answers 422 naming the ones it does not have', async () => {
    expect((await start({ sessionId: 's-ext', idleTimeoutMs: 60_000, extensionIds: ['page-marker'] })).status).toBe(
      201,
    );
    expect(acquired).toContainEqual({ sessionId: 's-ext', extensionIds: ['page-marker'] });
    const refused = await start({ sessionId: 's-unknown', idleTimeoutMs: 60_000, extensionIds: ['nope'] });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { code: 'EXTENSION_NOT_FOUND', message: expect.stringContaining('nope') },
    });
  });

  it('refuses extension ids that are not a list of strings, naming the field', async () => {
    for (const extensionIds of ['page-marker', [1], { id: 'page-marker' }]) {
      const response = await start({ sessionId: 's-bad', idleTimeoutMs: 60_000, extensionIds });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toContain('extensionIds');
    }
  });
});
