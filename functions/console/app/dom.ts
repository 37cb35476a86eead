/** A small element builder: the console draws its pages with it instead of a framework. */
type Child = Node | string | number | null | undefined | false;
type Props = Record<string, string | number | boolean | null | undefined | EventListener>;

export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
};

/** "3 min", "2 h", "5 d": how long ago an ISO time was. */
export const age = (iso: string | undefined, now = Date.now()): string => {
  if (!iso) return '—';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
};

export const bytes = (count: number | undefined): string => {
  if (count === undefined) return '—';
  if (count < 1024) return `${count} B`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KB`;
  return `${(count / 1024 / 1024).toFixed(1)} MB`;
};

export const time = (iso: string | undefined): string => (iso ? new Date(iso).toLocaleString() : '—');

/** A status shown as a labelled badge (color is never the only cue: the word is there). */
export const badge = (status: string): HTMLElement =>
  h('span', { class: `badge badge-${status.replace(/[^a-z_]/gi, '')}` }, status);

export const table = (caption: string, headings: string[], rows: Node[][]): HTMLElement =>
  h(
    'div',
    { class: 'table-wrap', role: 'region', 'aria-label': caption, tabindex: 0 },
    h(
      'table',
      {},
      h('caption', { class: 'visually-hidden' }, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headings.map((heading) => h('th', { scope: 'col' }, heading)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((cells) =>
          h(
            'tr',
            {},
            cells.map((cell) => h('td', {}, cell)),
          ),
        ),
      ),
    ),
  );

export const message = (text: string, kind: 'error' | 'info' = 'info'): HTMLElement =>
  h('p', { class: `message message-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);

/** Previous / next buttons over an offset-paged list; `go` receives the new offset. */
export const pager = (
  pagination: { initialCount: number; nextOffset: number; hasMore: boolean; totalItems: number; currentLimit: number },
  go: (offset: number) => void,
): HTMLElement => {
  const from = pagination.totalItems === 0 ? 0 : pagination.initialCount + 1;
  // One page needs no pager; the count is still said.
  if (pagination.initialCount <= 0 && !pagination.hasMore)
    return h('p', { class: 'help' }, `${pagination.totalItems} in all`);
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    h(
      'button',
      {
        type: 'button',
        disabled: pagination.initialCount <= 0,
        onclick: () => go(Math.max(0, pagination.initialCount - pagination.currentLimit)),
      },
      '← Previous',
    ),
    h('span', { 'aria-live': 'polite' }, `${from}–${pagination.nextOffset} of ${pagination.totalItems}`),
    h('button', { type: 'button', disabled: !pagination.hasMore, onclick: () => go(pagination.nextOffset) }, 'Next →'),
  );
};

/** Links inside pages change the hash; pages use this to change their own query (filters, paging). */
export const navigate = (path: string, query: Record<string, string | number | undefined> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  location.hash = `#${path}${search.size ? `?${search}` : ''}`;
};
