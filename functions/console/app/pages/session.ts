/**
 * One session: its state, its windows (each can be watched live in the page, through the existing live view, or
 * opened in a tab), its events as they happen, and its recordings and other files.
 */
import { call } from '../api.js';
import { age, badge, bytes, h, message, time } from '../dom.js';
import { followSession } from './session-events.js';
import { type WindowInfo, windowsSection } from './session-windows.js';
import type { FileItem, Page, Session } from './types.js';

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
    ? ((await call<{ data: { windows?: WindowInfo[] } }>('GET', `${path}/windows`, undefined, signal)).data.windows ??
      [])
    : [];

  const recordings = (files.data.files ?? []).filter((file) => file.fileType === 'recording');
  const others = (files.data.files ?? []).filter((file) => file.fileType !== 'recording');
  const events = h('ol', { class: 'events', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  const eventsStatus = h('p', { class: 'help' }, 'Reading the session’s events…');
  const status = h('dd', { class: 'session-status', 'aria-live': 'polite' }, badge(session.status));

  main.replaceChildren(
    h('p', { class: 'crumbs' }, h('a', { href: '#/sessions' }, '← Sessions')),
    h('h1', {}, 'Session ', h('span', { class: 'mono' }, sessionId)),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Status'),
      status,
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
      windowsSection(windows, live, sessionId, signal),
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

  followSession(path, sessionId, { status, events, note: eventsStatus }, signal);
};
