/**
 * Hand-made page snapshots for resolver tests: elements stacked down the page in the order made, interactive
 * unless headings, and a page around them at a given address.
 */
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { PageSnapshot, SnapshotElement } from '../../functions/ports/page-snapshot.js';

let y = 0;
export const el = (id: string, role: string, name: string, extra: Partial<SnapshotElement> = {}): SnapshotElement => ({
  id,
  role,
  tag: role === 'link' ? 'a' : role === 'heading' ? 'h2' : role === 'textbox' ? 'input' : 'div',
  name,
  box: { x: 0, y: (y += 40), width: 200, height: 30 },
  visible: true,
  interactive: role !== 'heading',
  ...extra,
});

export const pageAt =
  (url: string, title: string) =>
  (...elements: SnapshotElement[]): PageSnapshot => ({
    key: 's1',
    url,
    title,
    viewport: { width: 1280, height: 900 },
    scroll: { left: 0, top: 0 },
    elements,
    nodeCount: 300,
  });

export type Resolved = Awaited<ReturnType<typeof offlineResolver.resolve>>;

/** What an answer amounts to: the match's name, or "several" or "none". */
export const said = (answer: Resolved): string =>
  'match' in answer ? answer.match.name : 'ambiguous' in answer ? 'several' : 'none';

/** Resolves a description to click on the snapshot. */
export const resolveClick = (snapshot: PageSnapshot, description: string): Promise<Resolved> =>
  offlineResolver.resolve(snapshot, description, { intent: 'click' });

/** The element placed at (x, y), 120 × 20 pixels, in the regions given. */
export const placed = (x: number, y: number, e: SnapshotElement, region: string[] = ['main']): SnapshotElement => ({
  ...e,
  box: { x, y, width: 120, height: 20 },
  region,
});
