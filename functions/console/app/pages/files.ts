/** The org's files, newest first: download any, replay recordings. */
import { call } from '../api.js';
import { badge, bytes, h, message, navigate, pager, table, time } from '../dom.js';
import type { FileItem, Page } from './types.js';
import type { Pagination } from '../api.js';

const LIMIT = 25;

/** A fresh signed link is asked for at the moment of download (listed links may have expired). */
const download = async (file: FileItem, button: HTMLButtonElement, status: HTMLElement) => {
  button.disabled = true;
  try {
    const { data } = await call<{ data: FileItem }>('GET', `/v1/files/${encodeURIComponent(file.id)}`);
    if (!data.downloadUrl) throw new Error(`the file is ${data.status}`);
    const link = h('a', { href: data.downloadUrl, download: file.fileName, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    status.replaceChildren(message(`Downloading ${file.fileName}.`));
  } catch (error) {
    status.replaceChildren(message(`Could not download ${file.fileName}: ${(error as Error).message}`, 'error'));
  } finally {
    button.disabled = false;
  }
};

export const filesPage: Page = async (main, { query }, signal) => {
  const offset = Number(query.get('offset') ?? 0) || 0;
  const { data } = await call<{ data: { files?: FileItem[]; pagination: Pagination } }>(
    'GET',
    `/v1/files?limit=${LIMIT}&offset=${offset}`,
    undefined,
    signal,
  );
  const files = data.files ?? [];
  const status = h('div', { 'aria-live': 'polite' });
  main.replaceChildren(
    h('h1', {}, 'Files'),
    status,
    files.length === 0
      ? message('No files yet: downloads, screenshots and recordings of sessions appear here.')
      : table(
          'Files',
          ['Name', 'Type', 'Status', 'Size', 'Created', 'Sessions', 'Actions'],
          files.map((file) => {
            const button = h(
              'button',
              { type: 'button', disabled: file.status !== 'available', 'aria-label': `Download ${file.fileName}` },
              'Download',
            );
            button.addEventListener('click', () => void download(file, button, status));
            return [
              h('span', { class: 'mono' }, file.fileName),
              document.createTextNode(file.fileType),
              badge(file.status),
              document.createTextNode(bytes(file.fileBytes)),
              document.createTextNode(time(file.uploadStartTime)),
              h(
                'span',
                {},
                (file.sessionIds ?? []).map((id) =>
                  h('a', { href: `#/sessions/${encodeURIComponent(id)}`, class: 'mono' }, id.slice(0, 8)),
                ),
              ),
              h(
                'span',
                { class: 'actions' },
                button,
                file.fileType === 'recording' && file.status === 'available'
                  ? h('a', { href: `#/recordings/${encodeURIComponent(file.id)}` }, 'Replay')
                  : null,
              ),
            ];
          }),
        ),
    pager(data.pagination, (next) => navigate('/files', { offset: next })),
  );
};
