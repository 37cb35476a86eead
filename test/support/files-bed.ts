/**
 * What the file suites share: a test service with room for several sessions, the fixture server whose pages hold
 * file inputs and serve downloads, and the calls every file test makes (an upload as a client holding only the
 * upload URL would make it, a session's page, what a fixture page's file input received). Each suite file gets its
 * own (vitest runs each file in a process of its own).
 */
import { createHash } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from './service.js';

export interface FilesBed {
  svc: TestService;
  fixtures: FixtureServer;
}

const state = {} as FilesBed;

/** Starts the bed before the suite's tests and stops it after them; its parts are read once it has started. */
export const useFilesBed = (): FilesBed => {
  beforeAll(async () => {
    [state.svc, state.fixtures] = await Promise.all([
      startTestService({ warmPoolSize: 2, hostCapacity: 6 }),
      startFixtureServer(),
    ]);
  });
  afterAll(async () => {
    await state.svc?.stop();
    await state.fixtures?.close();
  });
  return state;
};

type Auth = { authorization: string };
/** The test service pins its key, so its org is known. */
export const myOrg = () => (state.svc.access as { orgId: string }).orgId;
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, auth: Auth = state.svc.auth) =>
  state.svc.app.inject({ method, path, headers: auth, body });

/** Create a file and PUT its bytes as a client holding only the upload URL would. */
export const upload = async (bytes: Buffer, fields: Record<string, unknown> = {}, auth: Auth = state.svc.auth) => {
  const created = await call('POST', '/v1/files', { fileName: 'upload.bin', ...fields }, auth);
  expect(created.statusCode, JSON.stringify(created.json)).toBe(200);
  const put = await fetch(created.json.data.uploadUrl, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.status).toBe(200);
  return created.json.data as { id: string; fileName: string };
};

export const pageOf = async (sessionId: string, windowId: string): Promise<Page> => {
  const browser = (await state.svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  return browser.page(windowId);
};

export const openWindow = async (sessionId: string, path: string) => {
  const res = await call('POST', `/v1/sessions/${sessionId}/windows`, { url: `${state.fixtures.url}${path}` });
  expect(res.statusCode).toBe(201);
  return res.json.data.windowId as string;
};

/** What the fixture page's echo script saw of the chosen file. */
export const chosen = async (page: Page) => {
  await page.waitForFunction(() => document.getElementById('result')?.textContent !== '', { timeout: 10_000 });
  return JSON.parse((await page.$eval('#result', (el) => el.textContent)) ?? '{}') as {
    input: string;
    name: string;
    size: number;
    sha256: string;
    events: string[];
  };
};
