/**
 * The viewer page's script as the page receives it: the bundle of `page/viewer.ts` (see there, and
 * `bin/page-scripts.ts`), called with the configuration the page sets just before it (`window.LIVE_VIEW`).
 */
import { source } from './page/viewer.generated.js';

export const VIEWER_SCRIPT = `(${source})(window.LIVE_VIEW);`;
