/**
 * Extensions an operator keeps in object storage, copied into EXTENSIONS_DIR when a host starts and before it takes
 * sessions: a fleet gets a new or updated extension by an upload and a host restart, not a new image.
 *
 * Layout under the prefix: `{prefix}{id}/manifest.json` and the rest of the unpacked extension beside it. Each
 * extension is checked on its own and lands whole or not at all: one that is unusable (an id the launch flags cannot
 * carry, no manifest or one that is not an extension's, a key that would leave its folder, too large) is logged and
 * skipped, and the host starts with the others. A store that cannot be listed is logged too: the host then offers
 * what the folder already holds (the image's), and sessions asking for anything else get the usual 422.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { ExtensionSource, HostLogger } from '../types.js';
import { EXTENSION_ID } from './catalog.js';

/** Bounds one extension may reach: extensions are small; anything far larger is a mistake or an abuse of the host. */
export const EXTENSION_LIMITS = { files: 2000, bytes: 64 * 1024 * 1024 } as const;

/** Files downloaded at once per extension. */
const PARALLEL_GETS = 8;

export interface FetchedExtensions {
  fetched: string[];
  skipped: { id: string; why: string }[];
}

/** A path inside an extension folder: relative segments, none empty, `.` or `..`, no backslash or NUL. */
const safeRelativePath = (path: string): boolean =>
  path.length > 0 &&
  path.length <= 1024 &&
  !/[\\\0]/.test(path) &&
  path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');

/** Why a manifest is not an extension's, or undefined when it is one. */
const manifestProblem = (bytes: Buffer): string | undefined => {
  let manifest: unknown;
  try {
    manifest = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    return `manifest.json is not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const version = (manifest as { manifest_version?: unknown } | null)?.manifest_version;
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    return 'manifest.json is not a JSON object';
  if (version !== 2 && version !== 3) return 'manifest.json has no manifest_version 2 or 3';
  return undefined;
};

/** Copies every usable extension under `source.prefix` into `dir`, replacing a folder of the same id. Never throws. */
export async function fetchExtensions(
  source: ExtensionSource,
  dir: string,
  log: HostLogger,
): Promise<FetchedExtensions> {
  const result: FetchedExtensions = { fetched: [], skipped: [] };
  const root = resolve(dir);
  let listed: { key: string; size: number }[];
  try {
    await mkdir(root, { recursive: true });
    listed = await source.objects.list(source.prefix);
  } catch (error) {
    log('error', 'extensions could not be fetched from the bucket; the host offers the ones it already has', {
      prefix: source.prefix,
      dir: root,
      error: error instanceof Error ? error.message : String(error),
    });
    return result;
  }
  const byId = new Map<string, { key: string; path: string; size: number }[]>();
  for (const object of listed) {
    const rest = object.key.slice(source.prefix.length);
    const slash = rest.indexOf('/');
    // Folder markers (`id/`) carry nothing; a file at the top of the prefix belongs to no extension.
    if (rest.endsWith('/')) continue;
    if (slash < 0) {
      result.skipped.push({ id: rest, why: 'a file at the top of the prefix, not inside an extension folder' });
      continue;
    }
    const id = rest.slice(0, slash);
    const files = byId.get(id) ?? [];
    files.push({ key: object.key, path: rest.slice(slash + 1), size: object.size });
    byId.set(id, files);
  }
  for (const [id, files] of byId) {
    const why = await fetchOne(source, root, id, files).catch((error: unknown) =>
      error instanceof Error ? error.message : String(error),
    );
    if (why === undefined) result.fetched.push(id);
    else result.skipped.push({ id, why });
  }
  for (const { id, why } of result.skipped)
    log('warn', 'an extension in the bucket is skipped', { id, why, prefix: source.prefix });
  if (result.fetched.length > 0)
    log('info', 'extensions fetched from the bucket', { ids: result.fetched, prefix: source.prefix, dir: root });
  return result;
}

/** Downloads one extension into a staging folder and swaps it in; returns why it was skipped, if it was. */
async function fetchOne(
  source: ExtensionSource,
  root: string,
  id: string,
  files: { key: string; path: string; size: number }[],
): Promise<string | undefined> {
  if (!EXTENSION_ID.test(id)) return `not a usable id (${EXTENSION_ID.source})`;
  const unsafe = files.find((file) => !safeRelativePath(file.path));
  if (unsafe) return `the key ${JSON.stringify(unsafe.key)} would leave the extension's folder`;
  if (!files.some((file) => file.path === 'manifest.json'))
    return 'no manifest.json (an unpacked extension has one at its top)';
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length > EXTENSION_LIMITS.files || bytes > EXTENSION_LIMITS.bytes)
    return `${files.length} files, ${bytes} bytes: more than ${EXTENSION_LIMITS.files} files or ${EXTENSION_LIMITS.bytes} bytes`;

  // Staged under a dot name, which the catalog does not read, then renamed: a folder is never half written. The
  // random part keeps two hosts that share a folder out of each other's staging.
  const staging = join(root, `.fetching-${id}-${randomBytes(4).toString('hex')}`);
  try {
    for (let next = 0; next < files.length; next += PARALLEL_GETS) {
      await Promise.all(
        files.slice(next, next + PARALLEL_GETS).map(async (file) => {
          const body = await source.objects.get(file.key);
          if (body === undefined) throw new Error(`${file.key} disappeared while it was fetched`);
          if (file.path === 'manifest.json') {
            const problem = manifestProblem(body);
            if (problem) throw new Error(problem);
          }
          const target = resolve(staging, file.path);
          // safeRelativePath already holds it inside; this guards against a platform's own path rules.
          if (!target.startsWith(staging + sep)) throw new Error(`${file.key} would leave the extension's folder`);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, body);
        }),
      );
    }
    await rm(join(root, id), { recursive: true, force: true });
    await rename(staging, join(root, id));
    return undefined;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
