/** Small helpers for tests that drive sessions through the API in-process. */
import { expect } from 'vitest';
import type { TestService } from './service.js';

export const createRunningSession = async (
  svc: TestService,
  auth = svc.auth,
  configuration: Record<string, unknown> = {},
) => {
  const res = await svc.app.inject({ method: 'POST', path: '/v1/sessions', headers: auth, body: { configuration } });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  const id: string = res.json.data.id;
  for (let i = 0; i < 100 && res.json.data.status !== 'running'; i += 1) {
    const info = await svc.app.inject({ method: 'GET', path: `/v1/sessions/${id}`, headers: auth });
    if (info.json.data.status === 'running') break;
    if (['error', 'ended'].includes(info.json.data.status))
      throw new Error(
        `session ${id} did not start: ${JSON.stringify(info.json.data)} ${JSON.stringify(info.json.errors ?? [])}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { id, created: res.json };
};

/** Read through the list, which is no activity on the session: reading the session itself would keep it alive. */
export const sessionStatus = async (svc: TestService, id: string, auth = svc.auth): Promise<string> =>
  (await svc.app.inject({ method: 'GET', path: `/v1/sessions?sessionIds=${id}&status=all`, headers: auth })).json.data
    .sessions?.[0]?.status;

export const waitFor = async <T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Reads server-sent events from a live URL until `until` says stop (or the timeout). */
export const readEvents = async (
  url: string,
  headers: Record<string, string>,
  until: (event: Record<string, unknown>) => boolean,
  timeoutMs = 10_000,
) => {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const events: Record<string, unknown>[] = [];
  try {
    const res = await fetch(url, { headers, signal: abort.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (!data) continue;
        const event = JSON.parse(data.slice(6)) as Record<string, unknown>;
        events.push(event);
        if (until(event)) return events;
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return events;
};
