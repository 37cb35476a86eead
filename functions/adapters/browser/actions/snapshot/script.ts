/**
 * The snapshot script as the page receives it: the bundle of `page/snapshot.ts` (TypeScript, see
 * `bin/page-scripts.ts`), called with its options.
 *
 * The elements behind the candidates stay in the page, in a registry keyed by snapshot (the last few kept), so an
 * action names an element by id and acts on exactly what was resolved, or learns that it is gone.
 */
import { source } from './page/snapshot.generated.js';
import { REGISTRY } from './page/registry.js';
import { callExpression, moduleCall } from '../world.js';

export { REGISTRY };

/** As a page's own evaluation runs it (tests, captures). */
export const SNAPSHOT_SCRIPT = callExpression(source, { textBlocks: false });
export const SNAPSHOT_WITH_BLOCKS_SCRIPT = callExpression(source, { textBlocks: true });

/** As the service's world runs it: the source is sent once per document (see `moduleCall`). */
export const SNAPSHOT_CALL = moduleCall(source, { textBlocks: false });
export const SNAPSHOT_WITH_BLOCKS_CALL = moduleCall(source, { textBlocks: true });

/** In-page expression: the element behind `id` of snapshot `key`, or null when gone. */
export const elementExpression = (key: string, id: string): string =>
  `(() => { const r = window.${REGISTRY}; const el = r && r.byKey.get(${JSON.stringify(key)}); const found = el && el[${Number(id.slice(1)) || 0}]; return found && found.isConnected ? found : null; })()`;
