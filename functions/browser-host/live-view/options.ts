/**
 * The live view URL's query: the signed token, and the viewer options `getWindowInfo` put there
 * (`navigationBar`, `disableResize`, `screenResolution`). Options are not part of the token: they only shape
 * the viewer, and a viewer holding the token may already do anything they allow.
 */
export interface ViewerOptions {
  navigationBar: boolean;
  disableResize: boolean;
  /** Fixed page size in CSS pixels; absent: follow the frame the viewer sits in. */
  screenResolution?: { width: number; height: number };
}

export type ParsedQuery =
  | { ok: true; token: string; options: ViewerOptions }
  | { ok: false; field: string; message: string };

export const MIN_VIEW_SIZE = 100;
/** What `getWindowInfo` accepts; the page itself is never rendered larger than MAX_RENDER_SIZE. */
export const MAX_VIEW_SIZE = 9999;
export const MAX_RENDER_SIZE = 4096;

const flag = (value: string | null) => value === 'true' || value === '1' || value === '';

export const parseViewerQuery = (query: URLSearchParams): ParsedQuery => {
  const token = query.get('token');
  if (!token) return { ok: false, field: 'token', message: 'the live view link has no token' };
  const options: ViewerOptions = {
    navigationBar: query.has('navigationBar') && flag(query.get('navigationBar')),
    disableResize: query.has('disableResize') && flag(query.get('disableResize')),
  };
  const resolution = query.get('screenResolution');
  if (resolution) {
    const match = /^(\d{3,4})x(\d{3,4})$/i.exec(resolution);
    const width = Number(match?.[1]);
    const height = Number(match?.[2]);
    if (!match || [width, height].some((n) => n < MIN_VIEW_SIZE || n > MAX_VIEW_SIZE)) {
      return {
        ok: false,
        field: 'screenResolution',
        message: `screenResolution must be WIDTHxHEIGHT, each ${MIN_VIEW_SIZE}-${MAX_VIEW_SIZE} (got "${resolution}")`,
      };
    }
    options.screenResolution = { width, height };
  }
  return { ok: true, token, options };
};

/** `/live/{sessionId}/{windowId}` or `/live/{sessionId}/{windowId}/ws`; undefined for any other path. */
export const parseLivePath = (
  pathname: string,
  basePath: string,
): { sessionId: string; windowId: string; socket: boolean } | undefined => {
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  const parts = pathname.slice(basePath.length + 1).split('/');
  if (parts.length < 2 || parts.length > 3 || (parts.length === 3 && parts[2] !== 'ws')) return undefined;
  try {
    const [sessionId, windowId] = parts.slice(0, 2).map(decodeURIComponent) as [string, string];
    if (!sessionId || !windowId) return undefined;
    return { sessionId, windowId, socket: parts.length === 3 };
  } catch {
    return undefined;
  }
};
