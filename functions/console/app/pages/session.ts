/**
 * One session: its state, its windows (each can be watched live in the page, through the existing live view, or
 * opened in a tab), its events as they happen, and its recordings and other files.
 */
import { call, followEvents } from '../api.js';
import { age, badge, bytes, h, message, time } from '../dom.js';
import type { FileItem, Page, Session } from './types.js';

interface WindowId {
  windowId: string;
  targetId: string;
}

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
const watch = async (slot: HTMLElement, sessionId: string, windowId: string, signal: AbortSignal) => {
  slot.replaceChildren(message('Opening the live view…'));
  try {
    const url = await liveViewOf(sessionId, windowId, signal);
    const frame = h('iframe', {
      src: url,
      title: `Live view of window ${windowId}`,
      class: 'live-view',
      allow: 'clipboard-read; clipboard-write',
    });
    slot.replaceChildren(
      h(
        'div',
        { class: 'toolbar' },
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

const eventLine = (event: Record<string, unknown>): HTMLElement => {
  const { event: name, eventTime, eventId: _id, ...rest } = event;
  const details = Object.entries(rest)
    .filter(([, value]) => value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
  return h(
    'li',
    {},
    h('time', {}, typeof eventTime === 'string' ? new Date(eventTime).toLocaleTimeString() : ''),
    ' ',
    h('strong', {}, String(name)),
    ' ',
    h('span', { class: 'mono' }, details),
  );
};

export const sessionPage: Page = async (main, { id }, signal) => {
  const sessionId = id!;
  const path = `/v1/sessions/${encodeURIComponent(sessionId)}`;
  const [{ data: session }, files] = await Promise.all([
    call<{ data: Session }>('GET', path, undefined, signal),
    call<{ data: { files?: FileItem[] } }>(
      'GET',
      `/v1/files?sessionIds=${encodeURIComponent(sessionId)}&limit=100`,
      undefined,
      signal,
    ),
  ]);
  const live = session.status === 'running' || session.status === 'initializing';
  const windows = live
    ? ((await call<{ data: { windows?: WindowId[] } }>('GET', `${path}/windows`, undefined, signal)).data.windows ?? [])
    : [];

  const viewer = h('div', { class: 'viewer' });
  const windowList = windows.length
    ? h(
        'ul',
        { class: 'windows' },
        windows.map((window, index) =>
          h(
            'li',
            {},
            h('span', { class: 'mono' }, `Window ${index + 1}: ${window.windowId}`),
            ' ',
            h(
              'button',
              { type: 'button', onclick: () => void watch(viewer, sessionId, window.windowId, signal) },
              `Watch window ${index + 1} live`,
            ),
          ),
        ),
      )
    : message(live ? 'No windows are open.' : 'The session has ended: no live windows.');

  const recordings = (files.data.files ?? []).filter((file) => file.fileType === 'recording');
  const others = (files.data.files ?? []).filter((file) => file.fileType !== 'recording');
  const events = h('ol', { class: 'events', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  const eventsStatus = h('p', { class: 'help' }, 'Following the session’s events…');

  main.replaceChildren(
    h('p', { class: 'crumbs' }, h('a', { href: '#/sessions' }, '← Sessions')),
    h('h1', {}, 'Session ', h('span', { class: 'mono' }, sessionId)),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Status'),
      h('dd', {}, badge(session.status)),
      h('dt', {}, 'Started'),
      h('dd', {}, `${time(session.dateCreated)} (${age(session.dateCreated)} ago)`),
      h('dt', {}, 'Last activity'),
      h('dd', {}, time(session.lastActivity)),
      h('dt', {}, 'Minutes used'),
      h('dd', {}, String(session.currentUsage ?? 0)),
    ),
    live
      ? h(
          'button',
          {
            type: 'button',
            class: 'danger',
            onclick: async (event: Event) => {
              if (!confirm('End this session? Its browser closes.')) return;
              (event.target as HTMLButtonElement).disabled = true;
              await call('DELETE', path);
              location.reload();
            },
          },
          'End session',
        )
      : '',
    h(
      'section',
      { 'aria-labelledby': 'windows-heading' },
      h('h2', { id: 'windows-heading' }, 'Windows'),
      windowList,
      viewer,
    ),
    h(
      'section',
      { 'aria-labelledby': 'recordings-heading' },
      h('h2', { id: 'recordings-heading' }, 'Recordings'),
      recordings.length
        ? h(
            'ul',
            {},
            recordings.map((file) =>
              h(
                'li',
                {},
                file.status === 'available'
                  ? h('a', { href: `#/recordings/${encodeURIComponent(file.id)}` }, `Replay ${file.fileName}`)
                  : `${file.fileName} (${file.status})`,
              ),
            ),
          )
        : message(live ? 'A recording appears here when a recorded session ends.' : 'This session was not recorded.'),
    ),
    others.length
      ? h(
          'section',
          { 'aria-labelledby': 'files-heading' },
          h('h2', { id: 'files-heading' }, 'Files'),
          h(
            'ul',
            {},
            others.map((file) =>
              h('li', {}, `${file.fileName} · ${file.fileType} · ${bytes(file.fileBytes)} · ${file.status}`),
            ),
          ),
          h('a', { href: '#/files' }, 'All files'),
        )
      : '',
    h(
      'section',
      { 'aria-labelledby': 'events-heading' },
      h('h2', { id: 'events-heading' }, 'Events'),
      eventsStatus,
      events,
    ),
  );

  // Every event the session had, then new ones as they come; the stream ends when the session does.
  followEvents(`${path}/events?all=true`, (event) => events.append(eventLine(event)), signal).then(
    () => eventsStatus.replaceChildren('The event stream ended.'),
    (error: Error) => {
      if (!signal.aborted) eventsStatus.replaceChildren(`The event stream stopped: ${error.message}`);
    },
  );
};
