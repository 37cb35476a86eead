/**
 * Who may open a live view (tokens, methods, sizes), and what a viewer is told when its session ends or the
 * service stops (test/support/live-view-bed.ts).
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ViewerState } from '../../functions/browser-host/live-view/page.js';
import { signViewToken } from '../../functions/net/live-view-tokens.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService } from '../support/service.js';
import { viewerState } from '../support/viewer-browser.js';
import { liveViewUrl, openEmbedded, openWindow, received, useLiveViewBed } from '../support/live-view-bed.js';

const bed = useLiveViewBed();

describe('who may open a live view', () => {
  it('answers 403 to a bad, foreign or expired token, 405 and 426 to other methods and to a page load of the socket, and 400 to a malformed screenResolution', async () => {
    const windowId = await openWindow('/live/target.html');
    const good = new URL(await liveViewUrl(windowId));
    const withToken = (token: string) => `${bed.svc.url}${good.pathname}?token=${encodeURIComponent(token)}`;
    const now = Math.floor(Date.now() / 1000);
    const ok = await fetch(good);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<canvas');
    const cases = [
      withToken('not-a-token'),
      withToken(`${good.searchParams.get('token')!.split('.')[0]}.forged`),
      withToken(
        signViewToken('another-secret-another-secret-1234', {
          sessionId: bed.sessionId,
          windowId,
          expiresAt: now + 60,
        }),
      ),
      withToken(signViewToken(bed.svc.deps.signingSecret, { sessionId: bed.sessionId, windowId, expiresAt: now - 1 })),
      // A valid token for another window does not open this one.
      withToken(
        signViewToken(bed.svc.deps.signingSecret, {
          sessionId: bed.sessionId,
          windowId: 'another-window',
          expiresAt: now + 60,
        }),
      ),
      `${bed.svc.url}${good.pathname}`,
    ];
    for (const url of cases) {
      const res = await fetch(url);
      expect(res.status, url).toBe(403);
      expect(await res.text()).toMatch(/not valid|no token/);
    }
    // Another method, or a page load of the socket's address, is refused with a reason a framing page is told.
    const posted = await fetch(good, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(await posted.text()).toContain('"payload":{"message":"method not allowed","code":405}');
    const socketAsPage = await fetch(`${bed.svc.url}${good.pathname}/ws${good.search}`);
    expect(socketAsPage.status).toBe(426);
    expect(await socketAsPage.text()).toContain('"payload":{"message":"upgrade required","code":426}');
    // The socket refuses a bad token before any upgrade.
    const refused = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${bed.svc.url.replace('http', 'ws')}${good.pathname}/ws?token=bad`);
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('a bad token opened the live view socket')));
      socket.once('error', () => undefined);
    });
    expect(refused).toBe(403);
    const bad = await fetch(`${good.href}&screenResolution=12x9999`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('screenResolution');
  });

  it('shows a session that ends as disconnected, and answers later visits with a "session ended" page', async () => {
    const other = (await createRunningSession(bed.svc)).id;
    const windowId = await openWindow('/live/target.html', other);
    const url = await liveViewUrl(windowId, {}, other);
    const { parent, view } = await openEmbedded(url);
    await bed.svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${other}`, headers: bed.svc.auth });
    await view.waitForFunction(
      () => (window as unknown as { liveViewState: ViewerState }).liveViewState.ended !== null,
      { timeout: 15_000 },
    );
    expect((await viewerState(view)).ended).toBe('sessionEnded');
    expect(await view.$eval('#status', (el) => el.textContent)).toContain('session has ended');
    expect(await received(parent)).toContainEqual({ eventName: 'BrowserDisconnected' });
    const later = await fetch(url);
    expect(later.status).toBe(410);
    expect(await later.text()).toContain('Session ended');
    await parent.close();
  });
});

describe('a service that stops', () => {
  it('tells open viewers the session ended (not to reconnect)', async () => {
    const own = await startTestService({ warmPoolSize: 0 });
    try {
      const session = await createRunningSession(own);
      const windowId = (
        await own.app.inject({
          method: 'POST',
          path: `/v1/sessions/${session.id}/windows`,
          headers: own.auth,
          body: { url: `${bed.fixtures.url}/live/target.html` },
        })
      ).json.data.windowId as string;
      const info = await own.app.inject({
        method: 'GET',
        path: `/v1/sessions/${session.id}/windows/${windowId}`,
        headers: own.auth,
      });
      const link = new URL(info.json.data.liveViewUrl as string);
      const socket = new WebSocket(`${own.url.replace(/^http/, 'ws')}${link.pathname}/ws${link.search}`);
      const messages: string[] = [];
      socket.on('message', (data, isBinary) => !isBinary && messages.push(String(data)));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await own.stop();
      expect(await closed).toBe(4410);
      expect(messages.map((text) => JSON.parse(text))).toContainEqual({ t: 'ended', reason: 'sessionEnded' });
    } finally {
      await own.stop().catch(() => undefined);
    }
  });
});
