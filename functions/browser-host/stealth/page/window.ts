/** Corrections only a window has: plugins, `window.chrome`, notification permission, screen and window frame. */
import { navigatorPrototype } from './common.js';
import type { PatchConfig, Scope } from './config.js';
import { apply, defineProperty, getDescriptor, native, replaceGetter, weakGet, weakHas, weakSet } from './natives.js';

type Prototyped = { prototype: object } | undefined;
interface FakeData {
  items: object[];
  [key: string]: unknown;
}

/**
 * The five PDF viewer entries every desktop Chrome lists (fixed since Chrome 94), with their two MIME types. Built on
 * first read: reading the browser's own list costs a round trip to the browser process, not to be paid per document.
 */
const installPlugins = (win: Scope) => {
  const Plugin = win.Plugin as Prototyped;
  const PluginArray = win.PluginArray as Prototyped;
  const MimeType = win.MimeType as Prototyped;
  const MimeTypeArray = win.MimeTypeArray as Prototyped;
  if (!PluginArray || !Plugin || !MimeType || !MimeTypeArray) return;
  let built: { pluginArray: object; mimeTypeArray: object } | undefined;
  const build = () => {
    const fakes = new WeakMap<object, FakeData>();
    const fake = (proto: object, data: FakeData) => {
      const object = Object.create(proto) as object;
      apply(weakSet, fakes, [object, data]);
      return object;
    };
    const dataOf = (object: unknown) => apply(weakGet, fakes, [object]) as FakeData;
    const isFake = (object: unknown) => apply(weakHas, fakes, [object]) as boolean;
    const fill = (list: object, entries: object[], key: string) => {
      entries.forEach((entry, index) => {
        defineProperty(list, index, { value: entry, writable: false, enumerable: true, configurable: true });
      });
      for (const entry of entries) {
        const name = dataOf(entry)[key] as string;
        if (!(name in list))
          defineProperty(list, name, { value: entry, writable: false, enumerable: false, configurable: true });
      }
      return list;
    };
    const pdfTypes = [
      { type: 'application/pdf', suffixes: 'pdf', description: 'Portable Document Format' },
      { type: 'text/pdf', suffixes: 'pdf', description: 'Portable Document Format' },
    ];
    const names = [
      'PDF Viewer',
      'Chrome PDF Viewer',
      'Chromium PDF Viewer',
      'Microsoft Edge PDF Viewer',
      'WebKit built-in PDF',
    ];
    const plugins = names.map((name) =>
      fake(Plugin.prototype, {
        name,
        filename: 'internal-pdf-viewer',
        description: 'Portable Document Format',
        items: [],
      }),
    );
    const mimeTypeFor = (info: (typeof pdfTypes)[number]) =>
      fake(MimeType.prototype, { ...info, enabledPlugin: plugins[0], items: [] });
    for (const plugin of plugins) {
      dataOf(plugin).items = pdfTypes.map(mimeTypeFor);
      fill(plugin, dataOf(plugin).items, 'type');
    }
    const mimeTypes = pdfTypes.map(mimeTypeFor);
    const pluginArray = fill(fake(PluginArray.prototype, { items: plugins }), plugins, 'name');
    const mimeTypeArray = fill(fake(MimeTypeArray.prototype, { items: mimeTypes }), mimeTypes, 'type');

    /** A getter or method that answers for the stand-ins and leaves real objects to the native. */
    const forFakes = (proto: object, prop: string, answer: (data: FakeData, ...args: unknown[]) => unknown) => {
      const descriptor = getDescriptor(proto, prop);
      if (descriptor && descriptor.get) {
        const original = descriptor.get;
        const getter = getDescriptor(
          {
            get [prop]() {
              return isFake(this) ? answer(dataOf(this)) : apply(original, this, []);
            },
          },
          prop,
        )!.get!;
        defineProperty(proto, prop, { ...descriptor, get: native(getter, 'get ' + prop) });
      } else if (descriptor && typeof descriptor.value === 'function') {
        const original = descriptor.value as (...args: unknown[]) => unknown;
        const method = {
          [prop](...args: unknown[]) {
            if (!isFake(this)) return apply(original, this, args);
            if (args.length < original.length) return apply(original, this, args);
            return answer(dataOf(this), ...args);
          },
        }[prop];
        defineProperty(method, 'length', { value: original.length });
        defineProperty(proto, prop, { ...descriptor, value: native(method, prop) });
      }
    };
    const itemAt = (data: FakeData, index: unknown) => data.items[Number(index) >>> 0] || null;
    const itemNamed = (key: string) => (data: FakeData, name: unknown) =>
      data.items.find((entry) => dataOf(entry)[key] === String(name)) || null;
    for (const [proto, key] of [
      [Plugin.prototype, 'type'],
      [PluginArray.prototype, 'name'],
      [MimeTypeArray.prototype, 'type'],
    ] as const) {
      forFakes(proto, 'length', (data) => data.items.length);
      forFakes(proto, 'item', itemAt);
      forFakes(proto, 'namedItem', itemNamed(key));
    }
    for (const prop of ['name', 'filename', 'description']) forFakes(Plugin.prototype, prop, (data) => data[prop]);
    for (const prop of ['type', 'suffixes', 'description', 'enabledPlugin'])
      forFakes(MimeType.prototype, prop, (data) => data[prop]);
    forFakes(PluginArray.prototype, 'refresh', () => undefined);
    return { pluginArray, mimeTypeArray };
  };
  const NavigatorProto = navigatorPrototype(win);
  replaceGetter<{ length: number }>(NavigatorProto, 'plugins', (own) =>
    own.length === 0 ? (built = built || build()).pluginArray : own,
  );
  replaceGetter<{ length: number }>(NavigatorProto, 'mimeTypes', (own) =>
    own.length === 0 ? (built = built || build()).mimeTypeArray : own,
  );
  replaceGetter(NavigatorProto, 'pdfViewerEnabled', () => true);
};

