/**
 * Corrections every scope needs, windows and workers alike: the user agent and its client hints, languages, the
 * network estimate and the WebGL renderer, where the browser's own overrides did not reach or give the headless
 * shell away. Each checks the browser's own value first, so a value the browser already reports right stays
 * native.
 */
import type { PatchConfig, Scope } from './config.js';
import { apply, freeze, installToString, replaceGetter, replaceMethod } from './natives.js';

interface Brand {
  brand: string;
  version: string;
}
interface UserAgentData {
  brands: Brand[];
}

export const navigatorPrototype = (scope: Scope): object => Object.getPrototypeOf(scope.navigator) as object;

export const installCommon = (config: PatchConfig, scope: Scope) => {
  installToString();
  const nav = scope.navigator;
  const NavigatorProto = navigatorPrototype(scope);

  // The user agent and its client hints, where the browser's override did not reach (shared and service workers).
  if (/Headless/.test(nav.userAgent)) {
    replaceGetter(NavigatorProto, 'userAgent', () => config.userAgent);
    replaceGetter(NavigatorProto, 'appVersion', () => config.userAgent.replace(/^Mozilla\//, ''));
  }
  const uaData = (nav as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  if (uaData && uaData.brands.some((entry) => /Headless/.test(entry.brand))) {
    const UAProto = Object.getPrototypeOf(uaData) as object;
    const meta = config.metadata;
    const low = () => ({ brands: meta.brands.map((b) => ({ ...b })), mobile: meta.mobile, platform: meta.platform });
    replaceGetter(UAProto, 'brands', () => freeze(low().brands.map(freeze)));
    replaceGetter(UAProto, 'platform', () => meta.platform);
    replaceMethod(
      UAProto,
      'toJSON',
      (original) =>
        function (this: unknown) {
          apply(original, this, []);
          return low();
        },
    );
    replaceMethod(
      UAProto,
      'getHighEntropyValues',
      (original) =>
        function (this: unknown, hints: string[]) {
          const asked = apply(original, this, [hints]) as Promise<Record<string, unknown>>;
          return asked.then((values) => {
            const answer: Record<string, unknown> = { ...values, ...low() };
            for (const hint of hints) {
              if (hint === 'uaFullVersion') answer.uaFullVersion = meta.fullVersion;
              else if (hint === 'fullVersionList') answer.fullVersionList = meta.fullVersionList.map((b) => ({ ...b }));
              else if (hint in meta) {
                const value = (meta as unknown as Record<string, unknown>)[hint];
                answer[hint] = Array.isArray(value) ? [...(value as unknown[])] : value;
              }
            }
            return answer;
          });
        },
    );
  }

  // Languages, where the override did not reach: one frozen list, the same object on every read, as Chrome's.
  if (nav.languages.join(',') !== config.languages.join(',')) {
    const languages = freeze([...config.languages]);
    replaceGetter(NavigatorProto, 'languages', () => languages);
    replaceGetter(NavigatorProto, 'language', () => languages[0]);
  }

  // A network estimate of exactly zero round trip is what a browser without network quality reports.
  const NetworkInformation = scope.NetworkInformation as { prototype: object } | undefined;
  if (NetworkInformation) replaceGetter<number>(NetworkInformation.prototype, 'rtt', (rtt) => (rtt === 0 ? 50 : rtt));

  // WebGL names the software rasterizer; a desktop reports its GPU (asked through WEBGL_debug_renderer_info).
  const UNMASKED_VENDOR = 0x9245;
  const UNMASKED_RENDERER = 0x9246;
  const software = /SwiftShader|llvmpipe|softpipe|Software/i;
  for (const context of [scope.WebGLRenderingContext, scope.WebGL2RenderingContext]) {
    if (!context) continue;
    replaceMethod(
      context.prototype,
      'getParameter',
      (original) =>
        function (this: unknown, parameter: number) {
          const value = apply(original, this, arguments);
          if (parameter !== UNMASKED_VENDOR && parameter !== UNMASKED_RENDERER) return value;
          // The vendor alone does not tell (the software rasterizer's is "Google Inc. (Google)"): the renderer does.
          const renderer = parameter === UNMASKED_RENDERER ? value : apply(original, this, [UNMASKED_RENDERER]);
          if (typeof renderer !== 'string' || !software.test(renderer)) return value;
          return parameter === UNMASKED_VENDOR ? config.webgl.vendor : config.webgl.renderer;
        },
    );
  }
};
