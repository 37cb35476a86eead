/**
 * JavaScript dialogs (alert, confirm, prompt, beforeunload) stop a page's scripts, its load and every CDP read of its
 * document until someone answers them, and the API has no way to: an unanswered `alert()` held every operation on
 * its window for the 60 s protocol limit. The pages the service drives accept each dialog as it opens, as a person
 * clicking OK would (a prompt gets its default text; a beforeunload lets the navigation go on).
 */
import type { Dialog, Page } from 'puppeteer-core';

const answering = new WeakSet<Page>();

export const answerDialogs = (page: Page): Page => {
  if (answering.has(page)) return page;
  answering.add(page);
  // Another CDP client of the page may have answered it first: then there is nothing left to accept.
  page.on('dialog', (dialog: Dialog) => void dialog.accept(dialog.defaultValue()).catch(() => undefined));
  return page;
};
