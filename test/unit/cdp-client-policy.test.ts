import { describe, expect, it } from 'vitest';
import { answerInstead, commandVerdict } from '../../functions/browser-host/cdp-client-policy.js';

const frame = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
  JSON.stringify({ id: 7, method, params, ...(sessionId ? { sessionId } : {}) });
const answer = (text: string | undefined) => (text === undefined ? undefined : JSON.parse(text));

describe('answerInstead', () => {
  it('forwards web navigations, new blank targets and everything unrelated', () => {
    expect(answerInstead(frame('Page.navigate', { url: 'https://example.com/' }))).toBeUndefined();
    expect(answerInstead(frame('Page.navigate', { url: 'about:blank' }))).toBeUndefined();
    expect(answerInstead(frame('Target.createTarget', { url: '' }))).toBeUndefined();
    expect(answerInstead(frame('Runtime.evaluate', { expression: "'Page.navigate file:///'" }))).toBeUndefined();
    expect(answerInstead(frame('Page.navigateToHistoryEntry', { entryId: 3 }))).toBeUndefined();
    expect(
      answerInstead(
        frame('Input.dispatchDragEvent', { type: 'drop', x: 1, y: 1, data: { items: [], dragOperationsMask: 1 } }),
      ),
    ).toBeUndefined();
    expect(answerInstead('not json Page.navigate')).toBeUndefined();
  });

  it('refuses navigations outside the web, answering the command by id and flat session', () => {
    for (const url of [
      'file:///etc/passwd',
      'chrome://version',
      'view-source:https://a.example/',
      'javascript:alert(1)',
      'devtools://devtools/bundled/inspector.html',
    ]) {
      expect(answer(answerInstead(frame('Page.navigate', { url }, 'S1')))).toMatchObject({
        id: 7,
        sessionId: 'S1',
        error: { code: -32000 },
      });
    }
    expect(answer(answerInstead(frame('Target.createTarget', { url: 'file:///' })))?.error.message).toMatch(
      /Target.createTarget url must be an http or https URL/,
    );
    expect(
      answer(answerInstead(frame('Network.loadNetworkResource', { url: 'file:///etc/hosts' })))?.error,
    ).toBeDefined();
  });

  it('refuses host files on inputs and drags, and host extensions', () => {
    expect(
      answer(answerInstead(frame('DOM.setFileInputFiles', { files: ['/etc/passwd'], backendNodeId: 1 })))?.error
        .message,
    ).toMatch(/file-input operation/);
    expect(
      answer(
        answerInstead(
          frame('Input.dispatchDragEvent', {
            type: 'drop',
            x: 1,
            y: 1,
            data: { items: [], files: ['/etc/passwd'], dragOperationsMask: 1 },
          }),
        ),
      )?.error,
    ).toBeDefined();
    expect(answer(answerInstead(frame('Extensions.loadUnpacked', { path: '/tmp/x' })))?.error).toBeDefined();
  });

  it('reads method names as Chromium does: an escaped name is screened like a plain one', () => {
    const escaped = (method: string, params: string) => `{"id":7,"method":"${method}","params":${params}}`;
    expect(answer(answerInstead(escaped('Page.navig\\u0061te', '{"url":"file:///etc/passwd"}')))?.error).toBeDefined();
    expect(
      answer(answerInstead(escaped('DOM.setFileInput\\u0046iles', '{"files":["/etc/passwd"],"backendNodeId":1}')))
        ?.error,
    ).toBeDefined();
    expect(
      answer(answerInstead(escaped('Browser.setDownload\\u0042ehavior', '{"behavior":"allow","downloadPath":"/tmp"}'))),
    ).toEqual({ id: 7, result: {} });
    expect(answer(answerInstead(escaped('Page.navigate', '{"url":"\\u0066ile:///etc/passwd"}')))?.error).toBeDefined();
    // An escape elsewhere in a harmless command still passes.
    expect(answerInstead(escaped('Runtime.evaluate', '{"expression":"\\"quoted\\""}'))).toBeUndefined();
  });

  it('passes a method named like a member of every object (constructor, __proto__) on to Chromium, which knows none', () => {
    for (const method of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      // The escape in the params makes the frame one that is parsed.
      expect(answerInstead(`{"id":7,"method":"${method}","params":{"a":"\\n"}}`)).toBeUndefined();
      expect(commandVerdict(method)).toBeUndefined();
    }
  });

  it('refuses what would route around the network guard or hand a page the protocol', () => {
    expect(
      answer(answerInstead(frame('Target.createBrowserContext', { proxyServer: 'direct://' })))?.error.message,
    ).toMatch(/proxy of its own/);
    expect(
      answer(answerInstead(frame('Target.createBrowserContext', { proxyBypassList: '<-loopback>' })))?.error,
    ).toBeDefined();
    expect(answerInstead(frame('Target.createBrowserContext', { disposeOnDetach: true }))).toBeUndefined();
    expect(answer(answerInstead(frame('Target.exposeDevToolsProtocol', { targetId: 'T' })))?.error).toBeDefined();
    expect(answer(answerInstead(frame('Browser.crash')))?.error.message).toMatch(/end the session/);
    expect(answer(answerInstead(frame('Browser.crashGpuProcess')))?.error).toBeDefined();
    expect(answer(answerInstead(frame('Browser.close')))?.error.message).toMatch(/end the session to close it/);
    expect(commandVerdict('Browser.close')).toEqual({ refuse: expect.stringContaining('end the session') });
    expect(
      answer(answerInstead(frame('Fetch.continueRequest', { requestId: 'r', url: 'file:///etc/passwd' })))?.error,
    ).toBeDefined();
    expect(
      answerInstead(frame('Fetch.continueRequest', { requestId: 'r', url: 'https://example.com/' })),
    ).toBeUndefined();
  });

  it("acknowledges a client's answer to a dialog, which the host has given already", () => {
    expect(answer(answerInstead(frame('Page.handleJavaScriptDialog', { accept: false }, 'S3')))).toEqual({
      id: 7,
      sessionId: 'S3',
      result: {},
    });
  });

  it('acknowledges download settings without forwarding them', () => {
    expect(
      answer(answerInstead(frame('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: '/etc' }))),
    ).toEqual({ id: 7, result: {} });
    expect(answer(answerInstead(frame('Page.setDownloadBehavior', { behavior: 'deny' }, 'S2')))).toEqual({
      id: 7,
      sessionId: 'S2',
      result: {},
    });
  });
});
