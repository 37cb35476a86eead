/**
 * Narrowing equals by where they lead and how they are numbered: to another site when the description asks for
 * the web, to this reference's own entry for a program's name, to a chapter rather than its sections, to a
 * section rather than the index entries that mention it. Each keeps some of the tier, or all of it.
 */
import { destinationOf, placeTest } from './anchors.js';
import type { Query } from './query.js';
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Scored } from './score.js';
import type { Stated } from './stated.js';
import { containsRun } from './evidence.js';
import { candidateOf, THRESHOLD } from './tier.js';
import { words } from './words.js';

/** Words that ask for a page of another site: the project's website, the online manual. */
const ELSEWHERE = new Set(['website', 'online', 'homepage', 'official', 'web']);

/** An address read against the page's, or undefined when it is none. */
const urlOf = (href: string | undefined, base: string): URL | undefined => {
  if (href === undefined) return undefined;
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
};

/** The equals whose address passes the test, when they are some but not all of them; else the tier. */
const someLeading = (tier: Scored[], pageUrl: string, test: (url: URL, page: URL) => boolean): Scored[] => {
  const page = urlOf(pageUrl, 'http://invalid/');
  if (!page) return tier;
  const some = tier.filter((s) => {
    const url = urlOf(s.element.href, page.href);
    return url !== undefined && test(url, page);
  });
  return some.length && some.length < tier.length ? some : tier;
};

/**
 * "The Mercurial website" tied between the logo link to mercurial-scm.org and the breadcrumb's "Mercurial" home
 * of this site; "the online reference manual" between the local manual and the one on lua.org: a description
 * that asks for the web, online or a website is answered by the equals that leave this site, when they are
 * some but not all of them.
 */
/** An address on the web that leaves the page's site. */
const elsewhere = (url: URL, page: URL): boolean => /^https?:$/.test(url.protocol) && url.origin !== page.origin;

export const offSite = (tier: Scored[], query: Query, pageUrl: string): Scored[] =>
  [...query.terms, ...query.optional].some((w) => ELSEWHERE.has(w)) ? someLeading(tier, pageUrl, elsewhere) : tier;

/** How far below the best an off-site link may score and still be the web page asked for. */
const ELSEWHERE_MARGIN = 0.25;

const leavesSite = (s: Scored, page: URL): boolean => {
  const url = urlOf(s.element.href, page.href);
  return url !== undefined && elsewhere(url, page);
};

/**
 * "The ZNC website link at the bottom" tied between two links named "ZNC" to this site's start page, while the
 * footer's "https://znc.in" scores a little less (a bare address says the name in passing): a description that asks
 * for the web, when nothing in the tier leaves this site, is answered by the one place elsewhere that comes close.
 */
export const offSiteNearby = (tier: Scored[], sorted: Scored[], query: Query, pageUrl: string): Scored[] => {
  if (![...query.terms, ...query.optional].some((w) => ELSEWHERE.has(w))) return tier;
  // The description written whole in a name ("Is putty.org your website?", an FAQ's question) is that name.
  const whole = (query.text ?? '')
    .toLowerCase()
    .replace(/[\s?.!]+$/, '')
    .trim();
  if (whole && tier.some((s) => s.element.name.toLowerCase().includes(whole))) return tier;
  const page = urlOf(pageUrl, 'http://invalid/');
  if (!page || tier.some((s) => leavesSite(s, page))) return tier;
  const floor = Math.max(0.5, tier[0].score - ELSEWHERE_MARGIN);
  const away = sorted.filter((s) => s.score >= floor && leavesSite(s, page));
  const places = new Set(away.map((s) => destinationOf(s.element)));
  return away.length && places.size === 1 ? away : tier;
};

