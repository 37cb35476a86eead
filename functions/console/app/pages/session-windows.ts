/**
 * A session's windows, each named by its page's title and address (an id alone does not say which window is
 * which), with a button to watch it live in the page, through the existing live view, or in a new tab.
 */
import { call } from '../api.js';
import { h, message } from '../dom.js';

export interface WindowInfo {
  windowId: string;
  targetId: string;
  title?: string;
  url?: string;
}

const BLANK = /^(about:blank)?$/;

/** What a person would call the window: its page's title, else its address, else that it is blank. */
const nameOf = (window: WindowInfo): string => {
  const title = window.title?.trim() ?? '';
  // A blank page's title is its address, `about:blank`.
  if (title && !BLANK.test(title)) return title;
  return BLANK.test(window.url ?? '') ? 'Blank page' : window.url!;
};

const liveViewOf = async (sessionId: string, windowId: string, signal: AbortSignal): Promise<string> => {
  const answer = await call<{ data: { liveViewUrl: string } }>(
    'GET',
    `/v1/sessions/${encodeURIComponent(sessionId)}/windows/${encodeURIComponent(windowId)}?includeNavigationBar=true`,
    undefined,
    signal,
  );
  return answer.data.liveViewUrl;
};

/** The live view in a frame: the person can use the page from here (click it, then type). */
const watch = async (slot: HTMLElement, sessionId: string, window: WindowInfo, signal: AbortSignal) => {
  const name = nameOf(window);
  slot.replaceChildren(message(`Opening the live view of ${name}…`));
  try {
    const url = await liveViewOf(sessionId, window.windowId, signal);
    const frame = h('iframe', {
      src: url,
      title: `Live view of ${name}`,
      class: 'live-view',
      allow: 'clipboard-read; clipboard-write',
    });
    slot.replaceChildren(
      h(
        'div',
        { class: 'toolbar' },
        h('p', { class: 'watching' }, 'Watching ', h('strong', {}, name)),
        h('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, 'Open the live view in a new tab'),
        h('button', { type: 'button', class: 'secondary', onclick: () => slot.replaceChildren() }, 'Stop watching'),
      ),
      frame,
    );
    frame.scrollIntoView({ block: 'nearest' });
  } catch (error) {
    slot.replaceChildren(message(`Could not open the live view: ${(error as Error).message}`, 'error'));
  }
};

const windowItem = (window: WindowInfo, viewer: HTMLElement, sessionId: string, signal: AbortSignal) => {
  const name = nameOf(window);
  return h(
    'li',
    {},
    h(
      'div',
      { class: 'window-info' },
      h('strong', { class: 'window-title' }, name),
      h('span', { class: 'mono window-url', title: window.url ?? '' }, window.url || 'about:blank'),
      h('span', { class: 'help mono' }, `id ${window.windowId}`),
    ),
    h(
      'button',
      {
        type: 'button',
        'aria-label': `Watch live: ${name}`,
        onclick: () => void watch(viewer, sessionId, window, signal),
      },
      'Watch live',
    ),
  );
};

/** The list, and under it the place where a watched window is shown. */
export const windowsSection = (
  windows: WindowInfo[],
  live: boolean,
  sessionId: string,
  signal: AbortSignal,
): HTMLElement[] => {
  const viewer = h('div', { class: 'viewer' });
  // Every session starts with a blank window; the pages someone would want to watch come before it.
  const ordered = [...windows].sort((a, b) => Number(BLANK.test(a.url ?? '')) - Number(BLANK.test(b.url ?? '')));
  const list = ordered.length
    ? h(
        'ul',
        { class: 'windows' },
        ordered.map((window) => windowItem(window, viewer, sessionId, signal)),
      )
    : message(live ? 'No windows are open.' : 'The session has ended: no live windows.');
  return [list, viewer];
};
