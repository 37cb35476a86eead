import { describe, expect, it } from 'vitest';
import { answerInstead } from '../../functions/browser-host/cdp-client-policy.js';

const frame = (method: string, params: Record<string, unknown> = {}, sessionId?: string) => JSON.stringify({ id: 7, method, params, ...(sessionId ? { sessionId } : {}) });
const answer = (text: string | undefined) => (text === undefined ? undefined : JSON.parse(text));

describe('answerInstead', () => {
  it('forwards web navigations, new blank targets and everything unrelated', () => {
    expect(answerInstead(frame('Page.navigate', { url: 'https://example.com/' }))).toBeUndefined();
    expect(answerInstead(frame('Page.navigate', { url: 'about:blank' }))).toBeUndefined();
    expect(answerInstead(frame('Target.createTarget', { url: '' }))).toBeUndefined();
    expect(answerInstead(frame('Runtime.evaluate', { expression: "'Page.navigate file:///'" }))).toBeUndefined();
    expect(answerInstead(frame('Page.navigateToHistoryEntry', { entryId: 3 }))).toBeUndefined();
    expect(answerInstead(frame('Input.dispatchDragEvent', { type: 'drop', x: 1, y: 1, data: { items: [], dragOperationsMask: 1 } }))).toBeUndefined();
    expect(answerInstead('not json Page.navigate')).toBeUndefined();
  });

  it('refuses navigations outside the web, answering the command by id and flat session', () => {
    for (const url of ['file:///etc/passwd', 'chrome://version', 'view-source:https://a.example/', 'javascript:alert(1)', 'devtools://devtools/bundled/inspector.html']) {
      expect(answer(answerInstead(frame('Page.navigate', { url }, 'S1')))).toMatchObject({ id: 7, sessionId: 'S1', error: { code: -32000 } });
    }
    expect(answer(answerInstead(frame('Target.createTarget', { url: 'file:///' })))?.error.message).toMatch(/Target.createTarget url must be an http or https URL/);
    expect(answer(answerInstead(frame('Network.loadNetworkResource', { url: 'file:///etc/hosts' })))?.error).toBeDefined();
  });

  it('refuses host files on inputs and drags, and host extensions', () => {
    expect(answer(answerInstead(frame('DOM.setFileInputFiles', { files: ['/etc/passwd'], backendNodeId: 1 })))?.error.message).toMatch(/file-input operation/);
    expect(answer(answerInstead(frame('Input.dispatchDragEvent', { type: 'drop', x: 1, y: 1, data: { items: [], files: ['/etc/passwd'], dragOperationsMask: 1 } })))?.error).toBeDefined();
    expect(answer(answerInstead(frame('Extensions.loadUnpacked', { path: '/tmp/x' })))?.error).toBeDefined();
  });

  it('acknowledges download settings without forwarding them', () => {
    expect(answer(answerInstead(frame('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: '/etc' })))).toEqual({ id: 7, result: {} });
    expect(answer(answerInstead(frame('Page.setDownloadBehavior', { behavior: 'deny' }, 'S2')))).toEqual({ id: 7, sessionId: 'S2', result: {} });
  });
});
