/**
 * Which file input to use. One input on the page is used directly. Among several, a description that names
 * exactly one input by its own words (label, aria-label, name, id or title) picks it at once; otherwise the
 * description is resolved among the inputs by the element resolver (offline: by their names, the heading and text
 * before them, the form or section they are in, and order and position words; with a model configured: by the
 * model when the offline resolver cannot tell). No fit, or several equally good, fails listing the inputs rather
 * than guessing.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import type { FileInputCandidate } from '../../ports/window-driver.js';
import type { Issue } from '../shared/issues.js';
import type { Budget } from './budget.js';
import { locateIn, type LocateDeps } from './locate.js';

export type FileInputChoice =
  | { candidate: FileInputCandidate; how: 'only' | 'named' | 'resolved'; warnings?: Issue[] }
  | { issue: Issue; warnings?: Issue[] };

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
  candidates.map((c) => ({
    description: c.description,
    visible: c.visible,
    multiple: c.multiple,
    ...(c.accept ? { accept: c.accept } : {}),
  }));

export const chooseFileInput = (
  candidates: FileInputCandidate[],
  options: { elementDescription?: string; hiddenLeftOut: number },
): FileInputChoice => {
  if (candidates.length === 0) {
    const note =
      options.hiddenLeftOut > 0
        ? ` (${options.hiddenLeftOut} hidden file input(s) were left out because includeHiddenElements is false)`
        : '';
    return { issue: { code: 'file_input_not_found', message: `the page has no file input${note}` } };
  }
  if (candidates.length === 1) return { candidate: candidates[0], how: 'only' };
  const list = candidates.map((c, index) => `${index + 1}. ${c.description}${c.visible ? '' : ' (hidden)'}`).join('; ');
  const description = options.elementDescription?.trim();
  if (!description) {
    return {
      issue: {
        code: 'file_input_ambiguous',
        message: `the page has ${candidates.length} file inputs; say which one in elementDescription: ${list}`,
        details: { candidates: summary(candidates) },
      },
    };
  }
  const named = candidates.filter((candidate) => isNamedBy(description, candidate));
  if (named.length === 1) return { candidate: named[0], how: 'named' };
  return { issue: { code: 'file_input_unresolved', message: list } };
};

/**
 * The inputs as snapshot elements, so the element resolver reads them as it reads any page's controls. The
 * heading before each input comes along as a labelled element just above it: a description relative to it
 * ("the upload under Proof of address") then has its anchor. Input ids are `e<index in candidates>`.
 */
const asSnapshot = (candidates: FileInputCandidate[], url: string): PageSnapshot => {
  const elements: SnapshotElement[] = [];
  let lastHeading = '';
  candidates.forEach((candidate, index) => {
    const { names, place } = candidate;
    if (place.heading && place.heading !== lastHeading) {
      elements.push({
        id: `h${index}`,
        role: 'heading',
        tag: 'h2',
        name: place.heading,
        box: { x: place.box.x, y: place.box.y - 24, width: place.box.width, height: 20 },
        visible: true,
        interactive: false,
      });
    }
    lastHeading = place.heading;
    const attributes = [names.id ? `id "${names.id}"` : '', names.name ? `name "${names.name}"` : '']
      .filter(Boolean)
      .join(' · ');
    elements.push({
      id: `e${index}`,
      role: 'button',
      tag: 'input',
      type: 'file',
      name: names.label || names.ariaLabel || names.title || '',
      label: names.label || undefined,
      title: names.title || undefined,
      attributes: attributes || undefined,
      near: place.near || undefined,
      heading: place.heading || undefined,
      region: place.region ? [place.region] : undefined,
      box: place.box,
      visible: candidate.visible,
      interactive: true,
      frame: place.frame,
    });
  });
  return {
    key: 'file-inputs',
    url,
    title: '',
    viewport: { width: 0, height: 0 },
    scroll: { left: 0, top: 0 },
    nodeCount: elements.length,
    elements,
  };
};

/**
 * Every candidate is a file input, so the words a description uses for that kind ("the upload", "the third file
 * input", "the attachment field") tell none apart: they are left out, and what remains (place, order, names) decides.
 */
const KIND_WORDS =
  /\b(?:file|files|upload|uploads|uploader|input|inputs|field|fields|attachment|attachments|box|control|picker|chooser|selector|button)\b/gi;
const withoutKindWords = (description: string) =>
  description.replace(KIND_WORDS, ' ').replace(/\s+/g, ' ').trim() || description;

/** `chooseFileInput`, then the element resolver when the names alone cannot decide. */
export const resolveFileInput = async (
  deps: LocateDeps,
  candidates: FileInputCandidate[],
  options: { elementDescription?: string; hiddenLeftOut: number; url: string },
  budget: Budget,
): Promise<FileInputChoice> => {
  const first = chooseFileInput(candidates, options);
  if (!('issue' in first) || first.issue.code !== 'file_input_unresolved') return first;
  const description = options.elementDescription!.trim();
  const list = first.issue.message;
  const located = await locateIn(
    deps,
    asSnapshot(candidates, options.url),
    withoutKindWords(description),
    'click',
    budget,
  );
  // Only an input is an answer: a description that best fits a heading names no input.
  if (located.found && located.element.id.startsWith('e'))
    return { candidate: candidates[Number(located.element.id.slice(1))], how: 'resolved', warnings: located.warnings };
  return {
    issue: {
      code: 'file_input_ambiguous',
      message: `the page has ${candidates.length} file inputs and "${description}" ${!located.found && located.issue.code === 'element_ambiguous' ? 'fits several of them equally' : 'fits none of them'}; name one by its label, name, id or place: ${list}`,
      details: { candidates: summary(candidates), elementDescription: description },
    },
    warnings: located.warnings,
  };
};
