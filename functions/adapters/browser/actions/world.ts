/**
 * The service's own in-page scripts run in an isolated world of the page's main frame, never in the page's main
 * world: a page that wraps DOM methods (querySelectorAll, getBoundingClientRect, getComputedStyle…) or reads
 * error stacks only sees its own calls, the scripts read pristine built-ins, and the page's CSP does not apply.
 * The DOM is shared between worlds (events a script dispatches reach the page's listeners); JS objects are not.
 *
 * One named world per frame: Chromium hands back the same world for the same name, so every call of a document
 * runs in one context. Its id is cached until the main frame commits another document (`Page.frameNavigated`).
 * Runtime is never enabled: `Runtime.evaluate` with the context id needs no execution-context events.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { OWED_FRAME } from './page/owed-frame.js';
import { abortable, cdpOf } from './screenshot/cdp.js';

const WORLD = 'sessionhost';

interface World {
  session: CDPSession;
  contextId: number;
  /** The keys of the scripts (`PageCall`) this world already holds: their source is not sent again. */
  installed: Set<number>;
}

/**
 * Set in the world when it is made. Context ids count up per renderer process, so after a cross-site navigation a
 * stale cached id can name a context of the new process, even the page's main world: a script runs only where it
 * finds this mark (reading an absent global is all the page's world can ever see of it).
 */
const MARK = '__sessionhostWorld';
const NOT_OURS = 'Cannot find context with specified id (the id names another world)';
/** What the world answers instead of running a script while a scroll's frame is owed (see `guarded`). */
const AGAIN = '__sessionhostAgain';
/**
 * A script runs where the mark is. While a scroll's frame is owed (`OWED_FRAME`), the world answers `AGAIN` once
 * that frame has come, without running the script, and the call is sent again: the script itself always runs
 * within its own evaluation, so that evaluation's `timeout` bounds it.
 */
const guarded = (expression: string) =>
  `globalThis.${MARK} === true ? (globalThis.${OWED_FRAME} ? globalThis.${OWED_FRAME}.then(() => ({ ${AGAIN}: true })) : (\n${expression}\n)) : (() => { throw new Error('${NOT_OURS}'); })()`;
/** The mark's test alone, for the last try (see `MAX_AGAIN`). */
const unowed = (expression: string) =>
  `globalThis.${MARK} === true ? (\n${expression}\n) : (() => { throw new Error('${NOT_OURS}'); })()`;
/** Calls that wait for an owed frame before one runs regardless (another scroll may owe a new frame meanwhile). */
const MAX_AGAIN = 3;

const worlds = new WeakMap<Page, Promise<World>>();
const watched = new WeakSet<CDPSession>();

/** A world lost with its document speaks like a destroyed main-world context, so `readSettled` reads again. */
const contextLost = (error: unknown): Error =>
  new Error(`Execution context was destroyed: ${error instanceof Error ? error.message : String(error)}`);

const forget = (page: Page, world?: Promise<World>) => {
  if (!world || worlds.get(page) === world) worlds.delete(page);
};

const createWorld = async (page: Page): Promise<World> => {
  const session = await cdpOf(page);
  if (!watched.has(session)) {
    watched.add(session);
    // Another document in the main frame means another context; frames below it do not matter.
    session.on('Page.frameNavigated', (event: { frame: { parentId?: string } }) => {
      if (!event.frame.parentId) forget(page);
    });
  }
  const { frameTree } = await session.send('Page.getFrameTree');
  try {
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: WORLD,
    });
    await session.send('Runtime.evaluate', {
      expression: `Object.defineProperty(globalThis, '${MARK}', { value: true })`,
      contextId: executionContextId,
    });
    return { session, contextId: executionContextId, installed: new Set() };
  } catch (error) {
    // The frame was detached or is between documents.
    throw contextLost(error);
  }
};

const worldOf = (page: Page): Promise<World> => {
  let world = worlds.get(page);
  if (!world) {
    const created = createWorld(page);
    world = created;
    worlds.set(page, created);
    created.catch(() => forget(page, created));
  }
  return world;
};

/** The cached id names no context any more: the script never ran, so running it in a fresh world is safe. */
const STALE = /Cannot find context with specified id/i;
const LOST = /Execution context was destroyed|Inspected target navigated/i;

class StaleWorld extends Error {}

/** The script itself threw (its message is the exception's description). */
export class PageScriptError extends Error {
  override name = 'PageScriptError';
}

export interface WorldOptions {
  /** Bounds a script in the renderer (a pathological page must not hold it without end). */
  timeoutMs?: number;
}

