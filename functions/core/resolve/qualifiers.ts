/**
 * Answer checks on what a description qualifies (see `constraints.ts`). Scoring finds the element whose words
 * the description says most of; these say no when the word left over is one that picks among several things
 * of that kind, and the match does not account for it:
 * - an order word ("the oldest commit", "older posts") picks one of a sequence by its place in time;
 * - a word beside a name found in a table row ("the raw units.c", "history of main.c") may name another of the
 *   row's controls (cgit's "plain" and "log" links beside the file's own);
 * - a question ("what to search by", "how many to show") asks for the control where a choice is made, not the
 *   button that acts on it;
 * - a verb of doing ("add a printer", "cancel all jobs") asks for the control that does it, not a link to the thing;
 * - an ordinal over a kind the page never names ("the last help category") counts a list that is not there.
 * In each case the resolver abstains with the candidates rather than act on the noun alone.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import { isField } from './fields.js';
import type { Answer } from './resolver.js';
import { inRow } from './row-control.js';
import { inRegion, type Scored } from './score.js';
import type { Stated } from './stated.js';
import { closestOf } from './tier.js';
import { onPage, sameLine, says, specificWords } from './unsaid.js';
import { stemOf, words } from './words.js';
import { wordTable } from './table.js';

/** Words that place one thing in a sequence by time: only an element (or its place) saying them is that one. */
const ORDER_WORDS = new Set(['oldest', 'newest', 'latest', 'earliest', 'older', 'newer', 'earlier', 'recent']);

/** Everything an element says of itself or that its place says of it (a column "Latest", a heading "Recent"). */
const allSaid = (element: SnapshotElement): string[] =>
  [
    element.name,
    element.label,
    element.text,
    element.title,
    element.alt,
    element.rel,
    element.value,
    element.href,
    element.near,
    element.heading,
    element.row,
    element.column,
    ...(element.region ?? []),
  ].flatMap((v) => (v ? words(v).map(stemOf) : []));

const none = (reason: string, sorted: Scored[]): Answer => ({ none: true, reason, closest: closestOf(sorted) });

/**
 * "The oldest commit" met by the tab "commit", "older commits" by the same tab on a page with no pager: the
 * order word is what the description asks, and nothing on or around the match says it. Which of a list is the
 * oldest depends on how the page sorts it, which the snapshot does not say: no answer.
 */
export const orderUnsaid = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const asked = (stated.description.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => ORDER_WORDS.has(w));
  if (!asked.length) return undefined;
  const said = allSaid(match);
  const missing = asked.filter((w) => !says(said, w));
  if (!missing.length) return undefined;
  return none(
    `the description asks for the ${missing.join(' ')} one, and nothing on or around the best match "${match.name}" says which is`,
    sorted,
  );
};

const ARTICLES = new Set(['the', 'a', 'an']);
const PLACES = new Set(['in', 'on', 'within', 'inside', 'under', 'below', 'above', 'at', 'from']);

/**
 * "The raw units.c", "history of main.c": the file's name is a link in a row that also holds its "plain" and
 * "log" links. The name was found; the other word was not, on the match nor around it. When the description
 * opens on an article or is "X of Y" (so its first word is no verb saying what the click does, as "sort by
 * owner" is), that word says which of the row's controls is meant: the one control saying it is the answer;
 * with none, the resolver asks which of the row it is (`inRow`, as for a cell).
 */
export const rowSibling = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (!match.interactive || isField(match) || stated.intent === 'scroll' || !inRegion(match, 'table')) return undefined;
  const raw = words(stated.description);
  const named = ARTICLES.has(raw[0] ?? '') || raw[1] === 'of';
  if (!named) return undefined;
  const said = allSaid(match);
  const specific = specificWords(stated);
  const at = (w: string) => raw.findIndex((r) => stemOf(r) === stemOf(w));
  const lastSaid = Math.max(-1, ...specific.filter((w) => says(said, w)).map(at));
  // A word after the name is the kind of thing it is ("the README file", "the v0.1 tag"): no other control.
  const missing = specific.filter((w) => !says(said, w) && at(w) < lastSaid);
  if (!missing.length) return undefined;
  // A control's address says what it does too ("/raw-file/…"): all it carries counts, not only its name.
  return inRow(match, missing, stated, sorted, (e, wanted) => wanted.every((w) => says(allSaid(e), w)));
};

/** Verbs of doing something to a thing (not of going to see it): the control that does it says so. */
const ACTIONS = new Set([
  'add',
  'create',
  'cancel',
  'delete',
  'remove',
  'print',
  'save',
  'submit',
  'upload',
  'send',
  'post',
  'reply',
  'rename',
  'copy',
  'move',
  'install',
  'uninstall',
  'enable',
  'disable',
  'activate',
  'deactivate',
  'start',
  'stop',
  'pause',
  'resume',
  'restart',
  'reset',
  'clear',
  'approve',
  'reject',
  'archive',
  'purge',
  'publish',
  'subscribe',
  'unsubscribe',
  'register',
  'edit',
  'undo',
  'retry',
]);

