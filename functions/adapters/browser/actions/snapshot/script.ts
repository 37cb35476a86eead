/**
 * The snapshot script, run in the page in one evaluation. Plain JavaScript in strings: a transpiled function
 * could carry helper calls (e.g. esbuild's `__name`) that do not exist in the page.
 *
 * The elements behind the candidates stay in the page, in a registry keyed by snapshot (the last few kept), so an
 * action names an element by id and acts on exactly what was resolved, or learns that it is gone.
 */
import { BLOCKS_SCRIPT } from './blocks.js';
import { CONTEXT_SCRIPT } from './context.js';
import { FIELDS } from './decode.js';
import { ROLES_SCRIPT } from './roles.js';
import { TEXT_SCRIPT } from './text.js';
import { WALK_SCRIPT } from './walk.js';

/** Name of the registry's property on the top-level window. */
export const REGISTRY = '__sessionhostSnapshots';
/** Snapshots whose elements stay addressable: an operation acts on the one it just took. */
const KEPT = 4;

/** The script, listing text blocks (`blocks.ts`) or not: reading them costs a box per paragraph on long pages. */
const snapshotScript = (textBlocks: boolean) => String.raw`(() => {
const TEXT_BLOCKS = ${textBlocks};
const F = ${JSON.stringify(Object.fromEntries(FIELDS.map((field, index) => [field, index])))};
${TEXT_SCRIPT}
${ROLES_SCRIPT}
${CONTEXT_SCRIPT}
${WALK_SCRIPT}
${BLOCKS_SCRIPT}
  const registry = window.${REGISTRY} || Object.defineProperty(window, '${REGISTRY}', { value: { next: 1, byKey: new Map() } }).${REGISTRY};
  const key = 's' + registry.next++;
  walk(document, { regions: [], region: 0, parent: -1, container: -1, interactive: false, cell: null, offset: { x: 0, y: 0 }, frame: '' }, 0);
  registry.byKey.set(key, refs);
  for (const old of registry.byKey.keys()) if (registry.byKey.size > ${KEPT}) registry.byKey.delete(old);
  return JSON.stringify({
    key,
    url: location.href,
    title: document.title,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    scroll: { left: Math.round(top.scrollX), top: Math.round(top.scrollY) },
    strings,
    rows,
    nodeCount,
    truncated,
  });
})()`;

export const SNAPSHOT_SCRIPT = snapshotScript(false);
export const SNAPSHOT_WITH_BLOCKS_SCRIPT = snapshotScript(true);

/** In-page expression: the element behind `id` of snapshot `key`, or null when gone. */
export const elementExpression = (key: string, id: string): string =>
  `(() => { const r = window.${REGISTRY}; const el = r && r.byKey.get(${JSON.stringify(key)}); const found = el && el[${Number(id.slice(1)) || 0}]; return found && found.isConnected ? found : null; })()`;
