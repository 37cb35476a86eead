/**
 * The viewer page's script (plain browser JavaScript, inlined into the page). It draws frames on a canvas and
 * acknowledges each once drawn (that paces the screencast), maps pointer positions from the scaled canvas to the
 * page's CSS pixels, forwards keys and pastes, follows its frame's size, talks to the parent frame with the
 * official client's postMessage events, and reconnects after a network blip.
 */
export const VIEWER_SCRIPT = String.raw`(() => {
  'use strict';
  const cfg = window.LIVE_VIEW;
  const fixed = cfg.options.screenResolution;
  const canvas = document.getElementById('screen');
  const context = canvas.getContext('2d');
  const stage = document.getElementById('stage');
  const statusBox = document.getElementById('status');
  const address = document.getElementById('address');
  /** Read by tests and embedding pages that want to know what the viewer shows. */
  const state = (window.liveViewState = { frames: 0, firstFrameMs: 0, lastFrameAt: 0, width: 0, height: 0, connected: false, ended: null, url: '', reconnects: 0 });
  const CLOSED_FOR_GOOD = { 4410: 'sessionEnded', 4404: 'windowClosed' };
  const MESSAGES = {
    sessionEnded: 'The browser session has ended.',
    windowClosed: 'This window was closed.',
    expired: 'This live view link has expired.',
    lost: 'The connection to the browser was lost.',
  };
  let socket = null;
  let meta = null;
  let ended = false;
  let attempt = 0;

  const post = (eventName, payload) => {
    if (window.parent === window) return;
    window.parent.postMessage(payload === undefined ? { eventName } : { eventName, payload }, '*');
  };
  const setStatus = (text, final) => {
    statusBox.textContent = text;
    statusBox.className = final ? 'final' : '';
  };
  const send = (message) => {
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
  const decode = (blob) => window.createImageBitmap ? createImageBitmap(blob) : new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = reject;
    image.src = URL.createObjectURL(blob);
  });
  const drawFrame = (buffer) => {
    const number = ++received;
    const length = new DataView(buffer).getUint32(0);
    const frameMeta = JSON.parse(decoder.decode(new Uint8Array(buffer, 4, length)));
    decode(new Blob([new Uint8Array(buffer, 4 + length)], { type: 'image/jpeg' })).then((image) => {
      if (number > drawn) {
        drawn = number;
        const width = image.naturalWidth || image.width;
        const height = image.naturalHeight || image.height;
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
      if (image.close) image.close();
      else if (image.src) URL.revokeObjectURL(image.src);
    }, (error) => console.warn('live view: undecodable frame', error)).then(() => send({ t: 'ack' }));
  };

  const showUrl = (url, announce) => {
    if (url === state.url) return;
    state.url = url;
    if (address && document.activeElement !== address) address.value = url;
    if (announce) post('UrlChange', url);
  };

  const finish = (reason) => {
    if (ended) return;
    ended = true;
    state.ended = reason;
    state.connected = false;
    canvas.style.opacity = '0.35';
    setStatus(MESSAGES[reason] || MESSAGES.lost, true);
    post('BrowserDisconnected');
    if (socket) socket.close();
  };

  const onMessage = (message) => {
    switch (message.t) {
      case 'hello': return showUrl(message.url, state.url !== '');
      case 'url': return showUrl(message.url, true);
      case 'newWindow': return post('NewWindowOpened', message.windowId);
      case 'ended': return finish(message.reason);
      case 'error': return post('Error', { message: message.message });
    }
  };

  const connect = () => {
    if (ended) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The page's own query carries the token and the viewer options; the socket takes the same.
    socket = new WebSocket(scheme + '//' + location.host + cfg.socketPath + location.search);
    socket.onopen = () => {
      attempt = 0;
      state.connected = true;
      if (!meta) setStatus('Waiting for the first frame…');
      else setStatus('');
      reportSize();
    };
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (event) => {
      try {
        if (typeof event.data === 'string') onMessage(JSON.parse(event.data));
        else drawFrame(event.data);
      } catch (error) { console.warn('live view: bad message', error); }
    };
    socket.onclose = (event) => {
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
  const toPage = (event) => {
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
  const modifiers = (event) => (event.altKey ? 1 : 0) | (event.ctrlKey ? 2 : 0) | (event.metaKey ? 4 : 0) | (event.shiftKey ? 8 : 0);
  const BUTTON_NAMES = ['left', 'middle', 'right', 'back', 'forward'];
  const mouse = (type, event, clickCount) => {
    const point = toPage(event);
    if (!point) return;
    send({ t: 'mouse', type, x: point.x, y: point.y, button: type === 'mouseMoved' ? 'none' : BUTTON_NAMES[event.button] || 'none', buttons: event.buttons, clickCount, modifiers: modifiers(event) });
  };
  canvas.addEventListener('mousedown', (event) => {
    event.preventDefault();
    canvas.focus();
    mouse('mousePressed', event, event.detail || 1);
  });
  canvas.addEventListener('mouseup', (event) => mouse('mouseReleased', event, event.detail || 1));
  let pendingMove = null;
  canvas.addEventListener('mousemove', (event) => {
    // One move per animation frame is all the page can show anyway.
    if (!pendingMove) requestAnimationFrame(() => { mouse('mouseMoved', pendingMove, 0); pendingMove = null; });
    pendingMove = event;
  });
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    const point = toPage(event);
    if (!point) return;
    const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
    send({ t: 'wheel', x: point.x, y: point.y, deltaX: event.deltaX * unit, deltaY: event.deltaY * unit, modifiers: modifiers(event) });
  }, { passive: false });

  // Keys: the paste shortcut is left to this browser, whose paste event then carries the clipboard text.
  const isPasteShortcut = (event) => (event.ctrlKey || event.metaKey) && (event.key === 'v' || event.key === 'V');
  const key = (type, event) => {
    if (isPasteShortcut(event)) return;
    event.preventDefault();
    send({ t: 'key', type, key: event.key, code: event.code, keyCode: event.keyCode, location: event.location, modifiers: modifiers(event) });
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
  const nav = (action, url) => send(url === undefined ? { t: 'nav', action } : { t: 'nav', action, url });
  const form = document.getElementById('nav');
  document.getElementById('back').addEventListener('click', () => nav('back'));
  document.getElementById('forward').addEventListener('click', () => nav('forward'));
  document.getElementById('reload').addEventListener('click', () => nav('reload'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (address.value.trim()) nav('go', address.value.trim());
    canvas.focus();
  });
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || window.parent === window) return;
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    switch (message.eventName) {
      case 'NavigateToUrl': return nav('go', String(message.payload || ''));
      case 'NavigateBack': return nav('back');
      case 'NavigateForward': return nav('forward');
      case 'RefreshPage': return nav('reload');
      case 'CloseWindow': return nav('close');
    }
  });

  connect();
})();`;
