/**
 * The extensions an operator offers sessions: a folder (EXTENSIONS_DIR) with one unpacked extension per subfolder,
 * named by the id clients pass in `configuration.extensionIds`. Read once when the host starts; an extension added
 * later needs a restart, as a browser binary would.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ExtensionNotFoundError } from '../errors.js';

/** Ids appear in launch flags (comma-separated) and messages: letters, digits, `.`, `_` and `-` only. */
export const EXTENSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface ExtensionCatalog {
  /** The ids on offer, sorted. */
  readonly ids: readonly string[];
  /** The unpacked folders of these ids, in order; an id not on offer throws ExtensionNotFoundError naming all such. */
  folders(ids: readonly string[]): string[];
}

/** An empty catalog: no folder configured. */
export const NO_EXTENSIONS: ExtensionCatalog = catalogOf(new Map());

/**
 * The extensions under `dir`: each subfolder with a `manifest.json` whose name is a valid id. Other entries are
 * skipped and reported through `skipped` (a stray file or a folder without a manifest should not stop the host).
 */
export async function loadExtensionCatalog(
  dir: string | undefined,
  skipped: (name: string, why: string) => void = () => undefined,
): Promise<ExtensionCatalog> {
  if (!dir) return NO_EXTENSIONS;
  const root = resolve(dir);
  const entries = await readdir(root, { withFileTypes: true });
  const folders = new Map<string, string>();
  for (const entry of entries) {
    // Hidden entries are the store's staging folders (extensions/fetch.ts) or a tool's own (.git): not offered.
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    if (!EXTENSION_ID.test(entry.name)) {
      skipped(entry.name, `not a usable id (${EXTENSION_ID.source})`);
      continue;
    }
    const folder = join(root, entry.name);
    const manifest = await stat(join(folder, 'manifest.json')).catch(() => undefined);
    if (!manifest?.isFile()) {
      skipped(entry.name, 'no manifest.json (an unpacked extension has one at its top)');
      continue;
    }
    folders.set(entry.name, folder);
  }
  return catalogOf(folders);
}

function catalogOf(folders: ReadonlyMap<string, string>): ExtensionCatalog {
  return {
    ids: [...folders.keys()].sort(),
    folders(ids) {
      const unknown = ids.filter((id) => !folders.has(id));
      if (unknown.length > 0) throw new ExtensionNotFoundError([...new Set(unknown)]);
      return [...new Set(ids)].map((id) => folders.get(id)!);
    },
  };
}
