/**
 * The registry of elements the service's scripts found, in the service's isolated world (see `world.ts`): one
 * list per snapshot key, so an action names an element by id and acts on exactly what was resolved, or learns
 * that it is gone. It is a global of that world, defined once and kept for the document's life.
 */

/** Name of the registry's property on the window of the service's world. */
export const REGISTRY = '__sessionhostSnapshots';

export interface Registry {
  next: number;
  byKey: Map<string, Element[]>;
}

type WithRegistry = Window & { [REGISTRY]?: Registry };

/** The registry, when some script made it already. */
export const existingRegistry = (): Registry | undefined => (window as WithRegistry)[REGISTRY];

/** The registry, made on first use (not enumerable, not writable: it is the world's, not a page's). */
export const registry = (): Registry =>
  existingRegistry() ??
  (Object.defineProperty(window, REGISTRY, { value: { next: 1, byKey: new Map() } }) as WithRegistry)[REGISTRY]!;

/** The element at `index` of the list registered as `key`, when it is still in its document. */
export const registered = (key: string, index: number): Element | null => {
  const list = existingRegistry()?.byKey.get(key);
  const el = list && list[index];
  return el && el.isConnected ? el : null;
};

/** A script's target: the key and position under which a snapshot registered the element. */
export interface RegisteredTarget {
  key: string;
  index: number;
}
