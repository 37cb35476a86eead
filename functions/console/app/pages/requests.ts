/** The org's async requests, newest first, with each webhook delivery and its attempts. */
import { call, type Pagination } from '../api.js';
import { badge, h, message, navigate, pager, table, time } from '../dom.js';
import type { Page } from './types.js';

interface RequestSummary {
  requestId: string;
  operation: string;
  sessionId: string;
  status: string;
  createdAt: string;
  completedAt?: string;
  error?: string;
  webhook?: {
    url: string;
    state: string;
    attempts: { at: string; statusCode?: number; error?: string; durationMs: number }[];
    nextAttemptAt?: string;
  };
}

const STATUSES = ['all', 'pending', 'completed', 'error'] as const;

const webhookCell = (webhook: RequestSummary['webhook']): Node => {
  if (!webhook) return document.createTextNode('none');
  return h(
    'details',
    {},
    h('summary', {}, badge(webhook.state), ` ${webhook.attempts.length} attempt(s)`),
    h('p', { class: 'mono' }, webhook.url),
    h(
      'ol',
      {},
      webhook.attempts.map((attempt) =>
        h(
          'li',
          {},
          `${time(attempt.at)}: ${attempt.statusCode ? `HTTP ${attempt.statusCode}` : 'no answer'}${attempt.error ? ` (${attempt.error})` : ''}, ${attempt.durationMs} ms`,
        ),
      ),
    ),
    webhook.nextAttemptAt ? h('p', {}, `Next attempt ${time(webhook.nextAttemptAt)}`) : null,
  );
};

export const requestsPage: Page = async (main, { query }, signal) => {
  const status = STATUSES.find((candidate) => candidate === query.get('status')) ?? 'all';
  const offset = Number(query.get('offset') ?? 0) || 0;
  const filter = status === 'all' ? '' : `&status=${status}`;
  const { data } = await call<{ data: { requests: RequestSummary[]; pagination: Pagination } }>(
    'GET',
    `/v1/requests?limit=25&offset=${offset}${filter}`,
    undefined,
    signal,
  );
  main.replaceChildren(
    h('h1', {}, 'Async requests'),
    h(
      'div',
      { class: 'toolbar' },
      h('label', { for: 'request-status' }, 'Status'),
      h(
        'select',
        {
          id: 'request-status',
          onchange: (event: Event) => navigate('/requests', { status: (event.target as HTMLSelectElement).value }),
        },
        STATUSES.map((value) => h('option', { value, selected: value === status }, value)),
      ),
    ),
    data.requests.length === 0
      ? message('No async requests.')
      : table(
          'Async requests',
          ['Request', 'Operation', 'Status', 'Session', 'Created', 'Webhook'],
          data.requests.map((request) => [
            h('span', { class: 'mono', title: request.error ?? '' }, request.requestId),
            document.createTextNode(request.operation),
            h(
              'span',
              {},
              badge(request.status),
              request.error ? h('span', { class: 'help' }, ` ${request.error}`) : null,
            ),
            h(
              'a',
              { href: `#/sessions/${encodeURIComponent(request.sessionId)}`, class: 'mono' },
              request.sessionId.slice(0, 8),
            ),
            document.createTextNode(time(request.createdAt)),
            webhookCell(request.webhook),
          ]),
        ),
    pager(data.pagination, (next) => navigate('/requests', { status, offset: next })),
  );
};
