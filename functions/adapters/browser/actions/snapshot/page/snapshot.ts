/**
 * The snapshot script, run in the page in one evaluation (the bundle of this module and its imports, see
 * `bin/page-scripts.ts`). It walks the page (`walk.ts`) into compact rows and keeps the elements behind them in
 * the registry (`registry.ts`, the last few snapshots kept), so an action names an element by id and acts on
 * exactly what was resolved, or learns that it is gone.
 */
import { registry } from './registry.js';
import { counts, refs, rows, strings, top } from './state.js';
import { walk } from './walk.js';

/** Snapshots whose elements stay addressable: an operation acts on the one it just took. */
const KEPT = 4;

export interface SnapshotArgs {
  /** List text blocks too (`blocks.ts`): reading them costs a box per paragraph on long pages. */
  textBlocks: boolean;
}

/** Answers the snapshot as one JSON string: a single string crosses CDP far faster than a deep object. */
export default function snapshot({ textBlocks }: SnapshotArgs): string {
  const known = registry();
  const key = 's' + known.next++;
  walk(
    document,
    {
      regions: [],
      region: 0,
      parent: -1,
      container: -1,
      interactive: false,
      cell: null,
      offset: { x: 0, y: 0 },
      frame: '',
    },
    0,
    textBlocks,
  );
  known.byKey.set(key, refs);
  for (const old of known.byKey.keys()) if (known.byKey.size > KEPT) known.byKey.delete(old);
  return JSON.stringify({
    key,
    url: location.href,
    title: document.title,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    scroll: { left: Math.round(top.scrollX), top: Math.round(top.scrollY) },
    strings,
    rows,
    nodeCount: counts.nodes,
    truncated: counts.truncated,
  });
}
