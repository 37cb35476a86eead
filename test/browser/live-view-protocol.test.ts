/** The live view's checks on what a viewer sends and on its link, without a browser. */
import { describe, expect, it } from 'vitest';
import { inputCommand, navigableUrl } from '../../functions/browser-host/live-view/input.js';
import { parseLivePath, parseViewerQuery } from '../../functions/browser-host/live-view/options.js';

describe('viewer input', () => {
  it('types a printable key, runs named keys without text, and leaves shortcuts untyped', () => {
    expect(
      inputCommand({ t: 'key', type: 'keyDown', key: 'a', code: 'KeyA', keyCode: 65, modifiers: 8 })?.params,
    ).toMatchObject({ type: 'keyDown', text: 'a', windowsVirtualKeyCode: 65, modifiers: 8 });
    expect(inputCommand({ t: 'key', type: 'keyDown', key: 'Enter', code: 'Enter', keyCode: 13 })?.params).toMatchObject(
      { type: 'keyDown', text: '\r' },
    );
    expect(inputCommand({ t: 'key', type: 'keyDown', key: 'Backspace', keyCode: 8 })?.params).toMatchObject({
      type: 'rawKeyDown',
      windowsVirtualKeyCode: 8,
    });
    expect(inputCommand({ t: 'key', type: 'keyDown', key: 'a', keyCode: 65, modifiers: 2 })?.params).not.toHaveProperty(
      'text',
    );
    expect(inputCommand({ t: 'key', type: 'keyUp', key: 'a', keyCode: 65 })?.params).toMatchObject({ type: 'keyUp' });
  });

  it('clamps mouse fields and refuses malformed messages', () => {
    expect(
      inputCommand({ t: 'mouse', type: 'mousePressed', x: 10.5, y: 20, button: 'left', clickCount: 9, buttons: 1 })
        ?.params,
    ).toEqual({
      type: 'mousePressed',
      x: 10.5,
      y: 20,
      button: 'left',
      buttons: 1,
      clickCount: 3,
      modifiers: 0,
    });
    expect(inputCommand({ t: 'mouse', type: 'mousePressed', x: 'a', y: 1 })).toBeUndefined();
    expect(inputCommand({ t: 'mouse', type: 'dragIntercepted', x: 1, y: 1 })).toBeUndefined();
    expect(inputCommand({ t: 'wheel', x: 1, y: 2, deltaY: 120 })?.params).toMatchObject({
      type: 'mouseWheel',
      deltaX: 0,
      deltaY: 120,
    });
    expect(inputCommand({ t: 'eval', code: 'x' })).toBeUndefined();
    expect(inputCommand({ t: 'text', text: 'x'.repeat(100_001) })).toBeUndefined();
    expect(inputCommand({ t: 'text', text: 'pasted' })).toEqual({
      method: 'Input.insertText',
      params: { text: 'pasted' },
    });
  });

  it('navigates to web addresses only', () => {
    expect(navigableUrl('example.com/a')).toBe('https://example.com/a');
    expect(navigableUrl('http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/x');
    expect(navigableUrl('localhost:3000')).toBe('https://localhost:3000/');
    expect(navigableUrl('javascript:alert(1)')).toBeUndefined();
    expect(navigableUrl('file:///etc/passwd')).toBeUndefined();
    expect(navigableUrl('')).toBeUndefined();
  });
});

describe('the live view link', () => {
  it('reads the path and the options', () => {
    expect(parseLivePath('/live/s-1/W%2F1', '/live')).toEqual({ sessionId: 's-1', windowId: 'W/1', socket: false });
    expect(parseLivePath('/live/s-1/w/ws', '/live')).toEqual({ sessionId: 's-1', windowId: 'w', socket: true });
    expect(parseLivePath('/live/s-1', '/live')).toBeUndefined();
    expect(parseLivePath('/live/s/w/other', '/live')).toBeUndefined();
    expect(parseViewerQuery(new URLSearchParams('token=t&navigationBar=true&screenResolution=1280x720'))).toEqual({
      ok: true,
      token: 't',
      options: { navigationBar: true, disableResize: false, screenResolution: { width: 1280, height: 720 } },
    });
  });

  it('names the failing field', () => {
    expect(parseViewerQuery(new URLSearchParams(''))).toMatchObject({ ok: false, field: 'token' });
    expect(parseViewerQuery(new URLSearchParams('token=t&screenResolution=99x99'))).toMatchObject({
      ok: false,
      field: 'screenResolution',
    });
    expect(parseViewerQuery(new URLSearchParams('token=t&screenResolution=big'))).toMatchObject({
      ok: false,
      field: 'screenResolution',
    });
  });
});
