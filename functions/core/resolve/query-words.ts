/** The word lists a description is parsed with (query.ts): verbs, fillers, kinds, places, ordinals, relations. */
import { wordTable } from './table.js';

export type Relation = 'below' | 'above' | 'left' | 'right' | 'near' | 'after' | 'before';

export const VERBS =
  /^\s*(?:please\s+)?(?:(?:double|right)[\s-]?click|click|tap|press|hit|hover|mouse\s+over|move\s+to|type|enter\s+text|fill(?:\s+in)?|select|choose|check|uncheck|tick|untick|toggle|open|go\s+(?:back\s+)?to|return\s+to|find|locate|focus|(?:add|create|start|make)(?=\s+(?:an?\s+)?new\b))(?:\s+(?:on|over|in|into|at|inside))?\s+/i;
export const FILLER = new Set([
  'row',
  'column',
  'col',
  'under',
  'below',
  'beneath',
  'above',
  'beside',
  'near',
  'after',
  'before',
  'element',
  'please',
  'labelled',
  'labeled',
  'called',
  'named',
  'titled',
  'saying',
  'says',
  'say',
  'read',
  'reads',
  'text',
  'that',
  'which',
  'one',
  'thing',
  'things',
  'area',
  'corner',
  'side',
  'located',
  'placed',
  'shown',
]);
/** Of those, the words for a part of a document. */
// "The bit on timeouts", "the question about the MIME type" (an FAQ's parts are its questions).
export const STRUCTURE = new Set(['chapter', 'section', 'part', 'topic', 'bit', 'question']);
export const SEQUENCE = new Set(['next', 'previous', 'up', 'home', 'first', 'last']);
/**
 * Words for a piece of a document or site ("the chapter on triggers", "the site search"): with other name words
 * they only say what kind of place is meant, and count a little when the element has them; alone they are the name.

 *
 * "Method" too: API references title a method by its signature ("path.basename(path[, suffix])"), never with the
 * word. Not "function" or "module": documentation does title those with the word ("The range() Function").
 */
export const GENERIC = new Set([
  'chapter',
  'section',
  'part',
  'page',
  'topic',
  'article',
  'documentation',
  'reference',
  'site',
  'website',
  'entry',
  'guide',
  'method',
  'bit',
  'question',
]);
/** Kind words that are hardly ever an element's name: never name words, even before the head. */
export const KIND_ONLY = new Set([
  'button',
  'link',
  'hyperlink',
  'anchor',
  'field',
  'input',
  'box',
  'textbox',
  'checkbox',
  'radio',
  'dropdown',
  'combobox',
  'listbox',
  'icon',
  'arrow',
  'chevron',
  'caret',
  'symbol',
  'glyph',
]);
/** Right after a kind word, these say what a passage is about ("the paragraph about tides"): not name words. */
export const TOPIC_WORDS = new Set([
  'about',
  'regarding',
  'concerning',
  'mentioning',
  'describing',
  'discussing',
  'explaining',
  'covering',
]);
/** Words that put an element in a place named right after them. */
export const PLACING = new Set(['in', 'on', 'from', 'within', 'inside']);
/** Words that put an element inside something named after them. */
export const CONTAINING = new Set(['in', 'inside', 'within']);
export const ORDINALS: Record<string, number> = wordTable({
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  '5th': 5,
  '6th': 6,
  '7th': 7,
  '8th': 8,
  '9th': 9,
  '10th': 10,
  last: -1,
  final: -1,
});
export const POSITIONS: Record<string, { vertical?: 'top' | 'bottom'; horizontal?: 'left' | 'right' }> = wordTable({
  top: { vertical: 'top' },
  topmost: { vertical: 'top' },
  upper: { vertical: 'top' },
  bottom: { vertical: 'bottom' },
  bottommost: { vertical: 'bottom' },
  lower: { vertical: 'bottom' },
  left: { horizontal: 'left' },
  leftmost: { horizontal: 'left' },
  right: { horizontal: 'right' },
  rightmost: { horizontal: 'right' },
});
export const REGION_WORDS: Record<string, string> = wordTable({
  header: 'header',
  footer: 'footer',
  navbar: 'nav',
  nav: 'nav',
  navigation: 'nav',
  sidebar: 'aside',
  dialog: 'dialog',
  modal: 'dialog',
  popup: 'dialog',
  overlay: 'dialog',
  form: 'form',
  table: 'table',
  iframe: 'frame',
});
/**
 * Words that are a place only when said to hold the element ("in the menu", "inside the frame"): otherwise they
 * name what the element is or is about ("the language menu", "pick the reading frame").
 */
export const PLACED_ONLY: Record<string, string> = wordTable({ menu: 'nav', frame: 'frame' });
export const RELATIONS: Array<[RegExp, Relation]> = [
  [/\b(?:to the right of|right of)\b/, 'right'],
  [/\b(?:to the left of|left of)\b/, 'left'],
  [/\b(?:next to|beside|besides|near|close to|adjacent to)\b/, 'near'],
  [/\b(?:under|underneath|below|beneath)\b/, 'below'],
  [/\b(?:above|on top of)\b/, 'above'],
  // "The link following the table", not "the following page" (the next one: see the phrases in words.ts).
  [/\b(?:after|following(?!\s+(?:page|chapter|section|node)\b))\b/, 'after'],
  [/\b(?:before|preceding)\b/, 'before'],
];
/** Quoted text: double quotes, typographic quotes, or single quotes that open after a space and close before one. */
export const QUOTES = /"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?:^|(?<=[\s(:]))'([^']+)'(?=$|[\s).,;:?!])/g;

/** Ordinals spelled as phrases, replaced before relations are split ("next to last" is not "next to"). */
export const ORDINAL_PHRASES: Array<[RegExp, string | ((...groups: string[]) => string)]> = [
  // "The commitdiff of the first entry": the ordinal counts something that holds the element, not the element.
  [/\b(of|in|for|from)\s+(the\s+)?(first|second|third|fourth|fifth|last|final)\b/, ' $1 $2 container:$3 '],
  [/\b(?:second|2nd)[\s-]+(?:to[\s-]+)?last\b/, ' ordinal:-2 '],
  [/\b(?:next|third|3rd)[\s-]+to[\s-]+last\b|\bpenultimate\b/, ' ordinal:-2 '],
  // "#3" counts only after "the" or at the start ("the #3 result", "#3"): after a name it is an identifier
  // ("Support #5", "Bug #3"), as an issue tracker writes it.
  [
    /(?:(?:^|\bthe\s+|\b(?:result|item|entry|row|hit|match|option|link)\s+)#|\bnumber\s+|\bno\.\s*)(\d{1,3})\b/,
    ' ordinal:$1 ',
  ],
  // "The second part of the tutorial", "the first chapter": the ordinal is the part's number ("Part 2").
  [
    /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(part|chapter|section|step|lesson|volume|appendix)\b/,
    (_: string, ordinal: string, part: string) => ` ${part} ${ORDINALS[ordinal]} `,
  ],
];
