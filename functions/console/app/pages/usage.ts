/** Credits the org spent per day (a bar per day, and the same figures as a table) and by session. */
import { call } from '../api.js';
import { h, table } from '../dom.js';
import type { Page, Usage } from './types.js';

const RANGES = [7, 30, 90] as const;

export const usagePage: Page = async (main, { query }, signal) => {
  const days = RANGES.find((range) => String(range) === query.get('days')) ?? 30;
  const { data } = await call<{ data: Usage }>('GET', `/v1/usage?days=${days}`, undefined, signal);
  const total = data.days.reduce((sum, day) => sum + day.credits, 0);
  const most = Math.max(1, ...data.days.map((day) => day.credits));
  main.replaceChildren(
    h('h1', {}, 'Credits'),
    h(
      'nav',
      { class: 'toolbar', 'aria-label': 'Range' },
      RANGES.map((range) =>
        h('a', { href: `#/usage?days=${range}`, 'aria-current': range === days ? 'page' : false }, `${range} days`),
      ),
    ),
    h('p', {}, `${total} credits in the last ${days} days.`),
    h(
      'div',
      { class: 'chart', 'aria-hidden': 'true' },
      data.days.map((day) =>
        h('div', {
          class: 'bar',
          title: `${day.date}: ${day.credits}`,
          style: `height: ${Math.round((day.credits / most) * 100)}%`,
        }),
      ),
    ),
    table(
      'Credits per day',
      ['Day', 'Credits', 'Operations that spent credits'],
      [...data.days]
        .reverse()
        .map((day) => [
          document.createTextNode(day.date),
          document.createTextNode(String(day.credits)),
          document.createTextNode(String(day.operations)),
        ]),
    ),
    data.sessions.length
      ? h(
          'section',
          {},
          h('h2', {}, 'By session'),
          table(
            'Credits by session',
            ['Session', 'Credits'],
            data.sessions.map((entry) => [
              h('a', { href: `#/sessions/${encodeURIComponent(entry.sessionId)}`, class: 'mono' }, entry.sessionId),
              document.createTextNode(String(entry.credits)),
            ]),
          ),
        )
      : '',
  );
};
