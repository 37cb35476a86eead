/**
 * The viewer page's script (inlined into the page, see `../page.ts`). It draws frames on a canvas and
 * acknowledges each once drawn (that paces the screencast), maps pointer positions from the scaled canvas to the
 * page's CSS pixels, forwards keys and pastes, follows its frame's size, talks to the parent frame with the
 * official client's postMessage events, and reconnects after a network blip.
 */
import type { ViewerConfig, ViewerState } from '../page.js';

interface FrameMeta {
  deviceWidth: number;
  deviceHeight: number;
}

/** What the host sends as text (frames come as bytes). */
type HostMessage =
  | { t: 'hello' | 'url'; url: string }
  | { t: 'newWindow'; windowId: string }
  | { t: 'ended'; reason: string }
  | { t: 'error'; message: string };

type Picture = ImageBitmap | HTMLImageElement;

const CLOSED_FOR_GOOD: Record<number, string> = { 4410: 'sessionEnded', 4404: 'windowClosed', 4429: 'tooManyViewers' };
const MESSAGES: Record<string, string> = {
  sessionEnded: 'The browser session has ended.',
  windowClosed: 'This window was closed.',
  tooManyViewers: 'This window has as many viewers as it may have. Open the link again when one has left.',
  expired: 'This live view link has expired.',
  lost: 'The connection to the browser was lost.',
};
const BUTTON_NAMES = ['left', 'middle', 'right', 'back', 'forward'];

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export default function viewer(cfg: ViewerConfig): void {
  const fixed = cfg.options.screenResolution;
  const canvas = byId<HTMLCanvasElement>('screen');
  const context = canvas.getContext('2d')!;
  const stage = byId<HTMLElement>('stage');
  const statusBox = byId<HTMLElement>('status');
  const address = byId<HTMLInputElement>('address') as HTMLInputElement | null;
  const state: ViewerState = {
    frames: 0,
    firstFrameMs: 0,
    lastFrameAt: 0,
    width: 0,
    height: 0,
    connected: false,
    ended: null,
    url: '',
    reconnects: 0,
  };
  (window as Window & { liveViewState?: ViewerState }).liveViewState = state;
  let socket: WebSocket | null = null;
  let meta: FrameMeta | null = null;
  let ended = false;
  let attempt = 0;

  const post = (eventName: string, payload?: unknown) => {
    if (window.parent === window) return;
    window.parent.postMessage(payload === undefined ? { eventName } : { eventName, payload }, '*');
  };
  const setStatus = (text: string, final?: boolean) => {
    statusBox.textContent = text;
    statusBox.className = final ? 'final' : '';
  };
  const send = (message: Record<string, unknown>) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  if (fixed) {
    canvas.style.width = fixed.width + 'px';
    canvas.style.height = fixed.height + 'px';
  } else stage.classList.add('fill');

  // Frames: binary messages ([uint32 metadata length][metadata JSON][JPEG]). Decoded off the main thread, drawn in
  // arrival order (a frame decoded after a newer one was drawn is dropped), then acknowledged so the next comes.
  let received = 0;
  let drawn = 0;
  const decoder = new TextDecoder();
  const decode = (blob: Blob): Promise<Picture> =>
    'createImageBitmap' in window
      ? createImageBitmap(blob)
      : new Promise((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = URL.createObjectURL(blob);
        });
  const drawFrame = (buffer: ArrayBuffer) => {
    const number = ++received;
    const length = new DataView(buffer).getUint32(0);
    const frameMeta = JSON.parse(decoder.decode(new Uint8Array(buffer, 4, length))) as FrameMeta;
    decode(new Blob([new Uint8Array(buffer, 4 + length)], { type: 'image/jpeg' }))
      .then(
        (image) => {
          if (number > drawn) {
            drawn = number;
            const width = (image as HTMLImageElement).naturalWidth || image.width;
            const height = (image as HTMLImageElement).naturalHeight || image.height;
            if (canvas.width !== width || canvas.height !== height) {
              canvas.width = width;
              canvas.height = height;
            }
            context.drawImage(image, 0, 0);
            meta = frameMeta;
            state.width = meta.deviceWidth;
            state.height = meta.deviceHeight;
            state.frames += 1;
            state.lastFrameAt = Date.now();
            if (state.frames === 1) state.firstFrameMs = performance.now();
            if (state.frames === 1 || statusBox.textContent === 'Waiting for the first frame…') setStatus('');
          }
          if ('close' in image) image.close();
          else if (image.src) URL.revokeObjectURL(image.src);
        },
        (error) => console.warn('live view: undecodable frame', error),
      )
      .then(() => send({ t: 'ack' }));
  };

  const showUrl = (url: string, announce: boolean) => {
    if (url === state.url) return;
    state.url = url;
    if (address && document.activeElement !== address) address.value = url;
    if (announce) post('UrlChange', url);
  };

  const finish = (reason: string) => {
    if (ended) return;
    ended = true;
    state.ended = reason;
    state.connected = false;
    canvas.style.opacity = '0.35';
    setStatus(MESSAGES[reason] || MESSAGES.lost, true);
    post('BrowserDisconnected');
    if (socket) socket.close();
  };

  const onMessage = (message: HostMessage) => {
    switch (message.t) {
      case 'hello':
        return showUrl(message.url, state.url !== '');
      case 'url':
        return showUrl(message.url, true);
      case 'newWindow':
        return post('NewWindowOpened', message.windowId);
      case 'ended':
        return finish(message.reason);
      case 'error':
        return post('Error', { message: message.message });
    }
  };

  const connect = () => {
    if (ended) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The page's own query carries the token and the viewer options; the socket takes the same.
    const opened = new WebSocket(scheme + '//' + location.host + cfg.socketPath + location.search);
    socket = opened;
    opened.onopen = () => {
      attempt = 0;
      state.connected = true;
      if (!meta) setStatus('Waiting for the first frame…');
      else setStatus('');
      reportSize();
    };
    opened.binaryType = 'arraybuffer';
    opened.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
      try {
        if (typeof event.data === 'string') onMessage(JSON.parse(event.data) as HostMessage);
        else drawFrame(event.data);
      } catch (error) {
        console.warn('live view: bad message', error);
      }
    };
    opened.onclose = (event) => {
      socket = null;
      state.connected = false;
      if (ended) return;
      if (CLOSED_FOR_GOOD[event.code]) return finish(CLOSED_FOR_GOOD[event.code]);
      reconnect();
    };
  };

  // A dropped socket is retried with growing, jittered delays while the token is valid; then the view gives up.
  const reconnect = () => {
    if (Date.now() / 1000 >= cfg.expiresAt - 1) return finish('expired');
    attempt += 1;
    if (attempt > 12) return finish('lost');
    state.reconnects += 1;
    setStatus('Connection lost; reconnecting…');
    const delay = Math.min(10000, 250 * Math.pow(2, attempt - 1)) * (0.8 + Math.random() * 0.4);
    setTimeout(connect, delay);
  };

  // Sizing: without a fixed resolution the page follows this frame's size. disableResize keeps the first fit to the
  // frame (the interface: it "does not affect the initial fill-parent resize") and stops the following ones.
  let resizeTimer = 0;
  let sizedOnce = false;
  const reportSize = () => {
    if (fixed || (cfg.options.disableResize && sizedOnce)) return;
    const width = Math.floor(stage.clientWidth);
    const height = Math.floor(stage.clientHeight);
    if (width > 0 && height > 0) {
      sizedOnce = true;
      send({ t: 'resize', width, height });
    }
  };
  if (!fixed && !cfg.options.disableResize && window.ResizeObserver) {
    new ResizeObserver(() => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(reportSize, 250);
    }).observe(stage);
  }

  // Pointer: canvas position → page CSS pixels, through the letterboxing of a filled frame.
  const toPage = (event: MouseEvent) => {
    if (!meta || !canvas.width) return null;
    const box = canvas.getBoundingClientRect();
    let width = box.width;
    let height = box.height;
    let left = box.left;
    let top = box.top;
    if (!fixed) {
      const scale = Math.min(box.width / canvas.width, box.height / canvas.height);
      width = canvas.width * scale;
      height = canvas.height * scale;
      left += (box.width - width) / 2;
      top += (box.height - height) / 2;
    }
    return {
      x: ((event.clientX - left) / width) * meta.deviceWidth,
      y: ((event.clientY - top) / height) * meta.deviceHeight,
    };
  };
  const modifiers = (event: MouseEvent | KeyboardEvent) =>
    (event.altKey ? 1 : 0) | (event.ctrlKey ? 2 : 0) | (event.metaKey ? 4 : 0) | (event.shiftKey ? 8 : 0);
  const mouse = (type: string, event: MouseEvent, clickCount: number) => {
    const point = toPage(event);
    if (!point) return;
    send({
      t: 'mouse',
      type,
      x: point.x,
      y: point.y,
      button: type === 'mouseMoved' ? 'none' : BUTTON_NAMES[event.button] || 'none',
      buttons: event.buttons,
      clickCount,
      modifiers: modifiers(event),
    });
  };
  canvas.addEventListener('mousedown', (event) => {
    event.preventDefault();
    canvas.focus();
    mouse('mousePressed', event, event.detail || 1);
  });
  canvas.addEventListener('mouseup', (event) => mouse('mouseReleased', event, event.detail || 1));
  let pendingMove: MouseEvent | null = null;
  canvas.addEventListener('mousemove', (event) => {
    // One move per animation frame is all the page can show anyway.
    if (!pendingMove) {
      requestAnimationFrame(() => {
        mouse('mouseMoved', pendingMove!, 0);
        pendingMove = null;
      });
    }
    pendingMove = event;
  });
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  canvas.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      const point = toPage(event);
      if (!point) return;
      const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
      send({
        t: 'wheel',
        x: point.x,
        y: point.y,
        deltaX: event.deltaX * unit,
        deltaY: event.deltaY * unit,
        modifiers: modifiers(event),
      });
    },
    { passive: false },
  );

  // Keys: the paste shortcut is left to this browser, whose paste event then carries the clipboard text.
  const isPasteShortcut = (event: KeyboardEvent) =>
    (event.ctrlKey || event.metaKey) && (event.key === 'v' || event.key === 'V');
  const key = (type: string, event: KeyboardEvent) => {
    if (isPasteShortcut(event)) return;
    event.preventDefault();
    send({
      t: 'key',
      type,
      key: event.key,
      code: event.code,
      keyCode: event.keyCode,
      location: event.location,
      modifiers: modifiers(event),
    });
  };
  canvas.addEventListener('keydown', (event) => key('keyDown', event));
  canvas.addEventListener('keyup', (event) => key('keyUp', event));
  document.addEventListener('paste', (event) => {
    if (document.activeElement === address) return;
    const text = event.clipboardData && event.clipboardData.getData('text/plain');
    if (!text) return;
    event.preventDefault();
    send({ t: 'text', text });
  });

  // Navigation bar and the parent frame's commands.
  const nav = (action: string, url?: string) =>
    send(url === undefined ? { t: 'nav', action } : { t: 'nav', action, url });
  const form = byId<HTMLFormElement>('nav');
  byId('back').addEventListener('click', () => nav('back'));
  byId('forward').addEventListener('click', () => nav('forward'));
  byId('reload').addEventListener('click', () => nav('reload'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (address && address.value.trim()) nav('go', address.value.trim());
    canvas.focus();
  });
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || window.parent === window) return;
    const message = event.data as { eventName?: string; payload?: unknown } | null;
    if (!message || typeof message !== 'object') return;
    switch (message.eventName) {
      case 'NavigateToUrl':
        return nav('go', String(message.payload || ''));
      case 'NavigateBack':
        return nav('back');
      case 'NavigateForward':
        return nav('forward');
      case 'RefreshPage':
        return nav('reload');
      case 'CloseWindow':
        return nav('close');
    }
  });

  connect();
}