/**
 * A call of an in-page script with JSON arguments whose function the world keeps the first time it runs there,
 * under a key of its source, so later calls of the same document send only the call and reuse what the script set
 * up: the scrape carries 90 KB of Readability, which would otherwise be sent and set up again on every read.
 */
export interface PageCall {
  source: string;
  args: unknown[];
}

/** Held in the service's world only, which the page cannot reach. */
const SCRIPTS = '__sessionhostScripts';
const keys = new Map<string, number>();
const keyOf = (source: string): number => {
  let key = keys.get(source);
  if (key === undefined) {
    key = keys.size;
    keys.set(source, key);
  }
  return key;
};

const expressionOf = (call: string | PageCall, world: World): { text: string; installs?: number } => {
  if (typeof call === 'string') return { text: call };
  const key = keyOf(call.source);
  const args = call.args.map((arg) => JSON.stringify(arg)).join(', ');
  // A world that lacks the script is not the one its id named (see MARK): treated as stale, the call is made again.
  if (world.installed.has(key))
    return { text: `(globalThis.${SCRIPTS}?.[${key}] ?? (() => { throw new Error('${NOT_OURS}'); })())(${args})` };
  return {
    text: `((globalThis.${SCRIPTS} ??= {})[${key}] = (${call.source}))(${args})`,
    installs: key,
  };
};

const evaluateOnce = async (page: Page, call: string | PageCall, options: WorldOptions): Promise<unknown> => {
  for (let attempt = 1; ; attempt += 1) {
    const value = await evaluateOwed(page, call, options, attempt < MAX_AGAIN);
    if (!isAgain(value)) return value;
  }
};

const isAgain = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as Record<string, unknown>)[AGAIN] === true;

/** One evaluation; `waitForFrame: false` runs the script even while a frame is owed. */
const evaluateOwed = async (
  page: Page,
  call: string | PageCall,
  options: WorldOptions,
  waitForFrame: boolean,
): Promise<unknown> => {
  const pending = worldOf(page);
  const world = await pending;
  const { session, contextId } = world;
  const expression = expressionOf(call, world);
  let evaluation;
  try {
    evaluation = await session.send('Runtime.evaluate', {
      expression: waitForFrame ? guarded(expression.text) : unowed(expression.text),
      contextId,
      returnByValue: true,
      awaitPromise: true,
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    });
  } catch (error) {
    if (session.detached) forget(page, pending);
    if (!(error instanceof Error) || !(STALE.test(error.message) || LOST.test(error.message))) throw error;
    forget(page, pending);
    throw STALE.test(error.message) ? new StaleWorld(contextLost(error).message) : contextLost(error);
  }
  if (evaluation.exceptionDetails) {
    const details = evaluation.exceptionDetails;
    if (details.exception?.description?.includes(NOT_OURS)) {
      forget(page, pending);
      throw new StaleWorld(contextLost(NOT_OURS).message);
    }
    throw new PageScriptError(details.exception?.description ?? details.text);
  }
  if (isAgain(evaluation.result.value)) return evaluation.result.value;
  // Only a call that ran to its end is known to have left the script in place.
  if (expression.installs !== undefined) world.installed.add(expression.installs);
  return evaluation.result.value;
};

/**
 * The expression that calls a bundled in-page script (a `page/*.generated.ts` source) with JSON arguments: the
 * scripts take real parameters, never text pasted into their code.
 */
export const callExpression = (source: string, ...args: unknown[]): string =>
  `(${source})(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;

/**
 * A call of a script the world keeps (see `PageCall`). Only for a script whose value holds no state between calls:
 * the bundled `page/*.generated.ts` scripts keep theirs in module variables that must be fresh on every call, so
 * they go through `callExpression`.
 */
export const keptCall = (source: string, ...args: unknown[]): PageCall => ({ source, args });

/**
 * Evaluates `expression` (awaiting a returned promise) in the service's isolated world of the page's current
 * document and returns its value as JSON. A cached world whose document went away is replaced once; a document
 * that goes away during the script rejects with a context-lost error (`isContextLost`).
 */
export const evaluateInWorld = async <T>(
  page: Page,
  expression: string | PageCall,
  signal: AbortSignal,
  options: WorldOptions = {},
): Promise<T> => {
  signal.throwIfAborted();
  try {
    return (await abortable(evaluateOnce(page, expression, options), signal)) as T;
  } catch (error) {
    // The navigation event may arrive after the document changed: one fresh world, not an error. A script
    // that started and lost its document is not run again here (it may have acted); callers decide.
    if (!(error instanceof StaleWorld) || signal.aborted) throw error;
    return (await abortable(evaluateOnce(page, expression, options), signal)) as T;
  }
};
