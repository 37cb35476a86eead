/** What an answer check is given: the page, the description as written and as read, the intent, every score. */
import type { PageSnapshot } from '../../ports/page-snapshot.js';
import type { Query } from './query.js';
import type { Intent, Scored } from './score.js';

export interface Stated {
  snapshot: PageSnapshot;
  description: string;
  query: Query;
  intent: Intent;
  scored: Scored[];
}
