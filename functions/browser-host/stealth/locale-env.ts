/**
 * The process environment that gives a disguised browser its locale. `LANG` names it (without one, a container's
 * POSIX locale shows through ICU as `en-US@posix`), but glibc must also know that name: on a host without it
 * (a container with only `C.UTF-8`), `setlocale` fails, the browser runs in the ASCII "C" locale, and every file
 * path with a letter outside ASCII is lost (a file input given "résumé.pdf" stays empty, a download named so is
 * saved as "download"). So the name is made to mean the host's `C.UTF-8` (its data under the wanted name, through
 * `LOCPATH`): UTF-8 paths for glibc, the wanted locale for ICU. Always, not only where the name is missing: glibc's
 * own formats are never what a page sees (the browser formats through ICU), and the browser then behaves alike on
 * every host.
 */
import { access, mkdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Fingerprint } from './fingerprint.js';

/** Where glibc keeps compiled locales, and the UTF-8 one every current glibc carries. */
const LOCALE_DIR = '/usr/lib/locale';
const C_UTF8 = ['C.utf8', 'C.UTF-8'];

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * A directory where `name` is the host's C.UTF-8, for `LOCPATH`; undefined when the host has no C.UTF-8 either.
 * Made on each launch (a few links, already there after the first), in case the directory was cleared meanwhile.
 */
const aliasOf = async (name: string): Promise<string | undefined> => {
  let source: string | undefined;
  for (const candidate of C_UTF8)
    if (!source && (await exists(join(LOCALE_DIR, candidate)))) source = join(LOCALE_DIR, candidate);
  if (!source) return undefined;
  // Shared by every browser of the machine (links only, the same for all): outside any host's own directory.
  const dir = join(tmpdir(), 'sessionhost-locales');
  try {
    await mkdir(dir, { recursive: true });
    const [language] = name.split('.');
    for (const alias of [name, `${language}.utf8`])
      await symlink(source, join(dir, alias)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    return dir;
  } catch {
    return undefined;
  }
};

/** The locale and time zone the disguise gives the browser process, over what it inherits. */
export const localeEnv = async (fingerprint: Fingerprint): Promise<Record<string, string>> => {
  const name = `${fingerprint.locale.replace(/-/g, '_')}.UTF-8`;
  const locpath = await aliasOf(name);
  return {
    LANG: name,
    ...(locpath ? { LOCPATH: locpath } : {}),
    ...(fingerprint.timezone ? { TZ: fingerprint.timezone } : {}),
  };
};
