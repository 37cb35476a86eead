/**
 * Which file input to use. One input on the page is used directly. Among several, choosing by a description is
 * the model's work (it comes with element resolution); until then a description is only trusted when it names
 * exactly one input by its own words (label, aria-label, name, id or title), and otherwise the operation fails
 * listing the inputs, rather than guessing.
 */
import type { FileInputCandidate } from '../../ports/window-driver.js';
import type { Issue } from '../shared/issues.js';

export type FileInputChoice = { candidate: FileInputCandidate; how: 'only' | 'named' } | { issue: Issue };

/** `camelCase`, `kebab-case` and `snake_case` all become lower-case words. */
const words = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

const contains = (haystack: string[], needle: string[]): boolean => {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
};

/** The quoted names the adapter lists in a candidate's description (`label "Resume" · id "cv"`). */
const namesOf = (candidate: FileInputCandidate): string[] =>
  [...candidate.description.matchAll(/"((?:[^"\\]|\\.)*)"/g)].flatMap((match) => {
    try {
      return [JSON.parse(`"${match[1]}"`) as string];
    } catch {
      return [];
    }
  });

/** The description and one of the input's names contain one another, as whole words. */
const isNamedBy = (description: string, candidate: FileInputCandidate): boolean => {
  const asked = words(description);
  return namesOf(candidate).some((name) => {
    const own = words(name);
    return contains(asked, own) || contains(own, asked);
  });
};

const summary = (candidates: FileInputCandidate[]) =>
  candidates.map((c) => ({ description: c.description, visible: c.visible, multiple: c.multiple, ...(c.accept ? { accept: c.accept } : {}) }));

export const chooseFileInput = (candidates: FileInputCandidate[], options: { elementDescription?: string; hiddenLeftOut: number }): FileInputChoice => {
  if (candidates.length === 0) {
    const note = options.hiddenLeftOut > 0 ? ` (${options.hiddenLeftOut} hidden file input(s) were left out because includeHiddenElements is false)` : '';
    return { issue: { code: 'file_input_not_found', message: `the page has no file input${note}` } };
  }
  if (candidates.length === 1) return { candidate: candidates[0], how: 'only' };
  const list = candidates.map((c, index) => `${index + 1}. ${c.description}${c.visible ? '' : ' (hidden)'}`).join('; ');
  const description = options.elementDescription?.trim();
  if (!description) {
    return {
      issue: { code: 'file_input_ambiguous', message: `the page has ${candidates.length} file inputs; say which one in elementDescription: ${list}`, details: { candidates: summary(candidates) } },
    };
  }
  const named = candidates.filter((candidate) => isNamedBy(description, candidate));
  if (named.length === 1) return { candidate: named[0], how: 'named' };
  const why = named.length === 0 ? 'matches none of them by label, name or id' : `matches ${named.length} of them`;
  return {
    issue: {
      code: 'file_input_ambiguous',
      message: `the page has ${candidates.length} file inputs and "${description}" ${why}; choosing among them by description is not available yet, so name one by its label, name or id: ${list}`,
      details: { candidates: summary(candidates), elementDescription: description },
    },
  };
};
