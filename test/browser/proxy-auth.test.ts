import http from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

/** An upstream proxy that answers only requests carrying its credentials, and records what it saw. */
const startAuthProxy = async (username: string, password: string) => {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const seen: { url: string; authorized: boolean }[] = [];
  const server = http.createServer((request, response) => {
    const authorized = request.headers['proxy-authorization'] === expected;
    seen.push({ url: request.url ?? '', authorized });
    if (!authorized) return void response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
    const host = new URL(request.url ?? '/', 'http://unknown').host;
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Authenticated ${host}</title>`);
  });
  server.on('connect', (request, socket) => {
    seen.push({ url: `CONNECT ${request.url}`, authorized: request.headers['proxy-authorization'] === expected });
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

let svc: TestService;
let upstream: Awaited<ReturnType<typeof startAuthProxy>>;
beforeAll(async () => {
  [svc, upstream] = await Promise.all([startTestService({ warmPoolSize: 0 }), startAuthProxy('alice', 's3cret')]);
});
afterAll(async () => {
  await svc?.stop();
  await upstream?.close();
});

it('authenticates every request of the session to a proxy that wants credentials, CDP clients pages included', async () => {
  const { id } = await createRunningSession(svc, svc.auth, {
    proxy: { url: upstream.url, username: 'alice', password: 's3cret' },
  });
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${id}/windows`,
    headers: svc.auth,
    body: { url: 'http://shop.example/' },
  });
  expect(window.json.data.title).toBe('Authenticated shop.example');

  const browser = await puppeteer.connect({
    browserWSEndpoint: `${svc.url.replace(/^http/, 'ws')}/cdp/${id}`,
    headers: { Authorization: `Bearer ${svc.key}` },
  });
  try {
    const page = await browser.newPage();
    await page.goto('http://news.example/');
    expect(await page.title()).toBe('Authenticated news.example');
  } finally {
    await browser.disconnect();
  }
  expect(upstream.seen.filter((s) => s.url.startsWith('http://')).every((s) => s.authorized)).toBe(true);
  await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
});

it('refuses credentials for a SOCKS proxy with 422', async () => {
  const res = await svc.app.inject({
    method: 'POST',
    path: '/v1/sessions',
    headers: svc.auth,
    body: { configuration: { proxy: { url: 'socks5://127.0.0.1:1080', username: 'a', password: 'b' } } },
  });
  expect(res.statusCode).toBe(422);
  expect(res.json.errors[0].location).toBe('body.configuration.proxy');
});
