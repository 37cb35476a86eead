/**
 * What CDP overrides cannot set is corrected in the page itself, by a script that runs in each new document (and
 * each worker) before the page's own scripts. Each correction checks the browser's own value first and changes only
 * what gives the headless shell away, so a value the browser already reports right stays native.
 *
 * Replaced getters and methods keep the shape of the natives they stand for: same property descriptors, same
 * names and lengths, not constructible, no `prototype`, `Function.prototype.toString` answering `[native code]`
 * (and itself looking native), and the native's own TypeError for a wrong receiver, because detection scripts
 * probe exactly these.
 *
 * The script is kept as text (not a serialized function): compilers may add helpers to a function's body that
 * would not exist in the page.
 */
import type { Fingerprint } from './fingerprint.js';

/** Configuration the script receives; plain JSON. */
interface PatchConfig {
  userAgent: string;
  platform: string;
  languages: string[];
  metadata: Fingerprint['metadata'];
  webgl: Fingerprint['webgl'];
  headlessShell: boolean;
}

const configOf = (fingerprint: Fingerprint): PatchConfig => ({
  userAgent: fingerprint.userAgent,
  platform: fingerprint.platform,
  languages: fingerprint.languages,
  metadata: fingerprint.metadata,
  webgl: fingerprint.webgl,
  headlessShell: fingerprint.headlessShell !== false,
});

