/**
 * Viewer input → CDP `Input.*` commands. The viewer already maps its canvas coordinates to the page's CSS pixels;
 * here every field is checked (a viewer is a browser on the internet, holding a token) and shaped for Chromium.
 */
import { isPageUrl } from '../../net/page-urls.js';

/** One CDP command to run against the watched page. */
export interface CdpCommand {
  method: string;
  params: Record<string, unknown>;
}

const MOUSE_TYPES = new Set(['mousePressed', 'mouseReleased', 'mouseMoved']);
const BUTTONS = new Set(['none', 'left', 'middle', 'right', 'back', 'forward']);
/** CDP modifier bits: Alt 1, Ctrl 2, Meta 4, Shift 8. */
const CTRL_OR_META = 2 | 4;
const MAX_TEXT = 100_000;

const num = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : undefined;
const int = (value: unknown, min: number, max: number, fallback: number): number =>
  Math.round(num(value, min, max) ?? fallback);
const str = (value: unknown, max = 64): string | undefined =>
  typeof value === 'string' && value.length <= max ? value : undefined;

const COORD = 100_000;

export const mouseCommand = (message: Record<string, unknown>): CdpCommand | undefined => {
  const type = str(message.type);
  const x = num(message.x, -COORD, COORD);
  const y = num(message.y, -COORD, COORD);
  if (!type || !MOUSE_TYPES.has(type) || x === undefined || y === undefined) return undefined;
  const button = str(message.button) ?? 'none';
  return {
    method: 'Input.dispatchMouseEvent',
    params: {
      type,
      x,
      y,
      button: BUTTONS.has(button) ? button : 'none',
      buttons: int(message.buttons, 0, 31, 0),
      clickCount: int(message.clickCount, 0, 3, 0),
      modifiers: int(message.modifiers, 0, 15, 0),
    },
  };
};

export const wheelCommand = (message: Record<string, unknown>): CdpCommand | undefined => {
  const x = num(message.x, -COORD, COORD);
  const y = num(message.y, -COORD, COORD);
  if (x === undefined || y === undefined) return undefined;
  return {
    method: 'Input.dispatchMouseEvent',
    params: {
      type: 'mouseWheel',
      x,
      y,
      deltaX: num(message.deltaX, -COORD, COORD) ?? 0,
      deltaY: num(message.deltaY, -COORD, COORD) ?? 0,
      modifiers: int(message.modifiers, 0, 15, 0),
    },
  };
};

/** The character a key types, if any: shortcuts (Ctrl/Meta held) and named keys type nothing, Enter types '\r'. */
const typedText = (key: string, modifiers: number): string | undefined => {
  if (modifiers & CTRL_OR_META) return undefined;
  if (key === 'Enter') return '\r';
  return [...key].length === 1 ? key : undefined;
};

export const keyCommand = (message: Record<string, unknown>): CdpCommand | undefined => {
  const key = str(message.key);
  const up = message.type === 'keyUp';
  if (!key || (!up && message.type !== 'keyDown')) return undefined;
  const modifiers = int(message.modifiers, 0, 15, 0);
  const keyCode = int(message.keyCode, 0, 255, 0);
  const text = up ? undefined : typedText(key, modifiers);
  return {
    method: 'Input.dispatchKeyEvent',
    params: {
      // rawKeyDown runs the key's default action (Tab, Backspace, arrows, shortcuts) without typing a character.
      type: up ? 'keyUp' : text ? 'keyDown' : 'rawKeyDown',
      key,
      code: str(message.code) ?? '',
      windowsVirtualKeyCode: keyCode,
      nativeVirtualKeyCode: keyCode,
      modifiers,
      ...(text ? { text, unmodifiedText: text } : {}),
      ...(message.location === 3 ? { isKeypad: true } : {}),
    },
  };
};

/** Pasted or composed text, inserted as if typed at the caret. */
export const textCommand = (message: Record<string, unknown>): CdpCommand | undefined => {
  const text = str(message.text, MAX_TEXT);
  return text ? { method: 'Input.insertText', params: { text } } : undefined;
};

export const inputCommand = (message: Record<string, unknown>): CdpCommand | undefined => {
  switch (message.t) {
    case 'mouse':
      return mouseCommand(message);
    case 'wheel':
      return wheelCommand(message);
    case 'key':
      return keyCommand(message);
    case 'text':
      return textCommand(message);
    default:
      return undefined;
  }
};

/** What the address bar and `NavigateToUrl` may open: web pages only; a bare host gets `https://`. */
export const navigableUrl = (raw: unknown): string | undefined => {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 8192) return undefined;
  const text = raw.trim();
  const withScheme = /^([a-z][a-z0-9+.-]*:\/\/|about:)/i.test(text) ? text : `https://${text}`;
  if (!isPageUrl(withScheme)) return undefined;
  return new URL(withScheme).href;
};
