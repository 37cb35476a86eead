/**
 * Before the embedded S3 serves a data dir, objects it could not serve are moved aside. s3rver keeps an object as
 * `<key>._S3rver_object` with `._S3rver_metadata.json` and `.md5` files beside it; an object whose metadata does not
 * parse, whose files cannot be read, or whose name leaves no room for its companion files (the file system's 255-byte
 * limit) fails every request that touches it — a listing of its prefix included — with a 500. Such an object is moved,
 * with its companions, under `quarantine/<time>/` in the data dir, and reported, so the service starts and serves
 * everything else. Nothing is deleted: the bytes stay there for the operator.
 */
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';

const OBJECT_SUFFIX = '._S3rver_object';
const METADATA_SUFFIX = '._S3rver_metadata.json';
/** The longest companion s3rver may create beside an object file (`<object>.md5`). */
const LONGEST_COMPANION = `${OBJECT_SUFFIX}.md5`;
const NAME_MAX_BYTES = 255;

export interface QuarantinedObject {
  /** The object's path under the S3 directory (bucket/key). */
  object: string;
  reason: string;
  /** Where its files are now. */
  movedTo: string;
}

/** Why the object at `objectPath` cannot be served, or undefined when it can. */
const damage = async (objectPath: string): Promise<string | undefined> => {
  const stem = objectPath.slice(0, -OBJECT_SUFFIX.length);
  if (Buffer.byteLength(basename(stem) + LONGEST_COMPANION) > NAME_MAX_BYTES)
    return 'its name leaves no room for the files the store keeps beside it';
  try {
    const handle = await open(objectPath, 'r');
    await handle.close();
  } catch (error) {
    return `its bytes cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  for (const companion of [`${stem}${METADATA_SUFFIX}`, `${objectPath}.md5`]) {
    let text: string;
    try {
      text = await readFile(companion, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return `${basename(companion)} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
    if (companion.endsWith('.json')) {
      try {
        JSON.parse(text);
      } catch {
        return 'its metadata is not valid JSON';
      }
    }
  }
  return undefined;
};

/** Every object file under `dir`; a directory that cannot be read is reported as damaged itself. */
async function* objectFiles(dir: string, unreadable: (path: string, code: string) => void): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    unreadable(dir, (error as NodeJS.ErrnoException).code ?? String(error));
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* objectFiles(path, unreadable);
    else if (entry.name.endsWith(OBJECT_SUFFIX)) yield path;
  }
}

/** Moves the object's files (those present) to the same relative place under `target`. */
const moveAside = async (s3Dir: string, objectPath: string, target: string): Promise<void> => {
  const stem = objectPath.slice(0, -OBJECT_SUFFIX.length);
  const destination = join(target, relative(s3Dir, dirname(objectPath)));
  await mkdir(destination, { recursive: true, mode: 0o700 });
  for (const file of [objectPath, `${objectPath}.md5`, `${stem}${METADATA_SUFFIX}`]) {
    // Absent companions are fine; one whose name would be too long cannot exist either.
    await rename(file, join(destination, basename(file))).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT' && error.code !== 'ENAMETOOLONG') throw error;
    });
  }
};

export const quarantineDamagedObjects = async (
  s3Dir: string,
  quarantineDir: string,
  now = new Date(),
): Promise<QuarantinedObject[]> => {
  const target = join(quarantineDir, now.toISOString().replace(/[:.]/g, '-'));
  const found: QuarantinedObject[] = [];
  const unreadable: { path: string; code: string }[] = [];
  for await (const objectPath of objectFiles(s3Dir, (path, code) => unreadable.push({ path, code }))) {
    const reason = await damage(objectPath);
    if (!reason) continue;
    await moveAside(s3Dir, objectPath, target);
    found.push({
      object: relative(s3Dir, objectPath.slice(0, -OBJECT_SUFFIX.length)),
      reason,
      movedTo: join(target, relative(s3Dir, objectPath)),
    });
  }
  // A folder that cannot be read is moved whole: its objects cannot be listed, let alone served.
  for (const { path, code } of unreadable) {
    if (path === s3Dir) continue;
    const destination = join(target, relative(s3Dir, path));
    await mkdir(dirname(destination), { recursive: true, mode: 0o700 });
    await rename(path, destination);
    found.push({ object: relative(s3Dir, path), reason: `the folder cannot be read (${code})`, movedTo: destination });
  }
  await access(s3Dir, constants.R_OK | constants.X_OK);
  return found;
};
