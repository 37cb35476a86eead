/** Replays a session's recording file with rrweb-player, one window at a time. */
import Player from 'rrweb-player';
import { call } from '../api.js';
import { h, message, time } from '../dom.js';
import type { RecordingDocument } from '../../../core/recordings/format.js';
import type { FileItem, Page } from './types.js';

export const replayPage: Page = async (main, { id }, signal) => {
  const { data: file } = await call<{ data: FileItem }>(
    'GET',
    `/v1/files/${encodeURIComponent(id!)}`,
    undefined,
    signal,
  );
  if (file.fileType !== 'recording') throw new Error(`file ${file.id} is a ${file.fileType}, not a recording`);
  if (!file.downloadUrl) throw new Error(`the recording is ${file.status}, so it cannot be replayed`);
  // The download URL is signed on its own: no API key goes to the blob store.
  const response = await fetch(file.downloadUrl, { signal });
  if (!response.ok) throw new Error(`the recording could not be downloaded (HTTP ${response.status})`);
  const recording = (await response.json()) as RecordingDocument;
  if (recording.format !== 'sessionhost-recording') throw new Error('the file is not a session recording');

  const stage = h('div', { class: 'player', id: 'player' });
  const picker = h(
    'select',
    { id: 'window-picker', onchange: (event: Event) => show(Number((event.target as HTMLSelectElement).value)) },
    recording.windows.map((window, index) =>
      h(
        'option',
        { value: index },
        `Window ${index + 1}: ${window.pages[0]?.url ?? 'no page'} (${window.events.length} events)`,
      ),
    ),
  );
  const show = (index: number) => {
    stage.replaceChildren();
    const events = recording.windows[index]?.events ?? [];
    if (events.length < 2) return stage.replaceChildren(message('Nothing to replay in this window.'));
    const width = Math.max(280, Math.min(1200, main.clientWidth - 8));
    // The frame and its controls (about 80 px) fit the screen, so play is reachable without scrolling.
    const room = window.innerHeight - stage.getBoundingClientRect().top - 100;
    const height = Math.max(200, Math.min(Math.round(width * 0.5625), room));
    new Player({
      target: stage,
      props: { events: events as never, width, height, autoPlay: false, showController: true },
    });
  };
  main.replaceChildren(
    h('p', { class: 'crumbs' }, h('a', { href: `#/sessions/${encodeURIComponent(recording.sessionId)}` }, '← Session')),
    h('h1', {}, 'Recording of session ', h('span', { class: 'mono' }, recording.sessionId)),
    h(
      'p',
      {},
      `${time(recording.startedAt)} to ${time(recording.endedAt)}`,
      recording.truncated ? ' (the recording reached its size limit and stops early)' : '',
    ),
    recording.windows.length
      ? h(
          'div',
          { class: 'toolbar' },
          h('label', { for: 'window-picker' }, 'Window'),
          picker,
          h('a', { href: file.downloadUrl, download: file.fileName }, 'Download the recording'),
        )
      : message('The recording has no windows.'),
    stage,
  );
  if (recording.windows.length) show(0);
};
