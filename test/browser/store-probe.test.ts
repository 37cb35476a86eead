/**
 * A tenant's browser probing every port the service listens on cannot read the stores, with private networks
 * allowed (the default, so sessions can browse local sites): the pages of a session's CDP client navigating to each
 * port, fetching from a page and from a worker, get no byte of another org's records or files. The embedded stores
 * answer such unsigned requests 403.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let browser: Browser;
let otherOrgId: string;
const RECORD_MARKER = 'record-marker-3f9a1c';
const FILE_MARKER = 'file-marker-8d2e7b';

/** The TCP ports this process listens on: the API, both stores, and whatever the browser host opened. */
const listeningPorts = async (): Promise<number[]> => {
  const inodes = new Set<string>();
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    const match = /^socket:\[(\d+)\]$/.exec(target);
    if (match) inodes.add(match[1]!);
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // State 0A is LISTEN; field 9 is the socket's inode.
      if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
};

beforeAll(async () => {
  svc = await startTestService({ blockPrivateNetworks: false });
  const other = await svc.newOrg('probed-org');
  otherOrgId = other.orgId;
  await svc.deps.records.put({ pk: `ORG#${other.orgId}#SECRETS`, sk: 'x', note: RECORD_MARKER });
  await svc.deps.blobs.put(`files/${other.orgId}/probed`, FILE_MARKER);
  const { id } = await createRunningSession(svc);
  // Over the socket, as a client would: the CDP address is built from the request's host.
  const info = (await (await fetch(`${svc.url}/v1/sessions/${id}`, { headers: svc.auth })).json()) as {
    data: { cdpWsUrl: string };
  };
  browser = await puppeteer.connect({
    browserWSEndpoint: info.data.cdpWsUrl,
    headers: { Authorization: `Bearer ${svc.key}` },
  });
}, 120_000);
afterAll(async () => {
  await browser?.disconnect();
  await svc?.stop();
});

describe("a session's browser probing the service's ports", { timeout: 240_000 }, () => {
  it('reads no record or file of any org from any of them', async () => {
    const ports = await listeningPorts();
    const storePorts = [svc.embeddedStores!.dynamoEndpoint, svc.embeddedStores!.s3Endpoint].map((url) =>
      Number(new URL(url).port),
    );
    expect(ports).toEqual(expect.arrayContaining([Number(new URL(svc.url).port), ...storePorts]));
    const bucket = svc.deps.config.bucketName;
    // What an attacker would try: the listings, then an object named in them.
    const paths = ['/', `/${bucket}`, `/${bucket}?list-type=2`, `/${bucket}/files/${otherOrgId}/probed`];
    const page = await browser.newPage();
    const seen: string[] = [];
    try {
      for (const port of ports) {
        const base = `http://127.0.0.1:${port}`;
        for (const path of paths) {
          // Navigation, as a window loading the address would.
          const response = await page.goto(`${base}${path}`, { timeout: 15_000 }).catch(() => null);
          seen.push(
            `${port}${path} navigate ${response?.status() ?? 'failed'}: ${await page.content().catch(() => '')}`,
          );
        }
        // From a page on the same host: fetch (S3 and DynamoDB style) and a worker's fetch.
        const probes = await page.evaluate(
          async (target: string, bucketName: string, tableName: string) => {
            const read = async (input: string, init?: RequestInit) => {
              try {
                const response = await fetch(input, init);
                return `${response.status} ${await response.text()}`;
              } catch (error) {
                return `failed ${String(error)}`;
              }
            };
            const scan = {
              method: 'POST',
              headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Scan' },
              body: JSON.stringify({ TableName: tableName }),
            };
            const workerCode = `fetch(${JSON.stringify(`${target}/${bucketName}?list-type=2`)}).then(r => r.text()).then(t => postMessage(t), e => postMessage('failed ' + e))`;
            const worker = new Worker(URL.createObjectURL(new Blob([workerCode], { type: 'text/javascript' })));
            const fromWorker = await new Promise<string>((resolve) => {
              worker.onmessage = (event) => resolve(String(event.data));
              setTimeout(() => resolve('worker timed out'), 10_000);
            });
            return [await read(`${target}/`, scan), await read(`${target}/${bucketName}?list-type=2`), fromWorker];
          },
          base,
          bucket,
          svc.deps.config.tableName,
        );
        seen.push(...probes.map((probe) => `${port} fetch: ${probe}`));
      }
    } finally {
      await page.close();
    }
    // Only what came back counts, not the address asked for (which names the object, and a 404 may echo it). A
    // bucket listing shows as <Key> elements; a record or file by its marker; key records by their sort key.
    const answer = (text: string) => text.slice(text.indexOf(': ') + 2);
    const leaks = seen.filter((text) =>
      [RECORD_MARKER, FILE_MARKER, 'APIKEY#', '<Key>', '&lt;Key&gt;'].some((secret) => answer(text).includes(secret)),
    );
    expect(leaks).toEqual([]);
    // The stores themselves say no, rather than merely serving nothing.
    for (const port of storePorts)
      expect(seen.filter((text) => text.startsWith(`${port}/`) && text.includes(' navigate 200'))).toEqual([]);
  });
});
