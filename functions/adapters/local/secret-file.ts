/** A secret kept in the data dir: generated on first start, the same after every restart (tokens stay valid). */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const persistentSecret = async (dataDir: string, name: string): Promise<string> => {
  const file = join(dataDir, name);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Absent: create it below.
  }
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};
