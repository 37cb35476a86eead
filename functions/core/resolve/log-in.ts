/**
 * "Sign in", "log in" on a page that shows a log-in form: the person wants to be signed in, which is the form's
 * button (whatever its words: "Authenticate", "Go", "Enter"), not a link to the log-in page they are on (an app's
 * menu keeps its "login" link on the log-in page too). Read only when the description is the verb alone and the
 * page shows one password field whose form has one button to send it.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Stated } from './stated.js';

const LOG_IN = /^\s*(?:please\s+)?(?:sign|log)\s*(?:in|on)(?:\s+now)?\s*[.!]?\s*$/i;

/** The regions up to and including the form an element sits in, or undefined outside a form. */
const formOf = (e: SnapshotElement): string | undefined => {
  const regions = e.region ?? [];
  let at = regions.length - 1;
  while (at >= 0 && regions[at] !== 'form' && !regions[at].startsWith('form ')) at -= 1;
  return at < 0 ? undefined : regions.slice(0, at + 1).join('>');
};

export const logInForm = (match: SnapshotElement, stated: Stated): Answer | undefined => {
  if (stated.intent !== 'click' || match.role !== 'link' || !LOG_IN.test(stated.description)) return undefined;
  const shown = stated.snapshot.elements.filter((e) => e.visible);
  const passwords = shown.filter((e) => e.type === 'password');
  if (passwords.length !== 1) return undefined;
  const form = formOf(passwords[0]);
  if (!form) return undefined;
  const buttons = shown.filter((e) => e.role === 'button' && e.interactive && formOf(e) === form);
  return buttons.length === 1 ? { match: buttons[0], confidence: 0.6 } : undefined;
};
