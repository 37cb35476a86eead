/**
 * Starting a session's chromedriver. ChromeDriver listens on ::1 at a port the system picks, then on 127.0.0.1 at
 * the same port, and exits when another program holds that IPv4 port: on a busy host a start fails now and then,
 * and another start picks another port. A stand-in for the driver binary plays each case: it refuses its first
 * starts the way ChromeDriver does, then serves `/status` as a driver would, counting its starts in a file.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionDrivers } from '../../functions/browser-host/webdriver/drivers.js';

/** Listens on a loopback port and announces it the way ChromeDriver does, the number cut across two writes. */
const SERVER = `
const http = require('node:http');
const server = http.createServer((_, res) => res.end(JSON.stringify({ value: { ready: true } })));
server.listen(0, '127.0.0.1', () => {
  const port = String(server.address().port);
  process.stdout.write('ChromeDriver was started successfully on port ' + port.slice(0, 1));
  setTimeout(() => process.stdout.write(port.slice(1) + '.\\n'), 150);
});
`;

let dir: string;

async function standIn(name: string, refusals: number, refusal: string): Promise<string> {
  const path = join(dir, name);
  const counter = `${path}.starts`;
  await writeFile(join(dir, 'server.cjs'), SERVER);
  await writeFile(
    path,
    [
      '#!/bin/sh',
      `n=$(cat '${counter}' 2>/dev/null || echo 0)`,
      `echo $((n + 1)) > '${counter}'`,
      `if [ "$n" -lt ${refusals} ]; then ${refusal}; fi`,
      `exec '${process.execPath}' '${join(dir, 'server.cjs')}'`,
      '',
    ].join('\n'),
  );
  await chmod(path, 0o755);
  return path;
}

const PORT_TAKEN =
  "echo '[1.1][SEVERE]: bind() failed: Address already in use (98)' >&2; echo 'IPv4 port not available. Exiting...'; exit 1";
const starts = async (path: string) => Number(await readFile(`${path}.starts`, 'utf8'));
const driversOf = (driverPath: string) => new SessionDrivers({ driverPath, log: () => undefined });

describe("a session's chromedriver", () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'driver-start-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is started again when its IPv4 port was taken, and the session gets a driver that answers', async () => {
    const path = await standIn('taken-once', 1, PORT_TAKEN);
    const drivers = driversOf(path);
    try {
      const url = await drivers.urlFor('s1');
      expect(await starts(path)).toBe(2);
      // The whole number, though it came in two pieces: a cut one would be another port.
      const status = await fetch(`${url}/status`);
      expect(((await status.json()) as { value: { ready: boolean } }).value.ready).toBe(true);
    } finally {
      await drivers.stopAll();
    }
  });

  it('fails after a few tries when the port is taken each time, saying why', async () => {
    const path = await standIn('taken-always', 99, PORT_TAKEN);
    const drivers = driversOf(path);
    await expect(drivers.urlFor('s2')).rejects.toThrow(/IPv4 port not available/);
    expect(await starts(path)).toBe(4);
    expect(drivers.size).toBe(0);
  });

  it('is not started again when it exits for another reason', async () => {
    const path = await standIn('broken', 99, "echo 'error while loading shared libraries' >&2; exit 127");
    const drivers = driversOf(path);
    await expect(drivers.urlFor('s3')).rejects.toThrow(/code 127.*shared libraries/s);
    expect(await starts(path)).toBe(1);
  });
});
