/** Name resolution for webhook targets: every address, both families, as the operating system resolves them. */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export const resolveHost = async (host: string): Promise<string[]> => {
  if (isIP(host)) return [host];
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
};
