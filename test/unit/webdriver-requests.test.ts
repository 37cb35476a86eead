/**
 * The WebDriver door's policy on request bodies: what is judged is what the driver gets. A body the driver's own
 * parser would read but JSON does not is refused; a parsed body goes on as written here; host paths sent as typed
 * text are refused whatever the page says its input is.
 */
import { describe, expect, it } from 'vitest';
import { hideDebuggerAddress, hostPathsIn, verdictFor } from '../../functions/browser-host/webdriver/requests.js';

const SESSION = '/session/abc';
const verdict = (path: string, body: string) => verdictFor('POST', `${SESSION}${path}`, body, '127.0.0.1:9222');

describe('WebDriver request bodies', () => {
  it('refuses a body that is not a JSON object: comments and "\\x" escapes are the driver\'s, not JSON\'s', () => {
    for (const body of [
      '{"url":"\\x66ile:///etc/passwd"}',
      '{"cmd":"Browser.getBrowserCommandLine","params":{}}//',
      '[1]',
      'nope',
    ])
      expect(verdict(body.includes('cmd') ? '/goog/cdp/execute' : '/url', body)).toMatchObject({
        kind: 'answer',
        status: 400,
      });
  });

  it('sends on the body as parsed: a key given twice is the one judged', () => {
    const twice = '{"url":"https://example.org/","url":"https://example.com/"}';
    expect(verdict('/url', twice)).toEqual({ kind: 'forward', body: '{"url":"https://example.com/"}' });
    expect(verdict('/url', '{"url":"https://example.org/","url":"file:///etc/passwd"}')).toMatchObject({
      status: 400,
    });
  });

  it('takes an empty body as an empty object', () => {
    expect(verdict('/back', '')).toEqual({ kind: 'forward', body: '{}' });
  });

  it("refuses Selenium's upload of a client's file onto the host", () => {
    expect(verdict('/se/file', '{"file":"UEsDBA=="}')).toMatchObject({ status: 400 });
  });

  it('refuses a CDP command without its name', () => {
    expect(verdict('/goog/cdp/execute', '{"params":{}}')).toMatchObject({ status: 400 });
  });

  it('refuses host paths typed into any element, and probes the element for other text', () => {
    expect(verdict('/element/e1/value', '{"text":"/etc/passwd"}')).toMatchObject({ status: 400 });
    expect(verdict('/element/e1/value', '{"text":"notes\\n/etc/hostname","value":[]}')).toMatchObject({ status: 400 });
    expect(verdict('/element/e1/value', '{"text":"Ada Lovelace"}')).toEqual({
      kind: 'unless-file-input',
      probePath: `${SESSION}/element/e1/property/type`,
      body: '{"text":"Ada Lovelace"}',
    });
  });

  it('counts as host paths only absolute paths that exist', () => {
    expect(hostPathsIn({ text: '/etc/passwd' })).toEqual(['/etc/passwd']);
    expect(hostPathsIn({ value: ['/', 'e', 't', 'c'] })).toEqual(['/etc']);
    expect(hostPathsIn({ text: '/no/such/file/here' })).toEqual([]);
    expect(hostPathsIn({ text: 'etc/passwd' })).toEqual([]);
    expect(hostPathsIn({ text: '/' })).toEqual([]);
  });
});

describe('WebDriver new-session capabilities', () => {
  const newSession = (body: unknown) => verdictFor('POST', '/session', JSON.stringify(body), '127.0.0.1:9222');
  const forwarded = (body: unknown) => {
    const answer = newSession(body);
    expect(answer.kind).toBe('forward');
    return JSON.parse((answer as { body: string }).body).capabilities;
  };

  it('refuses capabilities of the wrong shape as an invalid argument', () => {
    for (const capabilities of ['chrome', [], { alwaysMatch: 'x' }, { firstMatch: {} }, { firstMatch: ['x'] }])
      expect(newSession({ capabilities })).toMatchObject({
        status: 400,
        body: { value: { error: 'invalid argument' } },
      });
  });

  it('creates no session for a browser or platform the session browser is not', () => {
    expect(newSession({ capabilities: { alwaysMatch: { browserName: 'firefox' } } })).toMatchObject({
      status: 500,
      body: { value: { error: 'session not created', message: expect.stringContaining('firefox') } },
    });
    expect(newSession({ capabilities: { alwaysMatch: { platformName: 'windows' } } })).toMatchObject({
      status: 500,
      body: { value: { error: 'session not created' } },
    });
    expect(
      newSession({ capabilities: { firstMatch: [{ browserName: 'firefox' }, { browserName: 'safari' }] } }),
    ).toMatchObject({ status: 500 });
  });

  it("takes Chrome's names and Linux, and keeps the firstMatch entries that fit", () => {
    expect(
      forwarded({ capabilities: { alwaysMatch: { browserName: 'chrome', platformName: 'linux' } } }),
    ).toMatchObject({
      alwaysMatch: { platformName: 'linux', 'goog:chromeOptions': { debuggerAddress: '127.0.0.1:9222' } },
    });
    expect(
      forwarded({ capabilities: { firstMatch: [{ browserName: 'firefox' }, { browserName: 'chrome' }] } }),
    ).toEqual({
      alwaysMatch: { 'goog:chromeOptions': { debuggerAddress: '127.0.0.1:9222' } },
      firstMatch: [{}],
    });
    expect(forwarded({})).toMatchObject({ firstMatch: [{}] });
  });

  it('asks the driver for no BiDi socket and hands out none: it would be on the host', () => {
    expect(forwarded({ capabilities: { alwaysMatch: { webSocketUrl: true } } }).alwaysMatch).not.toHaveProperty(
      'webSocketUrl',
    );
    const answer = JSON.stringify({
      value: {
        sessionId: 'x',
        capabilities: {
          webSocketUrl: 'ws://127.0.0.1:35819/session/x',
          'goog:chromeOptions': { debuggerAddress: 'a' },
        },
      },
    });
    expect(JSON.parse(hideDebuggerAddress(answer)).value.capabilities).toEqual({ 'goog:chromeOptions': {} });
  });
});
