/**
 * The offline resolver: ranks a snapshot's elements against the description with word matching, kinds, regions,
 * order and geometry (see README.md), costs 0 credits, and runs in milliseconds. It is the default when no
 * language model is configured, and it says "none" or "several" rather than guess.
 */
import type { PageSnapshot } from '../../ports/page-snapshot.js';
import { snapshotFor } from './blocks.js';
import { withHome } from './home.js';
import { choose } from './choose.js';
import { headingLines } from './heading-line.js';
import { labelsBefore } from './label-before.js';
import { partOfEntry } from './outline.js';
import { constrain, ranked } from './constraints.js';
import { countedItem } from './lists.js';
import { actionUnsaid } from './qualifiers.js';
import { parseQuery, type Query } from './query.js';
import type { Answer, ElementResolver, Resolution, ResolveOptions } from './resolver.js';
import { inRegion, scoreAll } from './score.js';
import { scopeOn } from './scope.js';
import { partCounted } from './part-count.js';
import { sectionCounted } from './section-count.js';
import { headingAnchors } from './anchors.js';
import { relationAsName } from './relate.js';

export class OfflineResolver implements ElementResolver {
  readonly name = 'offline';

  async resolve(snapshot: PageSnapshot, description: string, options: ResolveOptions = {}): Promise<Resolution> {
    options.signal?.throwIfAborted();
    const intent = options.intent ?? 'click';
    const shown = headingLines(snapshotFor(labelsBefore(snapshot), intent));
    // "In the table of contents": when a part of the page is named so, its words say where, not what.
    const scope = scopeOn(shown, description);
    const query = scope ? { ...scope.query, scope: scope.stems } : relationAsName(shown, parseQuery(description));
    const seen = withHome(shown, query.terms);
    const asksSomething =
      query.terms.length ||
      query.hints.length ||
      query.role ||
      query.regions.length ||
      query.ordinal !== undefined ||
      query.relation;
    if (!asksSomething)
      return {
        none: true,
        reason: 'the description names no text, kind of element or place to look for',
        closest: [],
        credits: 0,
      };
    const scored = scoreAll(seen, query, intent);
    const stated = { snapshot: seen, description, query, intent, scored };
    // What the description states (an ordinal, a place, a kind) is checked on the answer as a yes or no; then a
    // contents entry met by the rest of the description gives way to its part that a part word names.
    const answer = partOfEntry(seen, constrain(choose(seen, scored, query, intent), stated), query);
    // "The first result": when the words found nothing sure, the ordinal may count a list by its items' kind.
    // "The third section": with no name said, the page's own list of its parts is what is counted.
    const part = sectionCounted(seen, description) ?? partCounted(seen, description);
    const item =
      part ?? (query.ordinal !== undefined ? countedItem(seen, description, query.ordinal, answer) : undefined);
    // "Deactivate the last admin": the item counted is the record; what the verb does to it is its row's control.
    const counted = item && 'match' in item ? (actionUnsaid(item.match, stated, ranked(scored)) ?? item) : item;
    return {
      ...(counted ?? (intent === 'scroll' ? headingLinkedTo(seen, placeToScrollTo(seen, query, answer)) : answer)),
      credits: 0,
    };
  }
}

/**
 * "Scroll to the footer": a description that names only a part of the page (footer, sidebar, navigation, a
 * table) asks for that part, not for one of its links. Its elements tie, so the answer is an ambiguity; scrolling
 * to the first of them in the page brings the part into view, which is what was asked.
 */
const placeToScrollTo = (snapshot: PageSnapshot, query: Query, answer: Answer): Answer => {
  if (!('ambiguous' in answer) || query.terms.length || query.quotes.length || query.regions.length !== 1)
    return answer;
  if (query.hints.some((h) => !query.regionWords.includes(h)) || query.role || query.ordinal !== undefined)
    return answer;
  const ids = new Set(answer.candidates.map((c) => c.id));
  const tied = snapshot.elements.filter((e) => ids.has(e.id));
  // Only when all of them are in that part: a tie with something named after it elsewhere stays a question.
  if (!tied.length || !tied.every((e) => inRegion(e, query.regions[0]))) return answer;
  return { match: tied[0], confidence: 0.7 };
};

/**
 * "Scroll to the promises API" met by the contents' link "Promises API": to scroll to it is to bring its section
 * into view, which begins at the heading the link leads to, not at the link in the contents.
 */
const headingLinkedTo = (snapshot: PageSnapshot, answer: Answer): Answer => {
  if (!('match' in answer) || !answer.match.href?.startsWith('#') || answer.match.href.length < 2) return answer;
  const byId = new Map(snapshot.elements.map((e) => [e.id, e]));
  for (const [id, href] of headingAnchors(snapshot.elements, byId)) {
    const heading = byId.get(id);
    if (href === answer.match.href && heading?.visible) return { ...answer, match: heading };
  }
  return answer;
};

export const offlineResolver = new OfflineResolver();
