/**
 * Words as the resolver compares them: lower case, accents and punctuation gone, plurals stemmed (and word forms
 * brought to one stem for matching, `stemOf`), and the usual spellings of one thing brought to one
 * token ("log in", "sign-in" → "signin"; "×" → "close"; "release notes", "what's new" → "changelog"), applied to
 * descriptions and page texts alike so they meet in the middle.
 */
import { stemWord } from './stem.js';
import { wordTable } from './table.js';

/** Icon glyphs that stand for a word when they are a control's whole text. */
const GLYPHS: Array<[RegExp, string]> = [
  [/[×✕✖✗╳]/gu, ' close '],
  [/[☰≡]/gu, ' menu '],
  [/[→›»➔▶]/gu, ' next '],
  [/[←‹«◀]/gu, ' previous '],
  [/[🔍🔎]/gu, ' search '],
  [/[⚙]/gu, ' settings '],
  [/[🗑]/gu, ' delete '],
  [/[✎✏🖉]/gu, ' edit '],
  [/[🛒]/gu, ' cart '],
  [/[♥❤♡]/gu, ' favorite '],
  [/(^|\s)\+(\s|$)/gu, ' plus '],
];

/** Several-word spellings of one thing. */
const PHRASES: Array<[RegExp, string]> = [
  // The name one signs in with is the user name, whatever it is called ("login name", "account name").
  [/\b(?:(?:log|sign)[\s-]?(?:in|on)|account|user)[\s-]?names?\b/g, 'username'],
  [/\b(?:log|sign)[\s-]?(?:in|on)\b/g, 'signin'],
  [/\b(?:log|sign)[\s-]?(?:out|off)\b/g, 'signout'],
  [/\b(?:sign[\s-]?up|register)\b/g, 'signup'],
  // "Create account", "Create an account", "Create your account": the same way in as signing up.
  [/\bcreate\s+(?:an?\s+|your\s+|my\s+|new\s+)*account\b/g, 'signup'],
  // A site's terms go by several names ("Terms of Use", "Terms of Service", "Terms and Conditions", "T&Cs").
  [/\bterms\s+(?:of\s+(?:service|use)|(?:and|&)\s+conditions)\b|\bt\s*&\s*cs?\b/g, 'terms'],
  [/\b(?:dark|night)\s+(?:mode|theme)\b/g, 'darkmode'],
  // "Forgot your password?", "Lost password", "Reset password": one way back in, whatever a site calls it.
  [/\b(?:forgot(?:ten)?|lost|reset)\s+(?:your\s+|my\s+|the\s+)?password\b/g, 'lostpassword'],
  // A site's first page goes by all these names (a wiki's "Main page", a book's "Home").
  [/\b(?:main|front|home|start)[\s-]?page\b/g, 'home'],
  [/\be[\s-]mail\b/g, 'email'],
  // A form's fields for a person go by several names, in labels and in field names alike ("user_lastname"), as a
  // browser's autofill reads them.
  [/(?<![a-z])(?:last|family|sur)[\s_-]?names?(?![a-z])/g, 'lastname'],
  [/(?<![a-z])(?:first|given|fore)[\s_-]?names?(?![a-z])/g, 'firstname'],
  [/(?<![a-z])(?:(?:tele)?phone|mobile[\s_-]?(?:phone|number))(?:[\s_-]?(?:number|no))?(?![a-z])/g, 'phone'],
  [/(?<![a-z])(?:date[\s_-]?of[\s_-]?birth|birth[\s_-]?(?:date|day)|dob)(?![a-z])/g, 'birthdate'],
  // A page's "Atom" or "RSS" link is its feed, which is what people ask for ("the Atom feed", "subscribe via RSS").
  [/\b(?:atom|rss)(?:\s+feeds?)?\b/g, 'feed'],
  [/\bpass[\s-]word\b/g, 'password'],
  // The second password field of a form, whatever it is called ("Password (again)", "Confirm password").
  [/\b(?:repeat|confirm|retype|re-?enter|verify)(?:\s+(?:the|your|my))?(\s+new)?\s+password\b/g, '$1 passwordagain'],
  [/\bpassword\s*(?:\(\s*(?:again|repeat|confirm(?:ation)?)\s*\)|again|confirmation)/g, 'passwordagain'],
  [/\b(?:zip|post(?:al)?)[\s-]?code\b/g, 'zip'],
  [/\bcheck[\s-]?box(?:es)?\b/g, 'checkbox'],
  [/\btick[\s-]?box(?:es)?\b/g, 'checkbox'],
  [
    /\b(?:file[\s-]?(?:input|field|upload|chooser|picker|selector)|upload[\s-]?(?:field|box|input|control))\b/g,
    'fileinput',
  ],
  // A text area is the many-line kind ("the text area" on a page with a search box and an edit box).
  [/\btext[\s-]?area\b/g, 'textarea'],
  [/\btext[\s-]?(?:box|field|input)\b/g, 'textbox'],
  [/\bsearch[\s-]?(?:box|bar|field|input)\b/g, 'search textbox'],
  [/\bdrop[\s-]?down\b/g, 'dropdown'],
  [/\bcombo[\s-]?box\b/g, 'combobox'],
  [/\bradio[\s-]?button\b/g, 'radio'],
  [/\bmenu[\s-]?item\b/g, 'menuitem'],
  [/\blist[\s-]?item\b/g, 'listitem'],
  [/\b(?:nav(?:igation)?|menu|top)[\s-]?bar\b/g, 'navbar'],
  [/\bside[\s-]?(?:bar|panel|menu|nav(?:igation)?)\b/g, 'sidebar'],
  [/\bpop[\s-]up\b/g, 'popup'],
  [/\bi[\s-]frame\b/g, 'iframe'],
  [/\bcolumn[\s-]?header\b/g, 'columnheader'],
  [/\brow[\s-]?header\b/g, 'rowheader'],
  // Documentation's own vocabulary: the same page goes by several names.
  [/\b(?:release[\s-]notes?|change[\s-]?logs?|what['’]?s[\s-]new|version history)\b/g, 'changelog'],
  [/\bfrequently[\s-]asked[\s-]questions?\b/g, 'faq'],
  // To go back a page, a chapter, a step is to take the previous one.
  [/\b(?:go\s+)?back\s+(?:a|one)\s+(page|chapter|section|step)\b/g, 'previous $1'],
  // And the following page, chapter or section is the next one.
  [/\bfollowing\s+(page|chapter|section|node)\b/g, 'next $1'],
  // To look something up is to search; "lookups" (a noun) is a thing of its own ("File and database lookups").
  [/\blook(?:ing|s)?\s+(?:\w+\s+)?up\b/g, 'search'],
  [/\btable[\s-]of[\s-]contents?\b/g, 'contents'],
  [/\bdoc[\s-]?strings?\b/g, 'documentation strings'],
  // A command's manual page is its page: "the rebase man page" asks for the page on rebase.
  [/\bman(?:ual)?[\s-]?pages?\b/g, 'page'],
];

/** Lower case without accents and other combining marks, as `tokenize` compares text. */
const folded = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Single words with one meaning, after stemming. */
const SYNONYMS: Record<string, string> = wordTable({
  basket: 'cart',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
  dismiss: 'close',
  remove: 'delete',
  // Items ticked in a list are its selected ones ("Delete Selected").
  ticked: 'selected',
  trash: 'delete',
  bin: 'delete',
  pencil: 'edit',
  gear: 'settings',
  cog: 'settings',
  preference: 'settings',
  magnifier: 'search',
  magnifying: 'search',
  find: 'search',
  hamburger: 'menu',
  prev: 'previous',
  forward: 'next',
  qty: 'quantity',
  // Abbreviations as column headers and buttons write them ("Rev.", "Msg", "Config"), as their stems.
  rev: 'revision',
  repo: 'repository',
  msg: 'messag',
  pkg: 'packag',
  config: 'configur',
  info: 'inform',
  attr: 'attribut',
  param: 'paramet',
  arg: 'argument',
  env: 'environment',
  addr: 'address',
  favourite: 'favorite',
  heart: 'favorite',
  colour: 'color',
  proceed: 'continue',
  // Troubles are problems ("the MathML troubles", "common sources of problems for MathML").
  trouble: 'problem',
  // What a thing needs is what a manual lists as its requirements ("memory needs", "2.3. Memory Requirements").
  need: 'require',
  needed: 'required',
  btn: 'button',
  img: 'image',
  pic: 'picture',
  signon: 'signin',
  login: 'signin',
  logout: 'signout',
  x: 'close',
  previou: 'previous',
  following: 'next',
  parent: 'up',
  faqs: 'faq',
  licence: 'license',
  toc: 'contents',
  doc: 'documentation',
  docs: 'documentation',
  txt: 'text',
  // A file system's containers go by all three names.
  folder: 'directory',
  dir: 'directory',
  plaintext: 'text',
  // Languages as a language switcher names them: by code ("fr"), in English or in the language itself.
  french: 'fr',
  francai: 'fr',
  francais: 'fr',
  japanese: 'ja',
  german: 'de',
  deutsch: 'de',
  spanish: 'es',
  espanol: 'es',
  korean: 'ko',
  turkish: 'tr',
  turkce: 'tr',
  chinese: 'zh',
  portuguese: 'pt',
  portugue: 'pt',
  portugues: 'pt',
  russian: 'ru',
  english: 'en',
  dutch: 'nl',
  nederland: 'nl',
  nederlands: 'nl',
  polish: 'pl',
  polski: 'pl',
  italian: 'it',
  italiano: 'it',
  catalan: 'ca',
  catala: 'ca',
  hungarian: 'hu',
  magyar: 'hu',
  czech: 'cs',
  cestina: 'cs',
  swedish: 'sv',
  svenska: 'sv',
  greek: 'el',
  // As their own scripts write them (a switcher's "日本語"), in the form tokens take (marks taken off).
  [folded('日本語')]: 'ja',
  [folded('中文')]: 'zh',
  [folded('简体中文')]: 'zh',
  [folded('繁體中文')]: 'zh',
  [folded('Русский')]: 'ru',
  [folded('한국어')]: 'ko',
  [folded('Ελληνικά')]: 'el',
});

export const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'in',
  'on',
  'for',
  'and',
  'or',
  'with',
  'at',
  'by',
  'from',
  'my',
  'your',
  'this',
  'that',
  'is',
  'it',
  'its',
  'as',
  'be',
  'over',
  'via',
  'into',
  'onto',
  'are',
  'what',
  'some',
  'these',
  'those',
  'there',
]);

/** Words whose final s is no plural's: "news" is not "new", "alias" is not "alia". */
const NOT_PLURAL = new Set([
  'news',
  'series',
  'species',
  'alias',
  'atlas',
  'canvas',
  'bias',
  'lens',
  'chaos',
  'always',
  'perhaps',
  'whereas',
  'sometimes',
  'does',
  'goes',
  'was',
  'has',
  'yes',
]);

export const stem = (token: string): string => {
  if (NOT_PLURAL.has(token)) return token;
  if (token.length > 4 && token.endsWith('ies')) return `${token.slice(0, -3)}y`;
  if (token.length > 4 && /(?:ches|shes|sses|xes)$/.test(token)) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith('s') && !/(?:ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
};

/**
 * A token's word stem (`stem.ts`), for matching only: "formatting", "formats" and "format" meet, and so
 * do "installation" and "installing". Descriptions are parsed on the plain tokens (kind and place words stay as
 * written). Cached: most page texts repeat. Numbers and codes stay as they are.
 */
const stems = new Map<string, string>();
export const stemOf = (token: string): string => {
  if (token.length < 4 || !/^[a-z]+$/.test(token)) return token;
  let stemmed = stems.get(token);
  if (stemmed === undefined) {
    if (stems.size >= CACHE_LIMIT) stems.clear();
    stems.set(token, (stemmed = stemWord(token)));
  }
  return stemmed;
};

/** One test for "any glyph" and one for "any phrase": most texts have neither, and skip the replacements. */
const ANY_GLYPH = new RegExp(GLYPHS.map(([pattern]) => pattern.source).join('|'), 'u');
const ANY_PHRASE = new RegExp(PHRASES.map(([pattern]) => pattern.source).join('|'));
const NON_ASCII = /[^\x00-\x7f]/;

/** Texts repeat across snapshots of one page (and across operations): their tokens are kept, up to a bound. */
const CACHE_LIMIT = 100_000;
const cache = new Map<string, string[]>();

/** Words that read as "next" only as a short control's words (see `tokenize`). */
const STEP_WORDS = new Set(['forward', 'following']);
/**
 * Splits a text into words; a dotted number ("1.5", "4.8.2") stays one: "chapter 5" is not section 1.5. So does an
 * appendix's ("D.3", "A.1.2"): its number is no "3".
 */
const WORD_BREAK = /[^\p{L}\p{N}.]+|\.(?!\d)|(?<!\d|(?<!\p{L})\p{L})\./u;
const tokenize = (text: string): string[] => {
  let value = NON_ASCII.test(text) ? folded(text) : text.toLowerCase();
  if (ANY_GLYPH.test(value)) for (const [pattern, replacement] of GLYPHS) value = value.replace(pattern, replacement);
  if (ANY_PHRASE.test(value)) for (const [pattern, replacement] of PHRASES) value = value.replace(pattern, replacement);
  const out: string[] = [];
  const step: Array<[number, string]> = [];
  for (const raw of value.split(WORD_BREAK)) {
    if (!raw) continue;
    const token = stem(raw);
    if (STEP_WORDS.has(token)) step.push([out.length, token]);
    out.push(SYNONYMS[token] ?? SYNONYMS[raw] ?? token);
  }
  // "Forward" and "following" are the next step only as a short control's words ("Forward", "go forward"), not
  // inside a title ("Forward files and address verification") or a longer description.
  // Nor before a noun it qualifies ("Forward declarations"): the step word ends what a control says.
  let lastWord = out.length - 1;
  while (lastWord >= 0 && STOPWORDS.has(out[lastWord])) lastWord -= 1;
  if (step.length && out.filter((t) => !STOPWORDS.has(t)).length > 2) for (const [i, token] of step) out[i] = token;
  else for (const [i, token] of step) if (i < lastWord) out[i] = token;
  // A lone "Back" in a navigation bar is the previous page ("top | back | next"); "Back to top" is no step.
  if (out.length === 1 && out[0] === 'back') out[0] = 'previous';
  return out;
};

/** Where a link leads, as word stems: its path and query without the site's address ("/printers/Label_Maker"). */
export const linkWords = (href: string | undefined): string[] =>
  href ? words(href.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[_./?=&#%-]+/g, ' ')).map(stemOf) : [];

/** The words of a text as written: lower case, no stems or synonyms ("tags" stays "tags"). */
export const asWritten = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Text → comparable tokens (the array is shared: do not change it). */
export const words = (text: string): string[] => {
  let tokens = cache.get(text);
  if (!tokens) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, (tokens = tokenize(text)));
  }
  return tokens;
};

/** A word whose capitals start the words it joins ("FontMap", "MBoxReader", "toFullyQualifiedPath"). */
const HUMP = /(?<=\p{Ll})(?=\p{Lu})/u;
const HAS_HUMP = /\p{Ll}\p{Lu}/u;

/**
 * The parts of each camel-case word of a text, by the token the word becomes ("fontmap" → font, map): code names
 * join their words, and a person says them apart ("the font map class" for FontMap). Undefined when it has none.
 */
export const camelParts = (text: string): Map<string, string[]> | undefined => {
  if (!HAS_HUMP.test(text)) return undefined;
  let parts: Map<string, string[]> | undefined;
  for (const raw of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!HAS_HUMP.test(raw)) continue;
    const whole = words(raw);
    const split = raw.split(HUMP).flatMap((part) => words(part));
    if (whole.length === 1 && split.length > 1) (parts ??= new Map()).set(whole[0], split);
  }
  return parts;
};

/** A text's tokens, each camel-case word followed by its parts ("RecentChanges" says "recent" and "changes"). */
export const spokenWords = (text: string): string[] => {
  const tokens = words(text);
  const parts = camelParts(text);
  return parts ? tokens.flatMap((token) => [token, ...(parts.get(token) ?? [])]) : tokens;
};

/** Prefixes that make a word its opposite. */
const NEGATING = new Set(['un', 'non', 'dis', 'de', 'in', 'im', 'ir', 'il', 'anti', 'mis']);

/** Whether `short` begins `long` and ends between two of its digits. */
const digitCut = (short: string, long: string): boolean =>
  long.length > short.length &&
  long.startsWith(short) &&
  /\d/.test(short.at(-1) ?? '') &&
  /\d/.test(long[short.length]);

/**
 * How well a description token matches a page token: 1 the same, 0.8 one starts the other (subscribe /
 * subscription, 4 letters at least), 0.7 a compound holding it, else 0. Not one typo apart: a word one letter from
 * another is as often another word ("Contents" / "Contest"), and a click on it is a wrong action; a misspelt
 * description finds nothing and says which elements came closest (a model, when configured, then decides).
 */
export const tokenMatch = (wanted: string, seen: string): number => {
  if (wanted === seen) return 1;
  // A number cut inside its digits is another number ("127.0.0.1" is not "127.0.0.12", "201" not "2019").
  if (digitCut(wanted, seen) || digitCut(seen, wanted)) return 0;
  // A page word may be an abbreviation of the description's only when it keeps most of it ("config" for
  // "configur…"), not when it is a shorter word of its own ("commit" is no "commitdiff").
  if (
    wanted.length >= 4 &&
    seen.length >= 4 &&
    (seen.startsWith(wanted) || (wanted.startsWith(seen) && seen.length >= 0.75 * wanted.length))
  )
    return 0.8;
  // A compound written as one word ("gitworkflows", "subcommands"): the word after a short prefix, unless the
  // prefix says the opposite ("unacknowledged" is no "acknowledge", "inactive" no "active").
  if (
    wanted.length >= 6 &&
    seen.length > wanted.length &&
    seen.length <= wanted.length + 4 &&
    seen.endsWith(wanted) &&
    !NEGATING.has(seen.slice(0, seen.length - wanted.length))
  )
    return 0.7;
  return 0;
};
