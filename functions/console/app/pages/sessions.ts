/** The org's sessions, newest first: status, age, windows, credits; filtered by status and paged. */
import { call } from '../api.js';
import { age, badge, h, message, navigate, pager, table } from '../dom.js';
import type { Page, SessionsPage, Usage } from './types.js';

const STATUSES = ['all', 'running', 'initializing', 'awaitingCapacity', 'ended', 'completed', 'cancelled'] as const;
const LIMIT = 20;
/** Windows are counted only for sessions that can have any. */
const LIVE = new Set(['running', 'initializing']);

export const sessionsPage: Page = async (main, { query }, signal) => {
  const status = STATUSES.find((candidate) => candidate === query.get('status')) ?? 'all';
  const offset = Number(query.get('offset') ?? 0) || 0;
  const [list, usage] = await Promise.all([
    call<SessionsPage>('GET', `/v1/sessions?status=${status}&limit=${LIMIT}&offset=${offset}`, undefined, signal),
    call<{ data: Usage }>('GET', '/v1/usage?days=30', undefined, signal),
  ]);
  const sessions = list.data.sessions ?? [];
  const credits = new Map(usage.data.sessions.map((entry) => [entry.sessionId, entry.credits]));
  const windowCounts = await Promise.all(
    sessions.map((session) =>
      LIVE.has(session.status)
        ? call<{ data: { windows?: unknown[] } }>(
            'GET',
            `/v1/sessions/${encodeURIComponent(session.id)}/windows`,
            undefined,
            signal,
          ).then(
            (answer) => String(answer.data.windows?.length ?? 0),
            () => '?',
          )
        : Promise.resolve('—'),
    ),
  );

  const filter = h(
    'select',
    {
      id: 'status-filter',
      onchange: (event: Event) => navigate('/sessions', { status: (event.target as HTMLSelectElement).value }),
    },
    STATUSES.map((value) => h('option', { value, selected: value === status }, value)),
  );
  main.replaceChildren(
    h('h1', {}, 'Sessions'),
    h(
      'div',
      { class: 'toolbar' },
      h('label', { for: 'status-filter' }, 'Status'),
      filter,
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: () => void navigate('/sessions', { status, offset, t: Date.now() }),
        },
        'Refresh',
      ),
    ),
    sessions.length === 0
      ? message(status === 'all' ? 'No sessions yet. Start one with POST /v1/sessions.' : `No ${status} sessions.`)
      : table(
          'Sessions',
          ['Session', 'Status', 'Age', 'Windows', 'Credits (30 days)'],
          sessions.map((session, index) => [
            h('a', { href: `#/sessions/${encodeURIComponent(session.id)}`, class: 'mono' }, session.id),
            badge(session.status),
            h('span', { title: session.dateCreated ?? '' }, age(session.dateCreated)),
            document.createTextNode(windowCounts[index]!),
            document.createTextNode(String(credits.get(session.id) ?? 0)),
          ]),
        ),
    pager(list.data.pagination, (next) => navigate('/sessions', { status, offset: next })),
  );
};
