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

/** The flag a recording document carries (non-enumerable, so a page listing its globals does not see it). */
const RECORDING_FLAG = '__sessionhostRecording';

/** An expression, true when the current document is already being recorded. */
export const RECORDING_CHECK = `window.${RECORDING_FLAG} === true`;

let cached: string | undefined;

const rrwebBundle = (): string => {
  const entry = createRequire(import.meta.url).resolve('@rrweb/record');
  return readFileSync(join(dirname(entry), 'record.umd.min.cjs'), 'utf8');
};

export const recordingScript = (): string => {
  cached ??= `(function () {
  // Only top-level documents record: rrweb captures same-origin frames from their parent.
  if (window.top !== window) return;
  // A window opened by a page starts with an empty about:blank document, and the page it then loads, if of the
  // same origin, inherits that document's window object: recording the empty one would spend the binding and
  // flag that window, leaving the real page unrecorded. There is nothing to see in it anyway.
  if (location.href === 'about:blank') return;
  var send = window[${JSON.stringify(RECORDING_BINDING)}];
  if (typeof send !== 'function' || window.${RECORDING_FLAG}) return;
  Object.defineProperty(window, ${JSON.stringify(RECORDING_FLAG)}, { value: true });
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
