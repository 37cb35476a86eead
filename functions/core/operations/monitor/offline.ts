/**
 * Checking a monitor's condition without a language model. Only these kinds of condition can be checked honestly
 * from the page alone, and only they are:
 * - text the page shows: `the page shows "Order confirmed"`, `the page says Download complete` holds when the
 *   page's rendered text contains it (all of the quoted phrases, case and spacing ignored); `"Loading…"
 *   disappears` / `no longer shows "Sold out"` holds when it is absent;
 * - what an element holds: `the search box contains foobar`, `the status reads "Done"` holds when the element
 *   described is found for sure and its value or text contains it;
 * - otherwise, an element the condition describes (`a Download button appears`): it holds when the element
 *   resolver finds it for sure (a loose match, such as a "Downloads" link for "Download complete", is no sign).
 * Anything else (`the price drops below $50`) needs a model; the operation says so in a warning.
 */

/** Words that turn a condition about presence into one about absence. */
const ABSENCE =
  /\b(no longer|disappears?|disappeared|gone|vanish(es|ed)?|removed|hidden|not (shown|visible|present|there|displayed)|does not (show|contain|appear|mention)|doesn't (show|contain|appear|mention)|is not|isn't|without)\b/i;

/** "Has no mention of passwords", "makes no mention of": said the way the verbs below read it. */
const NO_MENTION = /\b(?:has|makes|contains|shows)\s+no\s+mention\s+of\b/gi;

/** Verbs around an element description that the resolver should not look for as text. */
const PRESENCE_WORDS =
  /\b(appears?|appeared|shows? up|is (visible|shown|displayed|present|there|enabled)|becomes? (visible|available|enabled|clickable)|exists?|loads?|loaded|on the page|in the page|wait (for|until)|until)\b/gi;

export type OfflineCondition =
  | { kind: 'text'; phrases: string[]; absent: boolean }
  | { kind: 'value'; description: string; phrase: string; absent: boolean }
  | { kind: 'element'; description: string; absent: boolean };

/** "<what> says / shows / contains … <text>": what is watched, and the text it should hold. */
const HOLDS_TEXT =
  /^(.*?)\s*\b(?:says|say|shows|show|displays|display|reads|read|contains|contain|includes|include|mentions|mention|has the text|has text)\s+(.+?)[.!]?\s*$/i;
/** Text that ends on a kind of element ("a Download button") describes one. */
const KIND_LAST =
  /\b(?:button|link|field|box|checkbox|radio|dropdown|menu|tab|image|icon|dialog|popup|banner|form|table|heading|input)s?[.!]?\s*$/i;
/** Subjects that mean the page as a whole. */
const PAGE = /^(?:(?:the|this|that)\s+)?(?:page|web ?page|screen|window|site|document|body|tab)?$|^it$/i;
/** What a condition's subject says before its verb of presence or absence ("the search box no longer"). */
const SUBJECT_TAIL = /\s*\b(?:no longer|still|now|does not|doesn't|do not|don't|will|should|finally)\s*$/i;

/** Straight and curly quotes: callers paste conditions from anywhere. */
const QUOTED = /"([^"]+)"|“([^”]+)”|'([^']{2,})'|‘([^’]+)’/g;

const unquoted = (text: string): string =>
  text
    .trim()
    .replace(/^["“‘']|["”’']$/g, '')
    .trim();

export const parseCondition = (written: string): OfflineCondition => {
  const condition = written.replace(NO_MENTION, 'does not mention');
  const phrases = [...condition.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4]).trim()).filter(Boolean);
  const absent = ABSENCE.test(condition);
  const said = HOLDS_TEXT.exec(condition);
  // "Shows up" is a verb of presence, and "shows a Download button" names an element, not text to read.
  if (said && !phrases.length && (/^up\b/i.test(said[2]) || KIND_LAST.test(said[2]))) {
    const description = /^up\b/i.test(said[2]) ? said[1] : said[2];
    return { kind: 'element', description: description.replace(PRESENCE_WORDS, ' ').trim() || condition, absent };
  }
  if (said) {
    const subject = said[1].replace(SUBJECT_TAIL, '').trim();
    const phrase = phrases.length === 1 ? phrases[0] : unquoted(said[2]);
    if (PAGE.test(subject)) return { kind: 'text', phrases: phrases.length ? phrases : [phrase], absent };
    if (phrase) return { kind: 'value', description: subject, phrase, absent };
  }
  if (phrases.length) return { kind: 'text', phrases, absent };
  const description = condition.replace(ABSENCE, ' ').replace(PRESENCE_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return { kind: 'element', description: description || condition, absent };
};

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** Whether the quoted phrases are all on the page (or, for an absence condition, none of them). */
export const textHolds = (
  condition: { phrases: string[]; absent: boolean },
  pageText: string,
): { holds: boolean; evidence: string } => {
  const page = normalize(pageText);
  const present = condition.phrases.filter((phrase) => page.includes(normalize(phrase)));
  const quoted = condition.phrases.map((p) => `"${p}"`).join(', ');
  if (condition.absent) {
    return present.length === 0
      ? { holds: true, evidence: `the page no longer shows ${quoted}` }
      : { holds: false, evidence: `the page still shows ${present.map((p) => `"${p}"`).join(', ')}` };
  }
  const missing = condition.phrases.filter((phrase) => !present.includes(phrase));
  return missing.length === 0
    ? { holds: true, evidence: `the page shows ${quoted}` }
    : { holds: false, evidence: `the page does not show ${missing.map((p) => `"${p}"`).join(', ')} yet` };
};

/** Whether an element's value or text holds the phrase (or, for an absence condition, does not). */
export const valueHolds = (
  condition: { description: string; phrase: string; absent: boolean },
  element: { role: string; name: string; value?: string; text?: string },
): { holds: boolean; evidence: string } => {
  const held = [element.value, element.text, element.name].filter((v): v is string => v !== undefined);
  const has = held.some((v) => normalize(v).includes(normalize(condition.phrase)));
  const what = `${element.role} "${element.name}"${element.value !== undefined ? ` holds "${element.value}"` : ''}`;
  return condition.absent
    ? {
        holds: !has,
        evidence: has ? `${what}: still "${condition.phrase}"` : `${what}, no longer "${condition.phrase}"`,
      }
    : { holds: has, evidence: has ? what : `${what}, not "${condition.phrase}" yet` };
};
