/**
 * The script every recorded document runs before its own: rrweb's recorder (its browser bundle, as shipped in
 * node_modules/@rrweb/record) streaming each event out through a CDP binding. The bundle is evaluated against a
 * private holder object, so it neither needs nor leaves a global, and a page's own AMD loader cannot capture it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The binding the events leave the page through; the script removes it from `window` once it holds it. */
export const RECORDING_BINDING = '__sessionhostRecord';

let cached: string | undefined;

const rrwebBundle = (): string => {
  const entry = createRequire(import.meta.url).resolve('@rrweb/record');
  return readFileSync(join(dirname(entry), 'record.umd.min.cjs'), 'utf8');
};

export const recordingScript = (): string => {
  cached ??= `(function () {
  // Only top-level documents record: rrweb captures same-origin frames from their parent.
  if (window.top !== window) return;
  var send = window[${JSON.stringify(RECORDING_BINDING)}];
  if (typeof send !== 'function' || window.__sessionhostRecording) return;
  Object.defineProperty(window, '__sessionhostRecording', { value: true });
  try { delete window[${JSON.stringify(RECORDING_BINDING)}]; } catch (e) {}
  var holder = {};
  (function () {
    var define, exports, module;
${rrwebBundle()}
  }).call(holder);
  holder.rrwebRecord.record({
    emit: function (event) {
      try { send(JSON.stringify(event)); } catch (e) {}
    },
    // Password fields are masked (rrweb's default); mouse moves and scrolls are sampled to keep recordings small.
    sampling: { mousemove: 50, scroll: 150 },
  });
})();
//# sourceURL=sessionhost-recorder.js
`;
  return cached;
};