/** Corrections every scope needs, windows and workers alike. Defines `install(config, scope)`'s shared helpers. */
const COMMON = String.raw`
  const apply = Reflect.apply;
  const defineProperty = Object.defineProperty;
  const getDescriptor = Object.getOwnPropertyDescriptor;
  const freeze = Object.freeze;
  const weakGet = WeakMap.prototype.get;
  const weakSet = WeakMap.prototype.set;
  const weakHas = WeakMap.prototype.has;
  const nativeToString = Function.prototype.toString;
  const nativeNames = new WeakMap();
  const native = (fn, name) => { apply(weakSet, nativeNames, [fn, name]); return fn; };
  const toString = { toString() {
    const name = apply(weakGet, nativeNames, [this]);
    if (name !== undefined) return 'function ' + name + '() { [native code] }';
    return apply(nativeToString, this, arguments);
  } }.toString;
  native(toString, 'toString');
  defineProperty(Function.prototype, 'toString', { ...getDescriptor(Function.prototype, 'toString'), value: toString });

  /** Replaces an accessor's getter: compute(original, receiver) runs after the native getter accepted the receiver. */
  const replaceGetter = (target, prop, compute) => {
    const descriptor = target && getDescriptor(target, prop);
    if (!descriptor || !descriptor.get) return;
    const original = descriptor.get;
    const getter = getDescriptor({ get [prop]() { return compute(apply(original, this, []), this); } }, prop).get;
    defineProperty(target, prop, { ...descriptor, get: native(getter, 'get ' + prop) });
  };
  /** Replaces a method; the replacement has the native's name and length. */
  const replaceMethod = (target, name, make) => {
    const descriptor = target && getDescriptor(target, name);
    if (!descriptor || typeof descriptor.value !== 'function') return;
    const original = descriptor.value;
    const impl = make(original);
    const method = { [name](...args) { return apply(impl, this, args); } }[name];
    defineProperty(method, 'length', { value: original.length });
    defineProperty(target, name, { ...descriptor, value: native(method, name) });
  };
  const nav = scope.navigator;
  const NavigatorProto = Object.getPrototypeOf(nav);

  // The user agent and its client hints, where the browser's override did not reach (shared and service workers).
  if (/Headless/.test(nav.userAgent)) {
    replaceGetter(NavigatorProto, 'userAgent', () => config.userAgent);
    replaceGetter(NavigatorProto, 'appVersion', () => config.userAgent.replace(/^Mozilla\//, ''));
  }
  const uaData = nav.userAgentData;
  if (uaData && uaData.brands.some((entry) => /Headless/.test(entry.brand))) {
    const UAProto = Object.getPrototypeOf(uaData);
    const meta = config.metadata;
    const low = () => ({ brands: meta.brands.map((b) => ({ ...b })), mobile: meta.mobile, platform: meta.platform });
    replaceGetter(UAProto, 'brands', () => freeze(low().brands.map(freeze)));
    replaceGetter(UAProto, 'platform', () => meta.platform);
    replaceMethod(UAProto, 'toJSON', (original) => function () { apply(original, this, []); return low(); });
    replaceMethod(UAProto, 'getHighEntropyValues', (original) => function (hints) {
      const asked = apply(original, this, [hints]);
      return asked.then((values) => {
        const answer = { ...values, ...low() };
        for (const hint of hints) {
          if (hint === 'uaFullVersion') answer.uaFullVersion = meta.fullVersion;
          else if (hint === 'fullVersionList') answer.fullVersionList = meta.fullVersionList.map((b) => ({ ...b }));
          else if (hint in meta) answer[hint] = Array.isArray(meta[hint]) ? [...meta[hint]] : meta[hint];
        }
        return answer;
      });
    });
  }

  // Languages, where the override did not reach: one frozen list, the same object on every read, as Chrome's.
  if (nav.languages.join(',') !== config.languages.join(',')) {
    const languages = freeze([...config.languages]);
    replaceGetter(NavigatorProto, 'languages', () => languages);
    replaceGetter(NavigatorProto, 'language', () => languages[0]);
  }

  // A network estimate of exactly zero round trip is what a browser without network quality reports.
  if (scope.NetworkInformation) replaceGetter(scope.NetworkInformation.prototype, 'rtt', (rtt) => (rtt === 0 ? 50 : rtt));

  // WebGL names the software rasterizer; a desktop reports its GPU (asked through WEBGL_debug_renderer_info).
  const UNMASKED_VENDOR = 0x9245;
  const UNMASKED_RENDERER = 0x9246;
  const software = /SwiftShader|llvmpipe|softpipe|Software/i;
  for (const context of [scope.WebGLRenderingContext, scope.WebGL2RenderingContext]) {
    if (!context) continue;
    replaceMethod(context.prototype, 'getParameter', (original) => function (parameter) {
      const value = apply(original, this, arguments);
      if (parameter !== UNMASKED_VENDOR && parameter !== UNMASKED_RENDERER) return value;
      // The vendor alone does not tell (the software rasterizer's is "Google Inc. (Google)"): the renderer does.
      const renderer = parameter === UNMASKED_RENDERER ? value : apply(original, this, [UNMASKED_RENDERER]);
      if (typeof renderer !== 'string' || !software.test(renderer)) return value;
      return parameter === UNMASKED_VENDOR ? config.webgl.vendor : config.webgl.renderer;
    });
  }
`;

