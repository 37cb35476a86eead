/**
 * The console: a page per hash route (`#/sessions`, `#/sessions/<id>`, `#/files`, …), drawn from the service's public
 * API with the signed-in key. Leaving a page aborts what it started (its event stream, its requests).
 */
import 'rrweb-player/dist/style.css';
import './style.css';
import { ApiError, apiBase, call, forgetKey, saveKey, savedKey } from './api.js';
import { h, message } from './dom.js';
import { automationsPage } from './pages/automations.js';
import { filesPage } from './pages/files.js';
import { replayPage } from './pages/replay.js';
import { requestsPage } from './pages/requests.js';
import { sessionPage } from './pages/session.js';
import { sessionsPage } from './pages/sessions.js';
import type { Page } from './pages/types.js';
import { usagePage } from './pages/usage.js';

const PAGES: { pattern: RegExp; title: string; page: Page }[] = [
  { pattern: /^\/sessions\/([^/]+)$/, title: 'Session', page: sessionPage },
  { pattern: /^\/sessions$/, title: 'Sessions', page: sessionsPage },
  { pattern: /^\/recordings\/([^/]+)$/, title: 'Recording', page: replayPage },
  { pattern: /^\/files$/, title: 'Files', page: filesPage },
  { pattern: /^\/automations$/, title: 'Automations', page: automationsPage },
  { pattern: /^\/requests$/, title: 'Async requests', page: requestsPage },
  { pattern: /^\/usage$/, title: 'Credits', page: usagePage },
];

const NAV = [
  ['#/sessions', 'Sessions'],
  ['#/files', 'Files'],
  ['#/automations', 'Automations'],
  ['#/requests', 'Requests'],
  ['#/usage', 'Credits'],
] as const;

const main = () => document.getElementById('main')!;
const nav = () => document.getElementById('nav')!;

const drawNav = (path: string) => {
  const signedIn = savedKey() !== null;
  nav().hidden = !signedIn;
  nav().replaceChildren(
    h(
      'ul',
      {},
      NAV.map(([href, label]) =>
        h('li', {}, h('a', { href, 'aria-current': path.startsWith(href.slice(1)) ? 'page' : false }, label)),
      ),
    ),
    h('a', { href: `${apiBase()}/docs/`, class: 'nav-docs' }, 'API reference'),
    h('button', { type: 'button', class: 'secondary', onclick: () => signOut() }, 'Sign out'),
  );
};

const signOut = (why?: string) => {
  forgetKey();
  location.hash = '#/sign-in';
  if (why) sessionStorage.setItem('sessionhost.console.signedOutBecause', why);
  render();
};

const signInPage = (target: HTMLElement) => {
  const because = sessionStorage.getItem('sessionhost.console.signedOutBecause');
  sessionStorage.removeItem('sessionhost.console.signedOutBecause');
  const input = h('input', {
    id: 'api-key',
    name: 'apiKey',
    type: 'password',
    autocomplete: 'off',
    required: true,
    spellcheck: 'false',
    'aria-describedby': 'api-key-help',
  });
  const status = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'sign-in',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        const key = input.value.trim();
        status.replaceChildren(message('Checking the key…'));
        try {
          // Any authenticated read tells whether the key is good; this one is small.
          await call('GET', '/v1/usage?days=1', undefined, undefined, key);
          saveKey(key);
          location.hash = '#/sessions';
        } catch (error) {
          status.replaceChildren(
            message(
              error instanceof ApiError && error.status === 401
                ? 'That API key was not accepted.'
                : `Could not sign in: ${(error as Error).message}`,
              'error',
            ),
          );
          input.focus();
        }
      },
    },
    h('h1', {}, 'Sign in'),
    because ? message(because, 'error') : null,
    h('label', { for: 'api-key' }, 'API key'),
    input,
    h(
      'p',
      { id: 'api-key-help', class: 'help' },
      'Kept in this tab only, until it closes. ',
      h('code', {}, 'npm start'),
      ' prints the local key on its first start; ',
      h('code', {}, 'npm run keys'),
      ' makes more.',
    ),
    h('button', { type: 'submit' }, 'Sign in'),
    status,
  );
  target.replaceChildren(form);
  input.focus();
};

let current: AbortController | undefined;

const render = async () => {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const [path = '/', search = ''] = location.hash.replace(/^#/, '').split('?');
  drawNav(path);
  const target = main();
  if (!savedKey()) {
    document.title = 'Sign in · Console';
    return signInPage(target);
  }
  const found = PAGES.map((entry) => ({ entry, match: entry.pattern.exec(path) })).find(({ match }) => match);
  if (!found) {
    location.replace('#/sessions');
    return;
  }
  document.title = `${found.entry.title} · Console`;
  target.replaceChildren(h('p', { class: 'loading' }, 'Loading…'));
  try {
    await found.entry.page(
      target,
      { id: found.match![1] ? decodeURIComponent(found.match![1]) : undefined, query: new URLSearchParams(search) },
      controller.signal,
    );
  } catch (error) {
    if (controller.signal.aborted) return;
    if (error instanceof ApiError && error.status === 401)
      return signOut('The API key is no longer accepted; sign in again.');
    target.replaceChildren(
      h('h1', {}, found.entry.title),
      message(`Could not load this page: ${(error as Error).message}`, 'error'),
    );
  }
  // Keyboard and screen-reader users land on the new page's heading, not at the top of the old one.
  if (!controller.signal.aborted) (target.querySelector('h1') as HTMLElement | null)?.setAttribute('tabindex', '-1');
  if (!controller.signal.aborted && document.activeElement === document.body)
    (target.querySelector('h1') as HTMLElement | null)?.focus();
};

window.addEventListener('hashchange', () => void render());
void render();
