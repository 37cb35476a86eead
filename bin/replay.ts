/**
 * Turns a session recording into one standalone HTML page that replays it (rrweb-player, bundled into the page:
 * it opens from disk, offline, in any browser).
 *
 *   npm run replay -- <fileId | recording.json | downloadUrl> [--out page.html] [--api URL] [--key KEY]
 *
 * A file id is fetched through the API: `--api`, by default the running `npm start` (found through its data dir,
 * as the keys CLI finds it), else http://localhost:8080; `--key`, by default $API_KEY.
 * The page shows one window at a time, with a picker when the session had several.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/config/config.js';
import { findRunningService } from '../functions/composition/local/endpoints-file.js';

interface Recording {
  format: string;
  sessionId: string;
  startedAt: string;
  endedAt: string;
  truncated: boolean;
  windows: { windowId: string; startedAt: string; pages: { url: string; at: string }[]; events: unknown[] }[];
}

const playerAsset = (name: string): string => {
  const entry = createRequire(import.meta.url).resolve('rrweb-player');
  return readFileSync(join(dirname(entry), name), 'utf8');
};

/** JSON that can sit inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const replayPage = (recording: Recording): string => {
  if (recording.format !== 'sessionhost-recording')
    throw new Error(`not a session recording (format ${JSON.stringify(recording.format)})`);
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>Recording of session ${escapeHtml(recording.sessionId)}</title>
<style>${playerAsset('style.css')}</style>
<style>
  body { font-family: system-ui, sans-serif; margin: 16px; color: #222; }
  header p { margin: 4px 0 12px; color: #555; }
  #player { margin-top: 12px; }
</style>
</head>
<body>
<header>
  <h1>Session ${escapeHtml(recording.sessionId)}</h1>
  <p>${escapeHtml(recording.startedAt)} to ${escapeHtml(recording.endedAt)}${recording.truncated ? ' (the recording reached its size limit and stops early)' : ''}</p>
  <label>Window <select id="window"></select></label>
</header>
<div id="player"></div>
<script>${playerAsset('rrweb-player.umd.min.cjs')}</script>
<script>
  const recording = ${scriptJson(recording)};
  const Player = rrwebPlayer.default || rrwebPlayer;
  const select = document.getElementById('window');
  const target = document.getElementById('player');
  recording.windows.forEach((window, index) => {
    const option = document.createElement('option');
    const first = window.pages[0] ? window.pages[0].url : 'no page';
    option.value = String(index);
    option.textContent = 'Window ' + (index + 1) + ': ' + first + ' (' + window.pages.length + ' page(s), ' + window.events.length + ' events)';
    select.appendChild(option);
  });
  const show = (index) => {
    target.replaceChildren();
    const events = recording.windows[index] ? recording.windows[index].events : [];
    if (events.length < 2) {
      target.textContent = 'Nothing to replay in this window.';
      return;
    }
    new Player({ target, props: { events, width: Math.min(1280, window.innerWidth - 48), height: 600, autoPlay: false, showController: true } });
  };
  select.addEventListener('change', () => show(Number(select.value)));
  show(0);
</script>
</body>
</html>
`;
};

/** The API a file id is fetched from when `--api` is not given: the local service that runs now, if one does. */
const defaultApi = async (): Promise<string> =>
  (await findRunningService(resolve(loadConfig().dataDir))).service?.apiUrl ?? 'http://localhost:8080';

const fetchRecording = async (source: string, given: { api?: string; key?: string }): Promise<Recording> => {
  if (/^https?:\/\//.test(source)) return (await (await fetch(source)).json()) as Recording;
  const local = await readFile(source, 'utf8').catch(() => undefined);
  if (local !== undefined) return JSON.parse(local) as Recording;
  const { key } = given;
  if (!key)
    throw new Error(
      `${source} is not a readable file; to fetch it as a file id from the API, pass --key KEY or set API_KEY (a key of the org that owns it)`,
    );
  const api = given.api ?? (await defaultApi());
  const info = await fetch(`${api.replace(/\/$/, '')}/v1/files/${encodeURIComponent(source)}`, {
    headers: { authorization: `Bearer ${key}` },
  }).catch((error: Error) => {
    throw new Error(
      `could not reach the API at ${api} (${String((error.cause as Error | undefined)?.message ?? error.message)}); start it with npm start, or pass --api URL`,
    );
  });
  if (!info.ok) throw new Error(`GET /v1/files/${source} answered ${info.status}: ${await info.text()}`);
  const { data } = (await info.json()) as { data: { fileType: string; status: string; downloadUrl: string } };
  if (data.fileType !== 'recording') throw new Error(`file ${source} is a ${data.fileType}, not a recording`);
  if (data.status !== 'available') throw new Error(`file ${source} is ${data.status}, not available`);
  return (await (await fetch(data.downloadUrl)).json()) as Recording;
};

const main = async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      api: { type: 'string' },
      key: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const source = positionals[0];
  if (values.help || !source) {
    console.error(
      'usage: npm run replay -- <fileId | recording.json | downloadUrl> [--out page.html] [--api URL] [--key KEY]',
    );
    process.exit(2);
  }
  const recording = await fetchRecording(source, {
    api: values.api,
    key: values.key ?? (process.env.API_KEY || undefined),
  });
  const out = resolve(values.out ?? `recording-${recording.sessionId}.html`);
  await writeFile(out, replayPage(recording));
  console.log(`Wrote ${out}: open it in a browser (${recording.windows.length} window(s)).`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