/** Corrections only a window has: plugins, `window.chrome`, notification permission, screen and window frame. */
const WINDOW = String.raw`
  const win = scope;

  // The five PDF viewer entries every desktop Chrome lists (fixed since Chrome 94), with their two MIME types. Built on
  // first read: reading the browser's own list costs a round trip to the browser process, not to be paid per document.
  if (win.PluginArray && win.Plugin && win.MimeType && win.MimeTypeArray) {
    let built;
    const build = () => {
      const fakes = new WeakMap();
      const fake = (proto, data) => { const object = Object.create(proto); apply(weakSet, fakes, [object, data]); return object; };
      const dataOf = (object) => apply(weakGet, fakes, [object]);
      const isFake = (object) => apply(weakHas, fakes, [object]);
      const fill = (list, entries, key) => {
        entries.forEach((entry, index) => defineProperty(list, index, { value: entry, writable: false, enumerable: true, configurable: true }));
        for (const entry of entries) {
          const name = dataOf(entry)[key];
          if (!(name in list)) defineProperty(list, name, { value: entry, writable: false, enumerable: false, configurable: true });
        }
        return list;
      };
      const pdfTypes = [
        { type: 'application/pdf', suffixes: 'pdf', description: 'Portable Document Format' },
        { type: 'text/pdf', suffixes: 'pdf', description: 'Portable Document Format' },
      ];
      const names = ['PDF Viewer', 'Chrome PDF Viewer', 'Chromium PDF Viewer', 'Microsoft Edge PDF Viewer', 'WebKit built-in PDF'];
      const plugins = names.map((name) => fake(win.Plugin.prototype, { name, filename: 'internal-pdf-viewer', description: 'Portable Document Format', items: [] }));
      const mimeTypeFor = (info) => fake(win.MimeType.prototype, { ...info, enabledPlugin: plugins[0] });
      for (const plugin of plugins) {
        dataOf(plugin).items = pdfTypes.map(mimeTypeFor);
        fill(plugin, dataOf(plugin).items, 'type');
      }
      const mimeTypes = pdfTypes.map(mimeTypeFor);
      const pluginArray = fill(fake(win.PluginArray.prototype, { items: plugins }), plugins, 'name');
      const mimeTypeArray = fill(fake(win.MimeTypeArray.prototype, { items: mimeTypes }), mimeTypes, 'type');

      /** A getter or method that answers for the stand-ins and leaves real objects to the native. */
      const forFakes = (proto, prop, answer) => {
        const descriptor = getDescriptor(proto, prop);
        if (descriptor && descriptor.get) {
          const original = descriptor.get;
          const getter = getDescriptor({ get [prop]() { return isFake(this) ? answer(dataOf(this)) : apply(original, this, []); } }, prop).get;
          defineProperty(proto, prop, { ...descriptor, get: native(getter, 'get ' + prop) });
        } else if (descriptor && typeof descriptor.value === 'function') {
          const original = descriptor.value;
          const method = { [prop](...args) {
            if (!isFake(this)) return apply(original, this, args);
            if (args.length < original.length) return apply(original, this, args);
            return answer(dataOf(this), ...args);
          } }[prop];
          defineProperty(method, 'length', { value: original.length });
          defineProperty(proto, prop, { ...descriptor, value: native(method, prop) });
        }
      };
      const itemAt = (data, index) => data.items[Number(index) >>> 0] || null;
      const itemNamed = (key) => (data, name) => data.items.find((entry) => dataOf(entry)[key] === String(name)) || null;
      for (const [proto, key] of [[win.Plugin.prototype, 'type'], [win.PluginArray.prototype, 'name'], [win.MimeTypeArray.prototype, 'type']]) {
        forFakes(proto, 'length', (data) => data.items.length);
        forFakes(proto, 'item', itemAt);
        forFakes(proto, 'namedItem', itemNamed(key));
      }
      for (const prop of ['name', 'filename', 'description']) forFakes(win.Plugin.prototype, prop, (data) => data[prop]);
      for (const prop of ['type', 'suffixes', 'description', 'enabledPlugin']) forFakes(win.MimeType.prototype, prop, (data) => data[prop]);
      forFakes(win.PluginArray.prototype, 'refresh', () => undefined);
      return { pluginArray, mimeTypeArray };
    };
    replaceGetter(NavigatorProto, 'plugins', (own) => (own.length === 0 ? (built = built || build()).pluginArray : own));
    replaceGetter(NavigatorProto, 'mimeTypes', (own) => (own.length === 0 ? (built = built || build()).mimeTypeArray : own));
    replaceGetter(NavigatorProto, 'pdfViewerEnabled', () => true);
  }

  // window.chrome as an ordinary page of desktop Chrome has it (no extension APIs): app, csi and loadTimes.
  if (!('chrome' in win)) {
    // Anonymous, without a prototype and not constructible, like the natives they stand for.
    const fn = (impl) => native([(...args) => impl(...args)][0], '');
    const timing = () => win.performance.timing;
    const app = {
      isInstalled: false,
      InstallState: { DISABLED: 'disabled', INSTALLED: 'installed', NOT_INSTALLED: 'not_installed' },
      RunningState: { CANNOT_RUN: 'cannot_run', READY_TO_RUN: 'ready_to_run', RUNNING: 'running' },
      getDetails: fn(() => null),
      getIsInstalled: fn(() => false),
      installState: fn((callback) => { if (typeof callback === 'function') callback('not_installed'); }),
      runningState: fn(() => 'cannot_run'),
    };
    const csi = fn(() => {
      const t = timing();
      return { startE: t.navigationStart, onloadT: t.domContentLoadedEventEnd, pageT: win.performance.now(), tran: 15 };
    });
    const loadTimes = fn(() => {
      const t = timing();
      const paint = win.performance.getEntriesByType('paint')[0];
      const seconds = (ms) => ms / 1000;
      return {
        requestTime: seconds(t.navigationStart), startLoadTime: seconds(t.navigationStart), commitLoadTime: seconds(t.responseStart),
        finishDocumentLoadTime: seconds(t.domContentLoadedEventEnd), finishLoadTime: seconds(t.loadEventEnd),
        firstPaintTime: paint ? seconds(t.navigationStart + paint.startTime) : 0, firstPaintAfterLoadTime: 0,
        navigationType: 'Other', wasFetchedViaSpdy: false, wasNpnNegotiated: false, npnNegotiatedProtocol: 'unknown',
        wasAlternateProtocolAvailable: false, connectionInfo: 'http/1.1',
      };
    });
    defineProperty(win, 'chrome', { value: { app, csi, loadTimes }, writable: true, enumerable: true, configurable: false });
  }

  // A headless shell denies notifications outright while the permission query says "prompt"; Chrome says "default".
  // Decided when read: the browser's answer costs a round trip to the browser process. A full Chromium's "denied"
  // (a cross-origin frame's) is the genuine one, which its permission query agrees with.
  if (win.Notification && config.headlessShell) replaceGetter(win.Notification, 'permission', (own) => (own === 'denied' ? 'default' : own));

  // The window has a frame (tab strip and toolbar) around the page, and the screen is at least as large as the window.
  const FRAME_HEIGHT = 85;
  const nativeOuter = { width: getDescriptor(win, 'outerWidth'), height: getDescriptor(win, 'outerHeight') };
  const outerWidth = () => apply(nativeOuter.width.get, win, []);
  const outerHeight = () => apply(nativeOuter.height.get, win, []) + FRAME_HEIGHT;
  // A headless window has no frame and fills its screen exactly. Every frame of the page sees the same window and
  // screen, so frames get the same answers as the top document.
  if (nativeOuter.width && nativeOuter.width.get && nativeOuter.height && nativeOuter.height.get) {
    replaceGetter(win, 'outerHeight', () => outerHeight());
    const screenWidth = () => Math.max(1920, outerWidth());
    const screenHeight = () => Math.max(1080, outerHeight());
    const ScreenProto = win.Screen && win.Screen.prototype;
    replaceGetter(ScreenProto, 'width', () => screenWidth());
    replaceGetter(ScreenProto, 'height', () => screenHeight());
    replaceGetter(ScreenProto, 'availWidth', () => screenWidth());
    replaceGetter(ScreenProto, 'availHeight', () => screenHeight());
  }
`;

const wrap = (body: string, config: PatchConfig): string => `(function (config, scope) {\n'use strict';\n${body}\n})(${JSON.stringify(config)}, globalThis);`;

/** The script for every new document (main world of pages and frames). */
export function documentPatchSource(fingerprint: Fingerprint): string {
  return wrap(COMMON + WINDOW, configOf(fingerprint));
}

/** The script for workers (dedicated, shared, service), evaluated before their own script starts. */
export function workerPatchSource(fingerprint: Fingerprint): string {
  return wrap(COMMON, configOf(fingerprint));
}
