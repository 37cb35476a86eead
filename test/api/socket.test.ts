/** The service over a real socket: body limits, broken and aborted uploads, concurrency, request ids, restarts. */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../functions/core/orgs/api-keys.js';
import { resetAfterSending } from '../support/abrupt-clients.js';
import { startTestService, type TestService } from '../support/service.js';

const LIMIT = 2048;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  json?: any;
}

/** Parses one HTTP/1.1 response (chunked or not) from the bytes a socket received. */
const parseAnswer = (text: string): RawAnswer | undefined => {
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let body = text.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    for (let rest = body; ; ) {
      const end = rest.indexOf('\r\n');
      const size = parseInt(rest.slice(0, end), 16);
      if (!(size > 0)) break;
      decoded += rest.slice(end + 2, end + 2 + size);
      rest = rest.slice(end + 2 + size + 2);
    }
    body = decoded;
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body, json };
};

/** Writes `parts` (one byte per character) to a fresh connection (pausing `gapMs` between them; then half-closing or aborting, if asked), then reads until the server closes or `waitMs` passes. */
const rawExchange = (
  url: string,
  parts: string[],
  options: { gapMs?: number; waitMs?: number; abort?: boolean; halfClose?: boolean } = {},
) =>
  new Promise<{ text: string; closedByServer: boolean }>((resolve) => {
    const { port, hostname } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    let text = '';
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedByServer });
    };
    const timer = setTimeout(() => finish(false), options.waitMs ?? 2000);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('connect', async () => {
      for (const part of parts) {
        if (done) return;
        socket.write(part, 'latin1');
        if (options.gapMs) await new Promise((resume) => setTimeout(resume, options.gapMs));
      }
      if (options.halfClose) socket.end();
      if (options.abort) finish(false);
    });
  });

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const expectProblem = (answer: { status: number; json?: any }, status: number) => {
  expect(answer.status).toBe(status);
  expect(answer.json).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
  });
};

