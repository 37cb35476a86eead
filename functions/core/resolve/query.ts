/**
 * A plain-language element description → what to look for: the words of the element's name, quoted texts that
 * must appear, the kind of element (its role), an ordinal ("second", "last"), a position on the page ("top",
 * "bottom left"), regions ("in the footer") and a relation to another element ("next to X", "under X").
 */
import { MENU, ROLE_WORDS, type RoleWish, TICKABLE } from './roles.js';
import { asWritten, STOPWORDS, words } from './words.js';
import {
  type Relation,
  VERBS,
  FILLER,
  STRUCTURE,
  SEQUENCE,
  GENERIC,
  KIND_ONLY,
  TOPIC_WORDS,
  PLACED_ONLY,
  PLACING,
  CONTAINING,
  ORDINALS,
  POSITIONS,
  REGION_WORDS,
  RELATIONS,
  QUOTES,
  ORDINAL_PHRASES,
} from './query-words.js';

export type { Relation } from './query-words.js';

export interface Query {
  /** Name words, all expected somewhere in the element's texts. */
  terms: string[];
  /** Words that count a little when they match and cost nothing when absent (verbs, ordinal and position words). */
  optional: string[];
  /**
   * Words that may be part of the name as well as say the kind or place ("the logo", "the navigation button"):
   * with no name words at all, an element whose name has them is the one meant.
   */
  hints: string[];
  /** Quoted texts, as token lists; the element should show each. */
  quotes: string[][];
  role?: RoleWish;
  /** The description's own kind word ("options" in "command line options"), when it may also be a name word. */
  kindWord?: string;
  /** 1-based; negative counts from the end (-1 is the last). */
  ordinal?: number;
  position?: { vertical?: 'top' | 'bottom'; horizontal?: 'left' | 'right' };
  /** Region kinds the element must sit in: header, footer, nav, aside, main, dialog, form, table, frame. */
  regions: string[];
  /** The word that asked for each region ("table" in "the ALTER TABLE link"): an element named with it is exempt. */
  regionWords: string[];
  relation?: { kind: Relation; anchor: Query };
  /** The description names a part of a document ("the section on…", "the chapter about…"): headings and links to them. */
  section?: boolean;
  /** Terms naming the thing itself after a possessive ("role" in "Dave Lee's role"): they count double. */
  head: string[];
  /** "The commitdiff of the first entry": the ordinal of what holds the element (1-based, -1 the last). */
  containerOrdinal?: number;
  /** Stems naming the part of the page that holds the element ("in the table of contents"): see `scope.ts`. */
  scope?: string[];
  /** The description's words as written, unstemmed: "tags" is not "tag" when a page has both. */
  written?: string[];
  /** The description as the caller wrote it, letter case included ("gT" is not "gt"). */
  text?: string;
}

/** Leading verbs that are also the names of controls ("Select", "Open", "Toggle"), unlike "click" or "type". */
const NAMING_VERB = /^\s*(?:please\s+)?(select|choose|open|check|toggle)\s+$/i;

/**
 * "Sort by host", "order the files by revision": "by" only joins the verb to the column, a stop word that would
 * otherwise stand as a name word ("Sort files by" is a label's whole text, and keeps it).
 */
const SORT_BY = /^(\s*(?:please\s+)?(?:sort|order)\s+(?:[\p{L}\d]+\s+){0,2}?)by\s+(?=\S)/iu;

/**
 * "Platforms that are not supported": a state denied is the word with its negating prefix ("Unsupported
 * Platforms"), never the state itself ("Supported Platforms"). Only for a participle or an "-able" word, where
 * "un" makes the word pages write; "do not track" stays as it is.
 */
const NOT_STATE = /\bnot\s+([a-z]{3,}(?:ed|able|ible))\b/g;

const LIST_OF = /\blist\s+of\b/g;

/** A place word written as a title's first word ("Top Sites"), not before a side or a part of a page. */
const TITLED_PLACE =
  /(?<=\S\s+)(?:Top|Bottom|Upper|Lower|Left|Right)(?=\s+\p{Lu}\p{Ll})(?!\s+(?:Top|Bottom|Left|Right|Corner|Side|Hand|Sidebar|Menu|Panel|Pane|Column|Bar|Navigation|Nav|Half|Edge)\b)/gu;
/** A place word joined by a hyphen to a word that is no side ("top-level", "lower-case"). */
const HYPHENED_PLACE =
  /\b(top|bottom|upper|lower|left|right)-(?!(?:top|bottom|left|right|hand|handed|most|side|center|centre|corner|half)\b)([a-z]+)\b/g;

