/**
 * The console's only way to the service: its public API, with the API key the person signed in with. The key stays
 * in this tab's session storage (gone when the tab closes) and travels only in the Authorization header, never in a
 * URL, so it is not in history, logs or referrers. Everything the console shows is therefore scoped by the API to
 * the key's org.
 */
const KEY = 'sessionhost.console.apiKey';

/** Where the API is: the path the console is served under, less `/console/` (empty locally, `/api` behind a stage). */
export const apiBase = (): string => location.pathname.replace(/\/console\/.*$/, '');

export const savedKey = (): string | null => sessionStorage.getItem(KEY);
export const saveKey = (key: string): void => sessionStorage.setItem(KEY, key);
export const forgetKey = (): void => sessionStorage.removeItem(KEY);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The problem's own words: its detail and, for a 422, which field failed and why. */
const problemText = async (response: Response): Promise<string> => {
  try {
    const problem = (await response.json()) as {
      title?: string;
      detail?: string;
      errors?: { location?: string; message?: string }[];
    };
    const fields = (problem.errors ?? [])
      .map((error) => [error.location, error.message].filter(Boolean).join(': '))
      .filter(Boolean);
    return [problem.detail ?? problem.title ?? `HTTP ${response.status}`, ...fields].join(' — ');
  } catch {
    return `HTTP ${response.status} ${response.statusText}`;
  }
};

const headers = (key: string, json: boolean): HeadersInit => ({
  authorization: `Bearer ${key}`,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

export const call = async <T>(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  key = savedKey(),
): Promise<T> => {
  if (!key) throw new ApiError(401, 'not signed in');
  const response = await fetch(apiBase() + path, {
    method,
    headers: headers(key, body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, await problemText(response));
  return (await response.json()) as T;
};

/**
 * Follows a server-sent events route. EventSource cannot send an Authorization header, so the stream is read
 * through fetch and split into frames here. `id` is the frame's `id:` field: a stored event has one, while what
 * the server says of the present (the current status, why it ended the stream) has none. Ends when the server
 * ends it or `signal` aborts.
 */
export const followEvents = async (
  path: string,
  onFrame: (data: Record<string, unknown>, id: string | undefined) => void,
  signal: AbortSignal,
): Promise<void> => {
  const key = savedKey();
  if (!key) throw new ApiError(401, 'not signed in');
  const response = await fetch(apiBase() + path, {
    headers: { ...headers(key, false), accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok || !response.body) throw new ApiError(response.status, await problemText(response));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const lines = block.split(/\r?\n/);
      const field = (name: string) =>
        lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).trimStart());
      const data = field('data').join('\n');
      if (!data) continue;
      const id = field('id').pop();
      try {
        onFrame(JSON.parse(data) as Record<string, unknown>, id);
      } catch {
        onFrame({ event: 'unreadable', data }, id);
      }
    }
  }
};

export interface Pagination {
  currentLimit: number;
  initialCount: number;
  nextOffset: number;
  hasMore: boolean;
  totalItems: number;
}