describe('over a socket', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ maxBodyBytes: LIMIT });
  });
  afterAll(() => svc?.stop());

  const stillServing = async () => {
    const res = await fetch(`${svc.url}/v1/sessions`, { headers: svc.auth });
    expect(res.status).toBe(200);
  };

  it('answers 413 in the problem shape for a body over the limit', async () => {
    const res = await fetch(`${svc.url}/v1/sessions`, {
      method: 'POST',
      headers: { ...svc.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(LIMIT) }),
    });
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expectProblem({ status: res.status, json: await res.json() }, 413);
    await stillServing();
  });

  it('answers 413 for a chunked upload that grows over the limit', async () => {
    const chunk = 'x'.repeat(1000);
    const chunks = Array.from({ length: 4 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const { text } = await rawExchange(svc.url, [
      head('POST', '/v1/sessions', { authorization: svc.auth.authorization, 'transfer-encoding': 'chunked' }),
      ...chunks,
      '0\r\n\r\n',
    ]);
    const answer = parseAnswer(text)!;
    expectProblem(answer, 413);
    expect(answer.json.code).toBe('payload_too_large');
    await stillServing();
  });

  it('stamps x-request-id on a 413, equal to the problem body requestId', async () => {
    const res = await fetch(`${svc.url}/v1/sessions`, {
      method: 'POST',
      headers: svc.auth,
      body: 'x'.repeat(LIMIT + 1),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('x-request-id')).toBe((await res.json()).requestId);
  });

  it('answers 415 naming Content-Encoding for a compressed body, and still takes identity', async () => {
    const res = await fetch(`${svc.url}/v1/files`, {
      method: 'POST',
      headers: { ...svc.auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ fileName: 'a.txt' })),
    });
    const json = await res.json();
    expectProblem({ status: res.status, json }, 415);
    expect(json.code).toBe('unsupported_media_type');
    expect(json.errors).toEqual([expect.objectContaining({ location: 'header.content-encoding', value: 'gzip' })]);
    const identity = await fetch(`${svc.url}/v1/sessions`, {
      headers: { ...svc.auth, 'content-encoding': 'identity' },
      method: 'POST',
      body: '{}',
    });
    expect(identity.status).toBe(201);
  });

  it('answers 400 naming the body for bytes that are not UTF-8, and keeps UTF-8 text as sent', async () => {
    const bytes = Buffer.concat([Buffer.from('{"fileName":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('.txt"}')]);
    const res = await fetch(`${svc.url}/v1/files`, { method: 'POST', headers: svc.auth, body: bytes });
    const json = await res.json();
    expectProblem({ status: res.status, json }, 400);
    expect(json.errors).toEqual([expect.objectContaining({ location: 'body' })]);
    expect(json.detail).toContain('UTF-8');
    const named = await fetch(`${svc.url}/v1/files`, {
      method: 'POST',
      headers: svc.auth,
      body: Buffer.from(JSON.stringify({ fileName: 'résumé ✓.txt' })),
    });
    expect(named.status).toBe(200);
    expect((await named.json()).data.fileName).toBe('résumé ✓.txt');
  });

  it('reads a JSON body that starts with a byte order mark, as RFC 8259 allows', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ fileName: 'bom.txt' }))]);
    const res = await fetch(`${svc.url}/v1/files`, { method: 'POST', headers: svc.auth, body });
    expect(res.status).toBe(200);
    expect((await res.json()).data.fileName).toBe('bom.txt');
  });

  it('answers 400 in the problem shape for a chunked upload of garbage', async () => {
    const garbage = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 151 + 7) % 256)).toString('latin1');
    const chunks = [garbage.slice(0, 100), garbage.slice(100)].map(
      (part) => `${Buffer.byteLength(part, 'latin1').toString(16)}\r\n${part}\r\n`,
    );
    const { text } = await rawExchange(svc.url, [
      head('POST', '/v1/sessions', {
        authorization: svc.auth.authorization,
        'transfer-encoding': 'chunked',
        connection: 'close',
      }),
      ...chunks,
      '0\r\n\r\n',
    ]);
    const answer = parseAnswer(text)!;
    expectProblem(answer, 400);
    expect(answer.headers['x-request-id']).toBe(answer.json.requestId);
    await stillServing();
  });

  it('waits for a body shorter than its content-length, and stays up when the client gives up', async () => {
    const { text, closedByServer } = await rawExchange(
      svc.url,
      [
        head('POST', '/v1/sessions', {
          authorization: svc.auth.authorization,
          'content-type': 'application/json',
          'content-length': 100,
        }),
        '{"configuration":{}}',
      ],
      { waitMs: 300 },
    );
    expect(text).toBe('');
    expect(closedByServer).toBe(false);
    await stillServing();
  });

  it('refuses the bytes past a content-length that is too short, and stays up', async () => {
    const { text } = await rawExchange(svc.url, [
      `${head('POST', '/v1/sessions', { authorization: svc.auth.authorization, 'content-length': 3 })}{"configuration":{}}`,
    ]);
    expect(text).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(text).not.toMatch(/HTTP\/1\.1 5\d\d /);
    await stillServing();
  });

  it('answers 4xx to a body cut short by a half-close', async () => {
    const { text } = await rawExchange(
      svc.url,
      [head('POST', '/v1/sessions', { authorization: svc.auth.authorization, 'content-length': 100 }), '{"a":'],
      { gapMs: 20, halfClose: true },
    );
    expect(text).not.toMatch(/HTTP\/1\.1 5\d\d /);
    await stillServing();
  });

  it('stays up when a slow, half-sent body is aborted', async () => {
    const parts = [
      head('POST', '/v1/sessions', { authorization: svc.auth.authorization, 'content-length': 1000 }),
      '{"conf',
      'igurat',
      'ion":',
    ];
    const aborted = await Promise.all(
      Array.from({ length: 5 }, () => rawExchange(svc.url, parts, { gapMs: 50, abort: true })),
    );
    for (const { text } of aborted) expect(text).toBe('');
    await stillServing();
    const chunked = await rawExchange(
      svc.url,
      [
        head('POST', '/v1/sessions', { authorization: svc.auth.authorization, 'transfer-encoding': 'chunked' }),
        '5\r\n{"a":',
        '\r\n',
      ],
      { gapMs: 50, abort: true },
    );
    expect(chunked.text).toBe('');
    await stillServing();
  });

  it('stays up when clients reset right after an upgrade request, to any path', async () => {
    const upgrade = (path: string) =>
      `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
    const paths = ['/nowhere', '/v1/sessions', '/live/none/ws', '/cdp/none'];
    const uncaught = await resetAfterSending(Number(new URL(svc.url).port), paths.map(upgrade));
    expect(uncaught).toEqual([]);
    await stillServing();
  });

  it('answers 200 concurrent bad requests without a 5xx, each with its request id', async () => {
    const bad: [string, RequestInit][] = [
      ['/v1/sessions', {}],
      ['/v1/sessions', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }],
      ['/v1/sessions?limit=abc&limit=2', { headers: svc.auth }],
      ['/v1/sessions', { method: 'POST', headers: svc.auth, body: '{"configuration":' }],
      [
        '/v1/sessions',
        {
          method: 'POST',
          headers: svc.auth,
          body: JSON.stringify({ configuration: { timeoutMinutes: 'ten', proxy: [1] } }),
        },
      ],
      ['/v1/sessions', { method: 'POST', headers: svc.auth, body: 'x'.repeat(LIMIT * 2) }],
      ['/v1/sessions/%zz', { headers: svc.auth }],
      ['/v1/sessions', { method: 'PATCH', headers: svc.auth }],
      ['/v1/nowhere', { headers: svc.auth }],
      [`/v1/sessions/${'a'.repeat(500)}`, { headers: svc.auth }],
    ];
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const [path, init] = bad[i % bad.length];
        const res = await fetch(`${svc.url}${path}`, init);
        return {
          path,
          status: res.status,
          requestId: res.headers.get('x-request-id'),
          json: await res.json().catch(() => undefined),
        };
      }),
    );
    const serverErrors = answers.filter((answer) => answer.status >= 500);
    expect(serverErrors).toEqual([]);
    for (const answer of answers) {
      expect(answer.status, answer.path).toBeGreaterThanOrEqual(400);
      expect(answer.json?.status, answer.path).toBe(answer.status);
      // 413s are answered by the adapter itself; see the known fault above.
      if (answer.status !== 413) expect(answer.requestId, answer.path).toBe(answer.json.requestId);
    }
    expect(new Set(answers.map((answer) => answer.json.requestId)).size).toBe(200);
    await stillServing();
  });

  it('echoes the request id header on successes and on every error answered by the handler stack', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/v1/sessions', { headers: svc.auth }, 200],
      ['/v1/sessions', {}, 401],
      ['/v1/nothing', {}, 404],
      ['/v1/sessions', { method: 'PUT' }, 405],
      ['/v1/sessions', { method: 'POST', headers: svc.auth, body: '[' }, 400],
      ['/v1/sessions?limit=0', { headers: svc.auth }, 422],
    ];
    for (const [path, init, status] of cases) {
      const res = await fetch(`${svc.url}${path}`, init);
      const body = await res.json();
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
      if (status >= 400) expect(body.requestId, path).toBe(res.headers.get('x-request-id'));
      else expect(body.meta.requestId, path).toBe(res.headers.get('x-request-id'));
    }
  });

  it.each(['//[', '//a:99999/v1/sessions', 'http://[/v1/sessions'])(
    'answers 4xx, not 500, for the request target %s',
    async (target) => {
      const { text } = await rawExchange(svc.url, [
        head('GET', target, { authorization: svc.auth.authorization, connection: 'close' }),
      ]);
      const answer = parseAnswer(text)!;
      expect(answer.status).toBeLessThan(500);
    },
  );

  it('answers a query key named constructor without a 500', async () => {
    const res = await fetch(`${svc.url}/v1/sessions?constructor=1`, { headers: svc.auth });
    expect(res.status).toBeLessThan(500);
  });
});

describe('restart on the same data dir', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-restart-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('still accepts the pinned key and the keys created before the restart', async () => {
    const apiKey = generateApiKey();
    const first = await startTestService({ dataDir, apiKey });
    let orgKey: string;
    let devOrgId: string;
    try {
      expect((await fetch(`${first.url}/v1/sessions`, { headers: first.auth })).status).toBe(200);
      orgKey = (await first.newOrg('persisted-org')).key;
      expect((await fetch(`${first.url}/v1/sessions`, { headers: { authorization: `Bearer ${orgKey}` } })).status).toBe(
        200,
      );
      devOrgId = (first.access as { orgId: string }).orgId;
    } finally {
      await first.stop();
    }

    const second = await startTestService({ dataDir, apiKey });
    try {
      expect(second.access).toMatchObject({ kind: 'pinned', orgId: devOrgId });
      expect((await fetch(`${second.url}/v1/sessions`, { headers: second.auth })).status).toBe(200);
      expect(
        (await fetch(`${second.url}/v1/sessions`, { headers: { authorization: `Bearer ${orgKey}` } })).status,
      ).toBe(200);
      expect(
        (await fetch(`${second.url}/v1/sessions`, { headers: { authorization: `Bearer ${generateApiKey()}` } })).status,
      ).toBe(401);
    } finally {
      await second.stop();
    }
  });
});
