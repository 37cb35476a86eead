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
 * The scripts are TypeScript under `page/` (`document.ts`, `worker.ts`), bundled into strings without any helper
 * of the bundler's (`bin/page-scripts.ts`): a serialized function could carry helpers a page would see.
 */
import type { Fingerprint } from './fingerprint.js';
import type { PatchConfig } from './page/config.js';
import { source as DOCUMENT } from './page/document.generated.js';
import { source as WORKER } from './page/worker.generated.js';

const configOf = (fingerprint: Fingerprint): PatchConfig => ({
  userAgent: fingerprint.userAgent,
  platform: fingerprint.platform,
  languages: fingerprint.languages,
  metadata: fingerprint.metadata,
  webgl: fingerprint.webgl,
  headlessShell: fingerprint.headlessShell !== false,
});

/** The call of a bundled patch script on the scope it runs in, with the configuration as JSON. */
const call = (source: string, config: PatchConfig): string => `(${source})(${JSON.stringify(config)}, globalThis);`;

/** The script for every new document (main world of pages and frames). */
export function documentPatchSource(fingerprint: Fingerprint): string {
  return call(DOCUMENT, configOf(fingerprint));
}

/** The script for workers (dedicated, shared, service), evaluated before their own script starts. */
export function workerPatchSource(fingerprint: Fingerprint): string {
  return call(WORKER, configOf(fingerprint));
}