/** A program's name as a reference writes it: "foldl/3", "is_key/2", "QFile::copy", "to_upper()". */
const CODE_NAME = /^\s*[\p{L}_][\p{L}\p{N}_]*(?:(?:::|\.|#)[\p{L}_][\p{L}\p{N}_]*)*(?:\/\d+|\(\))\s*$/u;

/**
 * "foldl/3" on the `lists` reference, whose sidebar also lists `array`'s, `dets`'s and `zip`'s foldl/3: a
 * program's name asked on a reference page is the one this page documents. When some equals lead into this page
 * and the others to other pages, the page's own are meant.
 */
export const ownNameFirst = (tier: Scored[], query: Query, pageUrl: string): Scored[] =>
  tier.length > 1 && CODE_NAME.test(query.text ?? '')
    ? someLeading(
        tier,
        pageUrl,
        (url, page) => url.origin === page.origin && url.pathname === page.pathname && url.hash !== '',
      )
    : tier;

/** The numbering a title starts with ("4.", "4.6.", "8.2.11"), as its depth: 1 for a chapter's, 0 for none. */
const depthOf = (name: string): number => {
  const numbering = /^\s*(\d+(?:\.\d+)*)\.?\s/.exec(name);
  return numbering ? numbering[1].split('.').length : 0;
};

/**
 * "The chapter on Memcheck" on a manual's contents, met alike by "4. Memcheck: a memory error detector", "4.6.
 * Memcheck Monitor Commands" and "8.2.11. DRD Versus Memcheck": a chapter is a part of the first level, so among
 * numbered equals the ones numbered at the first level are meant.
 */
export const chapterLevel = (tier: Scored[], query: Query): Scored[] => {
  if (tier.length < 2 || !/\bchapters?\b/i.test(query.text ?? '')) return tier;
  const depths = tier.map((s) => depthOf(s.element.name));
  if (depths.some((d) => d === 0)) return tier;
  const top = Math.min(...depths);
  const chapters = tier.filter((_, i) => depths[i] === top);
  return top === 1 && chapters.length < tier.length ? chapters : tier;
};

/**
 * "Encodings" on a manual page: its table of contents, its menu and the section's own heading all lead to the
 * section, while the index's entries of that name lead to places in the text where the term comes up (`#index-…`,
 * anchors no heading has). The section is the place the name is the name of; links into the page that lead to no
 * section are mentions of it, no rival to it. Links elsewhere (another page, another site) stay rivals.
 */
export const sectionOverMentions = (tier: Scored[], anchors: Map<string, string>): Scored[] => {
  const isSection = placeTest(anchors.values());
  const sections = tier.filter((s) => {
    const to = destinationOf(s.element, anchors);
    return to !== undefined && to.startsWith('#') && isSection(to);
  });
  if (!sections.length || sections.length === tier.length) return tier;
  const mentions = tier.every(
    (s) => sections.includes(s) || (s.element.href?.startsWith('#') && !isSection(s.element.href)),
  );
  return mentions ? sections : tier;
};

/** Words a question must have, written out, to be read as one some name may say whole. */
const SENTENCE_WORDS = 3;
/** A question as written: asked with a question word, or ending in a question mark. */
const QUESTION = /^\s*(?:what|how|why|when|where|who|which|can|could|does|do|is|are|should|will|may)\b|\?\s*$/i;

/**
 * "What is Asymptote?" on an FAQ's contents, met best by the link "Asymptote" (its one word of weight, its whole
 * name) while "Q1.1. What is Asymptote?" says the description whole: a question written out is the name that
 * says all of it, in its order, with the little words the scoring weighs for nothing. When names of the tier
 * say it so, nothing changes; when none does and some element that fits does, those are meant. A phrase that is
 * no question ("the PuTTY web site") names a thing, which questions about it may say in passing.
 */
export const saidWhole = (tier: Scored[], sorted: Scored[], query: Query): Scored[] => {
  if (query.quotes.length || query.relation || query.ordinal !== undefined) return tier;
  const sentence = words(query.text ?? '');
  if (sentence.length < SENTENCE_WORDS || !QUESTION.test(query.text ?? '')) return tier;
  const says = (s: Scored) => containsRun(words(s.element.name), sentence);
  if (tier.some(says)) return tier;
  const whole = sorted.filter((s) => s.score >= THRESHOLD && says(s));
  return whole.length ? whole : tier;
};

/**
 * A description written as a literal string: an address, a path, a code name ("icecast.org/docs", "Z.add"), a
 * command-line option ("--header", "-Wall").
 */
const LITERAL = /^(?:[^\s]*[./:_@()#%][^\s]*|--?\p{L}[^\s]*)$/u;

/** A section number opening an entry ("1.1. ", "2.14 "). */
const NUMBERED = /^\s*\d+(?:\.\d+)*\.?\s+/;

const asLiteral = (text: string): string => text.trim().toLowerCase().replace(/\/+$/, '');

/**
 * "icecast.org/docs" on a page linking "icecast.org", "icecast.org/docs" and "icecast.org/contact": a description
 * written as one literal string (an address, a path, a code name) is met by the element that writes it whole;
 * one that writes only part of it ("icecast.org") is another thing. When the tier writes it nowhere and some
 * element that fits writes it as its whole name, those are meant.
 */
export const literalName = (tier: Scored[], sorted: Scored[], query: Query): Scored[] => {
  const text = (query.text ?? '').trim();
  if (!LITERAL.test(text) || query.ordinal !== undefined) return tier;
  // A contents entry's number before it ("1.1. %activity") is no part of the name it writes.
  // So is an option's argument after it ("--header lcr" writes "--header" whole).
  const whole = (s: Scored) =>
    [s.element.name, s.element.name.replace(NUMBERED, '')].some(
      (name) => asLiteral(name) === asLiteral(text) || asLiteral(name.split(/\s+/)[0] ?? '') === asLiteral(text),
    );
  // Of several that tie, the ones writing it whole ("%activity", not "%%activity" around it).
  if (tier.some(whole)) return tier.filter(whole);
  // A control or link: a header cell writing a field's name is that field's label, not what is asked for.
  const named = sorted.filter((s) => s.score >= THRESHOLD && s.element.interactive && whole(s));
  return named.length ? named : tier;
};

/**
 * "kombu.transport.virtual.exchange.Exchange" met by the link "Virtual AMQ Exchange Implementation -
 * kombu.transport.virtual.exchange": the element writes a literal string that is only a part of the one described
 * (the module, not its class; the site, not its page), and writes the whole nowhere, not even in its address. It
 * names another thing, a parent or a neighbour of what is asked: the resolver says so rather than act on it.
 */
export const literalPart = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const text = asLiteral(stated.query.text ?? '');
  if (!LITERAL.test(text) || stated.query.ordinal !== undefined) return undefined;
  const tokens = match.name.split(/\s+/).map(asLiteral);
  if (tokens.includes(text) || match.href?.toLowerCase().includes(text)) return undefined;
  const part = tokens.find((t) => t.length >= 3 && LITERAL.test(t) && text.includes(t));
  if (!part) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" writes "${part}", only part of "${text}"; nothing on the page writes it whole`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};
