/**
 * The snapshot script as the page receives it: the bundle of `page/snapshot.ts` (TypeScript, see
 * `bin/page-scripts.ts`), called with its options.
 *
 * The elements behind the candidates stay in the page, in a registry keyed by snapshot (the last few kept), so an
 * action names an element by id and acts on exactly what was resolved, or learns that it is gone.
 */
import { source } from './page/snapshot.generated.js';
import { REGISTRY } from './page/registry.js';

export { REGISTRY };

const snapshotScript = (args: { textBlocks: boolean }) => `(${source})(${JSON.stringify(args)})`;

export const SNAPSHOT_SCRIPT = snapshotScript({ textBlocks: false });
export const SNAPSHOT_WITH_BLOCKS_SCRIPT = snapshotScript({ textBlocks: true });

/** In-page expression: the element behind `id` of snapshot `key`, or null when gone. */
export const elementExpression = (key: string, id: string): string =>
  `(() => { const r = window.${REGISTRY}; const el = r && r.byKey.get(${JSON.stringify(key)}); const found = el && el[${Number(id.slice(1)) || 0}]; return found && found.isConnected ? found : null; })()`;
