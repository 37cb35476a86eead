/**
 * A scroll that does not wait for the frame after it (see `screenshot/page/page-scroll.ts`) leaves the promise of
 * that frame under this name in the service's isolated world; every later script of the service waits for it
 * before it runs (`world.ts`), so what the page's scroll listeners and lazy loaders do with the new position is
 * still seen by the next read, without the scroll's own answer waiting for it.
 */
export const OWED_FRAME = '__sessionhostOwedFrame';
