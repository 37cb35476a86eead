/**
 * The HTML the live view serves: the viewer page (self-contained: its script and styles inline, nothing loaded
 * from elsewhere), and small pages for refused or ended views that still tell an embedding parent frame.
 */
import type { ViewerOptions } from './options.js';
import { VIEWER_SCRIPT } from './viewer-script.js';
import { VIEWER_STYLE } from './viewer-style.js';

export interface ViewerConfig {
  sessionId: string;
  windowId: string;
  /** Epoch seconds after which the token no longer opens the socket: reconnects stop then. */
  expiresAt: number;
  socketPath: string;
  options: ViewerOptions;
}

/** Read by tests and embedding pages that want to know what the viewer shows (`window.liveViewState`). */
export interface ViewerState {
  frames: number;
  firstFrameMs: number;
  lastFrameAt: number;
  width: number;
  height: number;
  connected: boolean;
  ended: string | null;
  url: string;
  reconnects: number;
}

/** Script-safe JSON: nothing in it can close the script element or start markup. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Inline script and style only; frames arrive over the socket as bytes (blob: only where createImageBitmap is missing); the socket goes back to this origin. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src blob:; connect-src 'self'";

export const viewerPage = (config: ViewerConfig): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Live view</title><style>${VIEWER_STYLE}</style></head>
<body class="${config.options.navigationBar ? 'with-nav' : ''}">
<form id="nav" autocomplete="off" ${config.options.navigationBar ? '' : 'hidden'}>
<button type="button" id="back" title="Back" aria-label="Back">&#8592;</button>
<button type="button" id="forward" title="Forward" aria-label="Forward">&#8594;</button>
<button type="button" id="reload" title="Reload" aria-label="Reload">&#8635;</button>
<input id="address" name="address" spellcheck="false" aria-label="Address">
</form>
<main id="stage"><canvas id="screen" tabindex="0" aria-label="Live view of the browser window"></canvas>
<div id="status" role="status">Connecting…</div></main>
<script>window.LIVE_VIEW = ${inlineJson(config)};</script>
<script>${VIEWER_SCRIPT}</script>
</body></html>`;

/**
 * A page that only shows a message and, framed, posts `eventName` to the parent: a refused link reports an
 * Error, an ended session BrowserDisconnected.
 */
export const noticePage = (
  title: string,
  message: string,
  post: { eventName: string; payload?: unknown },
): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${VIEWER_STYLE}</style></head>
<body><main id="stage"><div id="status" class="final" role="status"><strong>${escapeHtml(title)}</strong><br>${escapeHtml(message)}</div></main>
<script>if (window.parent !== window) window.parent.postMessage(${inlineJson(post)}, '*');</script>
</body></html>`;
