/**
 * Smoke test of a deployment with the official client: `npm run smoke -- --url <ApiUrl> --key <API key>
 * [--page <url>] [--timeout <seconds>]`. Creates a session, waits until it runs, opens a window on the page, scrapes
 * it and terminates the session, printing each step with its duration; exits 1 at the first failure (the session
 * is terminated all the same).
 */
import { AirtopClient } from '@airtop/sdk';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export interface SmokeOptions {
  /** The API's base URL (the stack output ApiUrl); clients append v1/... */
  url: string;
  key: string;
  /** The page the window opens. */
  page: string;
  /** Longest wait for the session to run (a new host may have to start). */
  timeoutSeconds: number;
  log?: (line: string) => void;
}

export interface SmokeResult {
  sessionId: string;
  windowId: string;
  title: string;
  markdownLength: number;
}

const SESSION_POLL_MS = 1_000;

export const runSmoke = async (options: SmokeOptions): Promise<SmokeResult> => {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const client = new AirtopClient({ apiKey: options.key, baseUrl: options.url.replace(/\/+$/, '') });
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const value = await run();
    log(`ok   ${name} (${Date.now() - started} ms)`);
    return value;
  };

  // skipWaitSessionReady: the client's own wait for 'running' races the events stream against a timer it never
  // clears, which holds the process open for the whole timeout after success; the next step waits instead.
  const session = await step('create session', () =>
    client.sessions.create(
      { configuration: { skipWaitSessionReady: true } },
      { timeoutInSeconds: options.timeoutSeconds },
    ),
  );
  const sessionId = session.data.id;
  try {
    await step('session running', async () => {
      const deadline = Date.now() + options.timeoutSeconds * 1000;
      for (
        let status = session.data.status;
        status !== 'running';
        status = (await client.sessions.getInfo(sessionId)).data.status
      ) {
        if (status === 'ended' || Date.now() > deadline)
          throw new Error(`session ${sessionId} is ${status}, not running, after ${options.timeoutSeconds} s`);
        await new Promise((resolve) => setTimeout(resolve, SESSION_POLL_MS));
      }
    });
    const window = await step('open window', async () => {
      const opened = await client.windows.create(sessionId, { url: options.page }, { timeoutInSeconds: 120 });
      // The window opens even when its page does not load: the envelope's errors say why.
      const failed = (opened as { errors?: { message: string }[] }).errors?.[0];
      if (failed) throw new Error(failed.message);
      return opened;
    });
    const windowId = window.data.windowId;
    const scraped = await step('scrape', () =>
      client.windows.scrapeContent(sessionId, windowId, {}, { timeoutInSeconds: 120 }),
    );
    const { title, scrapedContent } = scraped.data.modelResponse;
    if (!scrapedContent.text.trim()) throw new Error(`the scrape of ${options.page} came back empty`);
    log(`     "${title}", ${scrapedContent.text.length} characters of markdown`);
    return { sessionId, windowId, title, markdownLength: scrapedContent.text.length };
  } finally {
    await step('terminate session', () => client.sessions.terminate(sessionId));
  }
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      page: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const usage = 'usage: npm run smoke -- --url <ApiUrl> --key <API key> [--page https://example.com] [--timeout 300]';
  const timeoutSeconds = Number(values.timeout ?? 300);
  if (values.help || !values.url || !values.key || !Number.isInteger(timeoutSeconds) || timeoutSeconds < 1) {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
  try {
    await runSmoke({ url: values.url, key: values.key, page: values.page ?? 'https://example.com', timeoutSeconds });
    process.stdout.write('smoke test passed\n');
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(`smoke test failed: ${detail}\n`);
    process.exit(1);
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await main();