export const parseQuery = (description: string): Query => {
  // A relation's anchor arrives with its titled place words marked: the text is the words as written.
  const shown = description.replace(/nameword:/g, '');
  const quotes: string[][] = [];
  /** Keeps a text that must appear whole, and leaves a mark for it in the description. */
  const quote = (text: string): string => {
    quotes.push(words(text));
    return ` quote:${quotes.length - 1} `;
  };
  // A leading verb is usually the action ("click the…"), sometimes the element's text ("Hover me"): kept, optional.
  const verb = VERBS.exec(description)?.[0] ?? '';
  let text = description
    .slice(verb.length)
    .replace(SORT_BY, '$1')
    .replace(QUOTES, (...groups: string[]) => {
      return quote(groups.slice(1, 5).find((g) => g !== undefined) ?? '');
    });
  // A code name ("with_capacity", "sort_by") is written whole: it must appear as it is, like a quote, or its
  // stop words would be dropped and "capacity" alone would do.
  text = text.replace(/[\p{L}\d]+(?:_[\p{L}\d]+)+/gu, quote);
  // So is a name written in camel case ("textCleared", "QLineEdit"): a program's identifier, one word that is there
  // or is not; "text" and "cleared" alone are other things.
  text = text.replace(/(?<![\p{L}\d_])[\p{L}\d]*[a-z][A-Z][a-z][\p{L}\d]*(?![\p{L}\d_])/gu, quote);
  // So is a file name with its extension ("undo.txt", "setup.py"): "undo" alone is another link.
  text = text.replace(/(?<![\p{L}\d.])[\p{L}\d][\p{L}\d_-]+\.[a-z]{1,5}(?![\p{L}\d.])/gu, quote);
  // And a host's name asked for ("www.google.com", "games.example.net"): "www.example.com" shares two of its words
  // and is another site. Not one that says where ("system on web1.harbour.test"): a place is read as places are.
  text = text.replace(
    /(?<![\p{L}\d.@/])(?<!\b(?:on|in|of|under|at|from|for)\s+)(?:[\p{L}\d-]+\.){2,}[a-z]{2,6}(?![\p{L}\d.])/giu,
    quote,
  );
  // "The TABLES menu", "the INSERT tab": a kind or place word written in capitals, as menu bars write their labels,
  // is that label, to be found as written, not a table or a place to look in.
  text = text.replace(/(?<![\p{L}\d])\p{Lu}{3,}(?![\p{L}\d])/gu, (word: string) => {
    const token = words(word)[0] ?? '';
    return REGION_WORDS[token] || ROLE_WORDS[token] ? quote(word) : word;
  });
  // "View All below Top Sites": a place word written as the first word of a title ("Top Sites", "Lower Bounds")
  // is a word of that name, not where to look; "the Top Right corner" and "the Left Sidebar" still place.
  text = text.replace(TITLED_PLACE, (word: string) => `nameword:${word.toLowerCase()}`);
  text = text.toLowerCase().replace(NOT_STATE, 'un$1');
  // "Top-level domains", "the lower-case option": a place word joined to a word that is no side of anything is
  // one word of a name ("toplevel", "lowercase"), not where to look; "top-right", "left-hand" still place it.
  text = text.replace(HYPHENED_PLACE, '$1$2');
  // "The next page of results", "the last page of comments": what the pages hold says nothing of the pager's link.
  text = text.replace(
    /\b(next|previous|prev|older|newer|first|last)\s+page\s+of\s+(?:the\s+)?(?:search\s+)?[a-z]+s\b/,
    '$1 page',
  );
  // "Go back to the top", "return to top": after a verb of going, a place word is where the element leads (a
  // "Back to top" link), as it is after "to" inside the description.
  if (/\bto\s*$/i.test(verb)) text = ` to ${text}`;
  for (const [pattern, replacement] of ORDINAL_PHRASES)
    text = typeof replacement === 'string' ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
  for (const [pattern, kind] of RELATIONS) {
    const match = pattern.exec(text);
    if (!match) continue;
    // "Select next to Key": nothing stands before the relation, so the leading word that can be a control's
    // name ("Select", "Open") is that name, not the action; "next to Key" alone names no element.
    const named = match.index === 0 ? NAMING_VERB.exec(verb)?.[1] : undefined;
    if (match.index === 0 && !named) continue;
    const anchorText = restoreQuotes(text.slice(match.index + match[0].length), quotes);
    const query = parseParts(named ?? text.slice(0, match.index), quotes);
    const anchor = parseQuery(anchorText);
    // "The button under the text box": an anchor named only by its kind, when the element is named by one too.
    const kindBeside = anchor.role !== undefined && query.role !== undefined && !anchor.optional.length;
    if (anchor.terms.length || anchor.quotes.length || anchor.regions.length || kindBeside)
      return {
        ...query,
        optional: named ? query.optional : [...query.optional, ...words(verb)],
        relation: { kind, anchor },
        written: asWritten(shown),
        text: shown,
      };
  }
  // "The list of users": the page that lists them goes by their name ("Manage Users", "Modules"), seldom by "list".
  // With nothing else said ("the list of"), "list" is all there is of the name.
  const listOf = LIST_OF.test(text);
  let query = parseParts(listOf ? text.replace(LIST_OF, ' ') : text, quotes);
  if (listOf && (query.terms.length || query.quotes.length)) query.optional.push('list');
  else if (listOf) query = parseParts(text, quotes);
  // "Tick Messages": unlike "check" ("check the status page"), the verb says the element is a box to tick.
  if (!query.role && /^\s*(?:please\s+)?(?:tick|untick|uncheck)\b/i.test(verb)) query.role = TICKABLE;
  return {
    ...query,
    optional: [...query.optional, ...words(verb)],
    written: asWritten(shown),
    text: shown,
  };
};