/** window.chrome as an ordinary page of desktop Chrome has it (no extension APIs): app, csi and loadTimes. */
const installChrome = (win: Scope) => {
  if ('chrome' in win) return;
  // Anonymous, without a prototype and not constructible, like the natives they stand for.
  const fn = <A extends unknown[]>(impl: (...args: A) => unknown) => native([(...args: A) => impl(...args)][0], '');
  const timing = () => win.performance.timing;
  const app = {
    isInstalled: false,
    InstallState: { DISABLED: 'disabled', INSTALLED: 'installed', NOT_INSTALLED: 'not_installed' },
    RunningState: { CANNOT_RUN: 'cannot_run', READY_TO_RUN: 'ready_to_run', RUNNING: 'running' },
    getDetails: fn(() => null),
    getIsInstalled: fn(() => false),
    installState: fn((callback: unknown) => {
      if (typeof callback === 'function') callback('not_installed');
    }),
    runningState: fn(() => 'cannot_run'),
  };
  const csi = fn(() => {
    const t = timing();
    return { startE: t.navigationStart, onloadT: t.domContentLoadedEventEnd, pageT: win.performance.now(), tran: 15 };
  });
  const loadTimes = fn(() => {
    const t = timing();
    const paint = win.performance.getEntriesByType('paint')[0];
    const seconds = (ms: number) => ms / 1000;
    return {
      requestTime: seconds(t.navigationStart),
      startLoadTime: seconds(t.navigationStart),
      commitLoadTime: seconds(t.responseStart),
      finishDocumentLoadTime: seconds(t.domContentLoadedEventEnd),
      finishLoadTime: seconds(t.loadEventEnd),
      firstPaintTime: paint ? seconds(t.navigationStart + paint.startTime) : 0,
      firstPaintAfterLoadTime: 0,
      navigationType: 'Other',
      wasFetchedViaSpdy: false,
      wasNpnNegotiated: false,
      npnNegotiatedProtocol: 'unknown',
      wasAlternateProtocolAvailable: false,
      connectionInfo: 'http/1.1',
    };
  });
  defineProperty(win, 'chrome', {
    value: { app, csi, loadTimes },
    writable: true,
    enumerable: true,
    configurable: false,
  });
};

/** The window has a frame (tab strip and toolbar) around the page, and the screen is at least as large as the window. */
const FRAME_HEIGHT = 85;

const installScreen = (win: Scope) => {
  const nativeOuter = { width: getDescriptor(win, 'outerWidth'), height: getDescriptor(win, 'outerHeight') };
  // A headless window has no frame and fills its screen exactly. Every frame of the page sees the same window and
  // screen, so frames get the same answers as the top document.
  if (!(nativeOuter.width && nativeOuter.width.get && nativeOuter.height && nativeOuter.height.get)) return;
  const widthGetter = nativeOuter.width.get;
  const heightGetter = nativeOuter.height.get;
  const outerWidth = () => apply(widthGetter, win, []) as number;
  const outerHeight = () => (apply(heightGetter, win, []) as number) + FRAME_HEIGHT;
  replaceGetter(win, 'outerHeight', () => outerHeight());
  const screenWidth = () => Math.max(1920, outerWidth());
  const screenHeight = () => Math.max(1080, outerHeight());
  const ScreenProto = win.Screen && win.Screen.prototype;
  replaceGetter(ScreenProto, 'width', () => screenWidth());
  replaceGetter(ScreenProto, 'height', () => screenHeight());
  replaceGetter(ScreenProto, 'availWidth', () => screenWidth());
  replaceGetter(ScreenProto, 'availHeight', () => screenHeight());
};

export const installWindow = (win: Scope, config: Pick<PatchConfig, 'headlessShell'>) => {
  installPlugins(win);
  installChrome(win);
  // A headless shell denies notifications outright while the permission query says "prompt"; Chrome says "default".
  // Decided when read: the browser's answer costs a round trip to the browser process.
  // A full Chromium's "denied" (a cross-origin frame's) is the genuine one, which its permission query agrees with.
  if (win.Notification && config.headlessShell)
    replaceGetter<string>(win.Notification, 'permission', (own) => (own === 'denied' ? 'default' : own));
  installScreen(win);
};
