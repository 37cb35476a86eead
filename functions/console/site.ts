/**
 * Serves the built console (`/console`) and API reference (`/docs`) from a folder made by `npm run build:site`.
 * Every file is read and gzipped once, when the site is loaded: a request never touches the disk, and no request
 * path is ever joined to a file path, so there is nothing to traverse.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
};

/**
 * The console frames live views (the API's own origin locally, a browser host's on AWS) and fetches file downloads
 * from the blob store's origin; a replayed recording draws the recorded page's own images and inline styles.
 */
const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; font-src 'self' data: http: https:; " +
  "connect-src 'self' http: https:; frame-src 'self' http: https:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** The reference renderer styles itself inline and runs its search in a worker made from a blob. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

interface Asset {
  type: string;
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

export interface Site {
  /** The answer for a path under `/console` or `/docs`; undefined for any other path. */
  answer(method: string, path: string, acceptEncoding?: string): SiteResponse | undefined;
  /** node:http form of `answer`, for putting ahead of the API on the same server. */
  handleRequest(request: IncomingMessage, response: ServerResponse): boolean;
  handleUpgrade(): boolean;
}

/** Where `npm run build:site` puts the site, relative to the working directory `npm start` runs in. */
export const SITE_DIR = '.build-site';

const SECTIONS = ['console', 'docs'] as const;

const sectionOf = (path: string): (typeof SECTIONS)[number] | undefined =>
  SECTIONS.find((section) => path === `/${section}` || path.startsWith(`/${section}/`));

const readAssets = async (dir: string): Promise<Map<string, Asset>> => {
  const assets = new Map<string, Asset>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = join(entry.parentPath, entry.name);
        const body = await readFile(file);
        const urlPath = `/${relative(dir, file).split(sep).join('/')}`;
        const type = TYPES[entry.name.split('.').pop() ?? ''] ?? 'application/octet-stream';
        const gzipped = gzipSync(body);
        assets.set(urlPath, { type, body, gzipped, etag: `"${body.length.toString(36)}-${hash(body)}"` });
      }),
  );
  return assets;
};

/** A cheap content fingerprint for the ETag (FNV-1a); collisions only cost a stale cache entry until reload. */
const hash = (bytes: Buffer): string => {
  let value = 0x811c9dc5;
  for (const byte of bytes) value = Math.imul(value ^ byte, 0x01000193) >>> 0;
  return value.toString(36);
};

const problem = (status: number, title: string, detail: string): SiteResponse => ({
  status,
  headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' },
  body: JSON.stringify({ type: 'about:blank', title, status, detail }),
});

export const loadSite = async (dir: string): Promise<Site> => {
  const assets = await readAssets(dir);

  const answer = (
    method: string,
    rawPath: string,
    acceptEncoding = '',
    ifNoneMatch?: string,
  ): SiteResponse | undefined => {
    const path = rawPath.split('?')[0]!;
    const section = sectionOf(path);
    if (!section) return undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      return {
        ...problem(405, 'Method Not Allowed', `${method} is not allowed on ${path}; use GET`),
        headers: { 'content-type': 'application/problem+json', allow: 'GET, HEAD' },
      };
    }
    // The pages name their files relative to their own folder, so they work under a path prefix too (an API
    // Gateway stage): `/console` first moves to `/console/` (a relative Location keeps the prefix).
    if (path === `/${section}`)
      return { status: 308, headers: { location: `${section}/`, 'cache-control': 'no-cache' }, body: '' };
    const key = path === `/${section}/` ? `/${section}/index.html` : path;
    const asset = assets.get(key);
    if (!asset) {
      if (assets.size === 0)
        return problem(
          503,
          'Service Unavailable',
          `the ${section} is not built: run \`npm run build:site\` (npm start does it)`,
        );
      return problem(404, 'Not Found', `no such file: ${path}`);
    }
    const headers: Record<string, string> = {
      'content-type': asset.type,
      etag: asset.etag,
      // Pages are checked every time (they name the current bundle); bundles are revalidated by ETag too, since
      // their names carry no hash.
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': section === 'console' ? CONSOLE_CSP : DOCS_CSP,
      vary: 'accept-encoding',
    };
    if (ifNoneMatch === asset.etag) return { status: 304, headers, body: '' };
    const gzip = /\bgzip\b/.test(acceptEncoding);
    if (gzip) headers['content-encoding'] = 'gzip';
    const body = gzip ? asset.gzipped : asset.body;
    headers['content-length'] = String(body.length);
    return { status: 200, headers, body: method === 'HEAD' ? '' : body };
  };

  return {
    answer: (method, path, acceptEncoding) => answer(method, path, acceptEncoding),
    handleRequest(request, response) {
      const found = answer(
        request.method ?? 'GET',
        request.url ?? '/',
        String(request.headers['accept-encoding'] ?? ''),
        request.headers['if-none-match'],
      );
      if (!found) return false;
      response.writeHead(found.status, found.headers);
      response.end(found.body);
      return true;
    },
    handleUpgrade: () => false,
  };
};
