/**
 * Which of a page's repeated structures is the listing being walked, without a language model. The first page
 * has only the page to go by (its main content first, then size: see `WindowDriver.listItems`). Later pages also
 * have the walk so far: the structure items were read from is looked for again in the same place, however few its
 * items (a last page of one row); when it is gone, a structure shown whole on an earlier page (a menu, a sidebar,
 * a list of links every page repeats) gives way to one that brings something new. The listing found again comes
 * first even when it repeats itself: a next page showing the same rows is the listing's end, not a reason to read
 * another part of the page.
 */
import type { ItemGroup } from '../../../ports/window-driver.js';

const fingerprint = (group: ItemGroup) => group.items.map((item) => item.text).join('\n');

export class ListingTrail {
  /** The key of the structure items were last read from. */
  followed: string | undefined;
  /** Every structure of the pages before the current one, by its items. */
  private readonly earlier = new Set<string>();
  private current = new Set<string>();
  private page = 0;

  /** The page's groups, best candidate first; `page` numbers the walk's steps (a page may be read twice). */
  order(groups: ItemGroup[], page: number): ItemGroup[] {
    if (page !== this.page) {
      for (const seen of this.current) this.earlier.add(seen);
      this.current = new Set();
      this.page = page;
    }
    for (const group of groups) this.current.add(fingerprint(group));
    const fresh = (group: ItemGroup) => !this.earlier.has(fingerprint(group));
    const followed = (group: ItemGroup) => group.key === this.followed;
    const rank = (group: ItemGroup) => (followed(group) ? 0 : 2) + (fresh(group) ? 0 : 1);
    // A stable sort: within a rank, the page's own order.
    return [...groups].sort((a, b) => rank(a) - rank(b));
  }

  /** Items were read from `group`: look for it first on the next page. */
  read(group: ItemGroup | undefined): void {
    if (group?.items.length) this.followed = group.key;
  }
}
