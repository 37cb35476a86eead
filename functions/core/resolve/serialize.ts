/**
 * A snapshot as compact text, one line per element, for a language model to read (and to measure what it would
 * cost). Region lines are printed only when the region changes; boxes are reduced to their top-left corner.
 * A text block is written like any element, with its document role: `e40 paragraph "Tide tables for…" @32,2210`.
 *
 *   page "Sign in · Acme" http://…/login
 *   [main > form Sign in]
 *   e5 textbox "Email address" placeholder "you@x" @52,109
 *   e7 checkbox "Remember me" unchecked @235,111
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import { isTextBlock } from './blocks.js';

const quote = (text: string) => JSON.stringify(text);
/** Link targets are kept whole in a snapshot (to tell destinations apart); a model reads their start. */
const HREF_SHOWN = 60;

/** One element as one line: id, role, name and what else tells it apart. */
export const serializeElement = (element: SnapshotElement): string => {
  const parts = [element.id, element.role === 'generic' ? element.tag : element.role];
  if (element.name) parts.push(quote(element.name));
  if (element.label) parts.push(`label ${quote(element.label)}`);
  if (element.text) parts.push(`text ${quote(element.text)}`);
  if (element.placeholder) parts.push(`placeholder ${quote(element.placeholder)}`);
  if (element.title) parts.push(`title ${quote(element.title)}`);
  if (element.alt) parts.push(`alt ${quote(element.alt)}`);
  if (element.value) parts.push(`= ${quote(element.value)}`);
  if (element.near) parts.push(`after ${quote(element.near)}`);
  if (element.row) parts.push(`row ${quote(element.row)}`);
  if (element.column) parts.push(`col ${quote(element.column)}`);
  if (element.href)
    parts.push(`→ ${element.href.length > HREF_SHOWN ? `${element.href.slice(0, HREF_SHOWN - 1)}…` : element.href}`);
  if (element.rel) parts.push(`rel ${element.rel}`);
  if (element.checked !== undefined) parts.push(element.checked ? 'checked' : 'unchecked');
  if (element.disabled) parts.push('disabled');
  if (!element.visible) parts.push('hidden');
  parts.push(`@${element.box.x},${element.box.y}`);
  return parts.join(' ');
};

/** Text blocks (blocks.ts) are written only when asked: they are targets for scrolling, not for acting. */
export const serializeSnapshot = (snapshot: PageSnapshot, options: { textBlocks?: boolean } = {}): string => {
  const lines = [`page ${quote(snapshot.title)} ${snapshot.url}`];
  let region: string[] | undefined;
  for (const element of snapshot.elements) {
    if (!options.textBlocks && isTextBlock(element)) continue;
    if (element.region !== region && (element.region ?? []).join('>') !== (region ?? []).join('>')) {
      lines.push(`[${(element.region ?? []).join(' > ')}]`);
    }
    region = element.region;
    lines.push(serializeElement(element));
  }
  return lines.join('\n');
};

/** Rough token count of a text: four characters a token, the usual rule of thumb for English and markup. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);
