/**
 * Accepts every JavaScript dialog (alert, confirm, prompt, beforeunload) of a session's browser as it opens, in
 * every window, whoever opened it: a page's popup too, which nobody drives yet.
 *
 * A dialog holds its page's scripts, its load and every CDP read of its document until it is answered, and Chromium
 * lets only a CDP session whose Page domain was on when the dialog opened answer it ("No dialog is showing" for one
 * enabled later, and a client attaching then cannot take over the page). So the host keeps one browser-level
 * session that auto-attaches to each page as it is created, paused before its first script, turns Page on and only
 * then lets it run: whenever a dialog opens later, a session here can answer it. Only pages are attached: a worker
 * starts on the first resume any client sends, which must stay the disguise's to send (cdp/worker-targets.ts).
 */
import type { Browser, CDPSession } from 'puppeteer-core';

interface AttachedEvent {
  sessionId: string;
  waitingForDebugger: boolean;
}

interface DialogOpening {
  type: string;
  defaultPrompt?: string;
}

const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true, filter: [{ type: 'page' }] };

/** A command whose failure means the page has gone, or another client answered the dialog first. */
const attempt = (sent: Promise<unknown>): void => void sent.catch(() => undefined);

/** OK, as a person would click it: a prompt gets its default text, a beforeunload lets the navigation go on. */
const accept = (page: CDPSession) => (dialog: DialogOpening) =>
  attempt(page.send('Page.handleJavaScriptDialog', { accept: true, promptText: dialog.defaultPrompt ?? '' }));

const watchPage = (root: CDPSession, event: AttachedEvent): void => {
  const page = root.connection()?.session(event.sessionId);
  if (!page) return;
  page.on('Page.javascriptDialogOpening', accept(page));
  // Sent together, in order on the page's session: Page is on before the page's first script can ask anything.
  attempt(page.send('Page.enable'));
  if (event.waitingForDebugger) attempt(page.send('Runtime.runIfWaitingForDebugger'));
};

/** Resolves once the pages the browser has now are watched; every page it opens later is watched before it runs. */
export async function acceptDialogs(browser: Browser): Promise<void> {
  const root = await browser.target().createCDPSession();
  root.on('Target.attachedToTarget', (event: AttachedEvent) => watchPage(root, event));
  await root.send('Target.setAutoAttach', AUTO_ATTACH);
}