const restoreQuotes = (text: string, quotes: string[][]): string =>
  text.replace(/quote:(\d+)/g, (_, n: string) => `"${quotes[Number(n)].join(' ')}"`);

const ARTICLES = new Set(['the', 'a', 'an']);

const parseParts = (text: string, quotes: string[][]): Query => {
  const query: Query = { terms: [], optional: [], hints: [], quotes: [], regions: [], regionWords: [], head: [] };
  const roleWords: string[] = [];
  let fillerText = false;
  /** Place words written as a title's first word: words of the name. */
  const titled = new Set<string>();
  const rest = text
    .replace(/\bcontainer:(\w+)/g, (_, word: string) => {
      query.optional.push(word);
      query.containerOrdinal = ORDINALS[word];
      return ' ';
    })
    .replace(/\bnameword:([a-z]+)/g, (_, word: string) => {
      titled.add(word);
      return ` ${word} `;
    })
    .replace(/\b(quote|ordinal):(-?\d+)/g, (_, kind: string, n: string) => {
      if (kind === 'quote') query.quotes.push(quotes[Number(n)]);
      else query.ordinal = Number(n);
      return ' ';
    });
  // "Dave Lee's role": the words after a possessive name the thing itself, those before only whose it is.
  const possessive = /['’]s\s/.exec(rest);
  const parts = possessive
    ? [rest.slice(0, possessive.index), rest.slice(possessive.index + possessive[0].length)]
    : [rest];
  parts.forEach((part, partIndex) => {
    let afterKind = false;
    let aboutTopic = false;
    let inContainer = false;
    let previous = '';
    for (const token of words(part)) {
      const topic = afterKind && TOPIC_WORDS.has(token);
      // After a part of a document too: "the chapter about rewriting history".
      afterKind = ROLE_WORDS[token] !== undefined || STRUCTURE.has(token);
      // "The list of projects as text", "the report as PDF": the word after "as" names the form of what is
      // wanted (a plain-text version), never a filler, even when elsewhere it only introduces a label.
      const form = previous === 'as';
      // "Back to the top", "scroll to bottom": after "to" a place word is where the element leads, its name.
      const destination = previous === 'to' && POSITIONS[token] !== undefined;
      // "In the menu": a menu named with nothing before it is the site's navigation; "the ticket menu" is
      // one menu of several, which only its words can tell.
      const before = previous;
      if (token !== 'the') previous = token;
      // "The Report a Bug link in the This Page box": once the element's kind is said, a kind word after "in"
      // names what holds it, not what it is.
      if (roleWords.length && CONTAINING.has(token)) inContainer = true;
      if (topic) {
        query.optional.push(token);
        // What follows is what the passage is about: its kind words are topic words ("about compound selects").
        aboutTopic = true;
        continue;
      }
      if (!form && (FILLER.has(token) || token === 'a' || token === 'i')) {
        if (token === 'text' && /\btext\s+(?:link|button)\s*$/i.test(part)) fillerText = true;
        continue;
      }
      if (ORDINALS[token] !== undefined && query.ordinal === undefined) {
        query.ordinal = ORDINALS[token];
        query.optional.push(token);
      } else if (POSITIONS[token] && !destination && !titled.has(token)) {
        query.position = { ...query.position, ...POSITIONS[token] };
        query.optional.push(token);
      } else if (REGION_WORDS[token] || (PLACED_ONLY[token] && PLACING.has(before))) {
        // Also a name word at no cost: "Toggle navigation" is a button's name as well as a place.
        query.regions.push(REGION_WORDS[token] ?? PLACED_ONLY[token]);
        query.regionWords.push(token);
        query.hints.push(token);
      } else if (ROLE_WORDS[token] && inContainer) query.optional.push(token);
      // "Fonts and Glyphs": a kind word joined to a name by "and" is one of the things the name lists.
      else if (ROLE_WORDS[token] && (before === 'and' || before === 'or') && query.terms.length)
        query.terms.push(token);
      else if (ROLE_WORDS[token] && !aboutTopic) roleWords.push(token);
      else if (!STOPWORDS.has(token) || query.terms.length > 0) {
        query.terms.push(token);
        if (partIndex === 1) query.head.push(token);
      }
    }
  });
  // "The language menu" ends on "menu" with no other kind said: a menu is what it is (a list to choose from, a
  // menu button), where "in the admin menu" says where the element is.
  const tokens = words(rest);
  if (
    !roleWords.length &&
    tokens[tokens.length - 1] === 'menu' &&
    query.terms[query.terms.length - 1] === 'menu' &&
    query.terms.length > 1
  ) {
    query.terms.pop();
    query.role = MENU;
    query.kindWord = 'menu';
    query.hints.push('menu');
  }
  // The last kind word is what the element is ("the title field" is a field). Earlier ones describe it, and
  // those that can be names are name words ("the Options button", "the select all checkbox").
  const head = roleWords.pop();
  if (head) query.role = ROLE_WORDS[head];
  // "The first text link": with nothing else to name it, "text" before a link's kind is its name (a revision's
  // "text" view), not the filler of "the link with the text …".
  if (
    fillerText &&
    (head === 'link' || head === 'button') &&
    !query.terms.length &&
    !query.quotes.length &&
    !roleWords.length
  )
    query.terms.push('text');
  // With no name words at all, even a kind word that rarely names anything may be the name ("Form fields").
  if (head && (!KIND_ONLY.has(head) || (query.terms.length === 0 && query.quotes.length === 0))) {
    query.hints.push(head);
    query.kindWord = head;
  }
  for (const word of roleWords) (KIND_ONLY.has(word) ? query.optional : query.terms).push(word);
  while (query.terms.length && STOPWORDS.has(query.terms[query.terms.length - 1])) query.terms.pop();
  const specific = query.terms.filter((t) => !GENERIC.has(t) && !STOPWORDS.has(t));
  // A name written whole ("the section on fs.watch") says which as much as other words do.
  if ((specific.length || query.quotes.length) && specific.length < query.terms.length) {
    const generic = query.terms.filter((t) => GENERIC.has(t));
    query.optional.push(...generic);
    // "The next chapter" is a page in a sequence, not a part of this one.
    if (generic.some((t) => STRUCTURE.has(t)) && !query.terms.some((t) => SEQUENCE.has(t))) query.section = true;
    query.terms = query.terms.filter((t) => !GENERIC.has(t));
    while (query.terms.length && STOPWORDS.has(query.terms[0])) query.terms.shift();
  }
  // "The next module", "the previous lesson": after a word of sequence, one more word says what kind of page
  // follows, which a "next" link rarely names: it may add to a match, never hold one back.
  if (query.terms.length === 2 && (query.terms[0] === 'next' || query.terms[0] === 'previous') && !query.quotes.length)
    query.optional.push(query.terms.pop() as string);
  // "To", "From": a description of stop words alone is a label's whole text (a mail form's "To:" field); "top"
  // alone is a link's ("top" in a manual's navigation bar), not a place to look.
  if (
    !query.terms.length &&
    !query.role &&
    !query.quotes.length &&
    !query.regions.length &&
    query.ordinal === undefined
  ) {
    const said = words(rest);
    if (query.position) {
      query.terms.push(...said.filter((w) => POSITIONS[w]));
      query.optional = query.optional.filter((w) => !POSITIONS[w]);
      query.position = undefined;
    } else query.terms.push(...said.filter((w) => STOPWORDS.has(w) && !ARTICLES.has(w)));
  }
  for (const quote of query.quotes) query.terms.push(...quote);
  return query;
};
