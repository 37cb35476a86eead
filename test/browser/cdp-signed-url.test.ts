/**
 * The signed CDP URL in the session answer: puppeteer connects with the URL alone (no header), and the token opens
 * that one session only, while it runs, exactly as signed.
 */
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCdpToken, verifyCdpToken } from '../../functions/core/sessions/cdp-token.js';
import { signViewToken } from '../../functions/net/live-view-tokens.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ warmPoolSize: 2, hostCapacity: 4 });
});
afterAll(async () => {
  await svc?.stop();
});

const signedUrlOf = async (sessionId: string): Promise<string> => {
  // Over the socket, so the URL names the host the client reached.
  const info = (await (await fetch(`${svc.url}/v1/sessions/${sessionId}`, { headers: svc.auth })).json()) as {
    data: { signedCdpWsUrl: string };
  };
  const url = info.data.signedCdpWsUrl;
  expect(url).toMatch(new RegExp(`/cdp/${sessionId}\\?token=[\\w-]+\\.[\\w-]+$`));
  expect(url).not.toContain(svc.key);
  return url;
};

/** Whether puppeteer can drive the browser behind this URL, given nothing else. */
const connects = async (browserWSEndpoint: string): Promise<boolean> => {
  try {
    const browser = await puppeteer.connect({ browserWSEndpoint, protocolTimeout: 15_000 });
    const page = await browser.newPage();
    const two = await page.evaluate(() => 1 + 1);
    await page.close();
    await browser.disconnect();
    return two === 2;
  } catch {
    return false;
  }
};

const withToken = (url: string, token: string) => url.replace(/token=.*$/, `token=${token}`);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('signed CDP URL', () => {
  it('opens its own session with no header, and no other session', async () => {
    const [a, b] = await Promise.all([createRunningSession(svc), createRunningSession(svc)]);
    const urlA = await signedUrlOf(a.id);
    expect(await connects(urlA)).toBe(true);
    // A's token on B's URL; the plain URL with no credential at all.
    const urlB = await signedUrlOf(b.id);
    expect(await connects(withToken(urlB, tokenOf(urlA)))).toBe(false);
    expect(await connects(urlB.replace(/\?.*$/, ''))).toBe(false);
    expect(await connects(urlB)).toBe(true);
  });

  it('refuses tampered tokens, tokens signed for another org or purpose, and expired ones', async () => {
    const { id } = await createRunningSession(svc);
    const url = await signedUrlOf(id);
    const token = tokenOf(url);
    const [payload, signature] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await connects(withToken(url, `${payload}.${flipped}`))).toBe(false);
    expect(await connects(withToken(url, `${token}.x`))).toBe(false);
    const secret = svc.deps.signingSecret;
    const now = Math.floor(Date.now() / 1000);
    const orgId = verifyCdpToken(secret, token, now)!.orgId;
    const other = await svc.newOrg('cdp-url-other');
    expect(
      await connects(withToken(url, signCdpToken(secret, { sessionId: id, orgId: other.orgId, expiresAt: now + 600 }))),
    ).toBe(false);
    expect(await connects(withToken(url, signCdpToken(secret, { sessionId: id, orgId, expiresAt: now - 1 })))).toBe(
      false,
    );
    // A live view token for the same session is signed with another key.
    expect(
      await connects(withToken(url, signViewToken(secret, { sessionId: id, windowId: orgId, expiresAt: now + 600 }))),
    ).toBe(false);
    // The same signing, unaltered, does open it: the refusals above are about the token, not the session.
    expect(await connects(withToken(url, signCdpToken(secret, { sessionId: id, orgId, expiresAt: now + 600 })))).toBe(
      true,
    );
  });

  it('stops working when the session ends', async () => {
    const { id } = await createRunningSession(svc);
    const url = await signedUrlOf(id);
    const browser = await puppeteer.connect({ browserWSEndpoint: url, protocolTimeout: 15_000 });
    const closed = new Promise<void>((resolve) => browser.once('disconnected', () => resolve()));
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
    await closed;
    expect(await connects(url)).toBe(false);
    const ended = await svc.app.inject({
      method: 'GET',
      path: `/v1/sessions?sessionIds=${id}&status=all`,
      headers: svc.auth,
    });
    expect(ended.json.data.sessions[0].signedCdpWsUrl).toBeUndefined();
  });
});