/** Other words a control doing it may use: a wiki creates a page through its edit form ("action=edit&redlink=1"). */
const ALSO: Record<string, string[]> = wordTable({
  add: ['new', 'create'],
  start: ['new', 'create'],
  // A switch of a record's state is often its "active" flag, a link on its current value ("YES").
  activate: ['enable', 'active'],
  deactivate: ['disable', 'active'],
  create: ['new', 'add', 'edit'],
  cancel: ['abort'],
  save: ['apply', 'update'],
  submit: ['send', 'apply'],
});

/** Prefixes that make a verb another action. */
const OTHER_ACTION = /^(?:re|un|de|dis|in)$/;

/**
 * The verb said by a token: whole, inflected ("deletes", "cancelled"), or at the end of a compound ("uedit",
 * "tktedit" in a link's address). Not through the stemmer, which makes "printers" (the things) "print". `again`:
 * the description says to do it over ("start the setup over"), which a "re-" verb does.
 */
const verbIn = (tokens: string[], verb: string, again = false): boolean =>
  [verb, ...(ALSO[verb] ?? [])].some((v) =>
    tokens.some(
      (t) =>
        t === v ||
        // A compound ending on the verb does it ("quickedit"), but not one a prefix makes another action ("restart",
        // "unlock", "deactivate" are not "start", "lock", "activate").
        (t.length > v.length &&
          t.endsWith(v) &&
          (!OTHER_ACTION.test(t.slice(0, -v.length)) || (t === `re${v}` && again))) ||
        (/^(?:s|es|d|ed|led|ing|ling)$/.test(t.slice(v.length)) && t.startsWith(v)),
    ),
  );

/** The words a control carries on itself and in where it leads. */
const carriedWords = (e: SnapshotElement): string[] =>
  [e.name, e.label, e.text, e.title, e.alt, e.value, e.href, e.attributes].flatMap((v) => (v ? words(v) : []));

/**
 * "Add a printer" met by the link "Printers", "cancel all jobs" by the button "Show All Jobs": the description
 * opens on what to do, and the match only names the thing it would be done to. A control that does it says so,
 * on itself or in where it leads (an "edit" in its address); one that does not is a way to see the thing, not
 * to act on it, so it is no answer to a click. A field is different: "add a comment" is typed into one.
 */
export const actionUnsaid = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent !== 'click' || isField(match)) return undefined;
  const raw = words(stated.description);
  const verb = raw[0] === 'please' ? raw[1] : raw[0];
  if (!verb || !ACTIONS.has(verb)) return undefined;
  const again = /\b(?:over|again|anew)\b/i.test(stated.description);
  if (verbIn(carriedWords(match), verb, again)) return undefined;
  // "Deactivate ferries.example" met by the domain's own link: the one control of its row that does it is meant.
  const rowKey = match.row ?? match.name;
  const doing = stated.snapshot.elements.filter(
    (e) => e !== match && e.interactive && e.row === rowKey && verbIn(carriedWords(e), verb, again),
  );
  // A row header several records share ("running" in a status column) names no one row: the match's own line does.
  const onItsLine = doing.length > 1 ? doing.filter((e) => sameLine(e, match)) : doing;
  if (onItsLine.length === 1) return { match: onItsLine[0], confidence: 0.6 };
  return none(`the description asks to ${verb}, and the best match "${match.name}" does not say it does`, sorted);
};

/** "What to search by", "which kind of events to show", "how many rows to show": a choice to make. */
const CHOICE = /^\s*(?:(?:what|which)\b.*\bto\b|how\s+(?:many|much)\b)/i;

/**
 * "What to search by" met by the Search button: the question asks where the choice is made (the search type
 * dropdown), and a button or link only acts on it. Unless the control's own name is the question itself (a
 * link "What to expect"), an answer that is no field is none.
 */
export const choiceAsked = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || !CHOICE.test(stated.description) || isField(match)) return undefined;
  const asked = words(stated.description).map(stemOf);
  const own = words(match.name).map(stemOf);
  if (asked.every((w) => own.includes(w))) return undefined;
  return none(
    `the description asks where a choice is made, and the best match "${match.name}" is a ${match.role}, not a field`,
    sorted,
  );
};

/**
 * "The last help category" met by the one link "Help": an ordinal counts things of a kind, and when a word of
 * that kind is on no element of the page, the list counted is not there to be found; the one element saying
 * the other word is not its last item.
 */
export const ordinalUnsaid = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.query.ordinal === undefined || stated.intent === 'scroll') return undefined;
  const said = allSaid(match);
  const raw = words(stated.description);
  // A word after "in", "on", "under" names a place ("the second select link in the menu"), which a page may not mark.
  const placeAt = raw.findIndex((w) => PLACES.has(w));
  const inPlace = (w: string) => placeAt >= 0 && raw.slice(placeAt + 1).some((r) => stemOf(r) === stemOf(w));
  const absent = specificWords(stated).filter((w) => !says(said, w) && !onPage(stated, w) && !inPlace(w));
  if (!absent.length) return undefined;
  return none(
    `the description counts "${absent.join(' ')}", which nothing on the page says; "${match.name}" is not one of them`,
    sorted,
  );
};
