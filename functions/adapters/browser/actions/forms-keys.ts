/**
 * Typing a field's text as key events (keyDown with the character, keyUp), sent in one burst instead of one
 * round trip per key: the browser handles a session's input commands in order, so the page sees exactly the
 * keystrokes a person's typing makes, and a 40-character field costs one wait instead of eighty.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { abortable } from './input/abortable.js';

const sessions = new WeakMap<Page, Promise<CDPSession>>();

const sessionOf = (page: Page): Promise<CDPSession> => {
  let session = sessions.get(page);
  if (!session) {
    session = page.createCDPSession();
    sessions.set(page, session);
    session.catch(() => sessions.delete(page));
  }
  return session;
};

type KeyEvent = Record<string, unknown>;

/** keyDown/keyUp of one character, with the key code a US layout gives it (what key handlers read). */
const keystroke = (char: string): KeyEvent[] => {
  if (char === '\n' || char === '\r') {
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
    return [
      { type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r' },
      { type: 'keyUp', ...enter },
    ];
  }
  const upper = char.toUpperCase();
  const code = /^[A-Z]$/.test(upper)
    ? `Key${upper}`
    : /^[0-9]$/.test(char)
      ? `Digit${char}`
      : char === ' '
        ? 'Space'
        : '';
  const keyCode = /^[A-Z0-9 ]$/.test(upper) ? upper.charCodeAt(0) : 0;
  const key = { key: char, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
  return [
    { type: 'keyDown', ...key, text: char, unmodifiedText: char },
    { type: 'keyUp', ...key },
  ];
};

/** A left click at a viewport point: move there, press, release (what a hand does). */
const clickAt = (point: { x: number; y: number }) => [
  { type: 'mouseMoved', x: point.x, y: point.y, button: 'none' },
  { type: 'mousePressed', x: point.x, y: point.y, button: 'left', buttons: 1, clickCount: 1 },
  { type: 'mouseReleased', x: point.x, y: point.y, button: 'left', buttons: 0, clickCount: 1 },
];

/**
 * Optionally a click at `point`, then the text's keystrokes in one burst. The keys are sent only once the browser
 * has acknowledged the click: mouse events are routed by a hit test, which the browser may answer asynchronously
 * (on a page still settling, or under load), while key events go straight to whatever holds focus, so keys sent
 * alongside the click could reach the page before it and be typed nowhere. The keys keep their order among
 * themselves: one widget's key events are handled in the order sent.
 */
export const clickAndType = async (
  page: Page,
  point: { x: number; y: number } | undefined,
  text: string,
  signal: AbortSignal,
): Promise<void> => {
  const session = await sessionOf(page);
  if (point)
    await abortable(
      Promise.all(clickAt(point).map((event) => session.send('Input.dispatchMouseEvent', event as never))),
      signal,
    );
  if (!text) return;
  signal.throwIfAborted();
  const keys = [...text].flatMap(keystroke).map((event) => session.send('Input.dispatchKeyEvent', event as never));
  await abortable(Promise.all(keys), signal);
};

export const typeKeys = (page: Page, text: string, signal: AbortSignal): Promise<void> =>
  clickAndType(page, undefined, text, signal);
