/**
 * Checking a monitor's condition without a language model. Only two kinds of condition can be checked honestly
 * from the page alone, and only they are:
 * - text the condition quotes: `the page shows "Order confirmed"` holds when the page's rendered text contains it
 *   (all of the quoted phrases, case and spacing ignored); `"Loading…" disappears` / `no longer shows "Sold out"`
 *   holds when it is absent;
 * - otherwise, an element the condition describes (`a Download button appears`): it holds when the element
 *   resolver finds one (several fitting count too: the condition is about presence).
 * Anything else (`the price drops below $50`) needs a model; the operation says so in a warning.
 */

/** Words that turn a condition about presence into one about absence. */
const ABSENCE =
  /\b(no longer|disappears?|disappeared|gone|vanish(es|ed)?|removed|hidden|not (shown|visible|present|there|displayed)|does not (show|contain|appear)|doesn't (show|contain|appear)|is not|isn't|without)\b/i;

/** Verbs around an element description that the resolver should not look for as text. */
const PRESENCE_WORDS =
  /\b(appears?|appeared|shows? up|is (visible|shown|displayed|present|there|enabled)|becomes? (visible|available|enabled|clickable)|exists?|loads?|loaded|on the page|in the page|wait (for|until)|until)\b/gi;

export type OfflineCondition =
  | { kind: 'text'; phrases: string[]; absent: boolean }
  | { kind: 'element'; description: string; absent: boolean };

/** Straight and curly quotes: callers paste conditions from anywhere. */
const QUOTED = /"([^"]+)"|“([^”]+)”|'([^']{2,})'|‘([^’]+)’/g;

export const parseCondition = (condition: string): OfflineCondition => {
  const phrases = [...condition.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4]).trim()).filter(Boolean);
  const absent = ABSENCE.test(condition);
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
