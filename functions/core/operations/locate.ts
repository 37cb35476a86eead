/**
 * The step click, hover and type share: snapshot the page, resolve the description, and answer the element or an
 * issue that says why there is none (with the closest elements) or which ones were equally good. Nothing is
 * acted on here, so a failed lookup never touches the page.
 */
import type { ElementTarget, PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import type { AnsweringModel } from '../../ports/model.js';
import type { WindowDriver } from '../../ports/window-driver.js';
import type { CreditPrices } from '../resolve/credits.js';
import { offlineResolver } from '../resolve/offline.js';
import { reachesText } from '../resolve/blocks.js';
import type { ElementResolver, Intent } from '../resolve/resolver.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { Issue } from '../shared/issues.js';
import type { Budget } from './budget.js';
import { timed } from '../../net/stage-timings.js';

/**
 * Operations that locate elements: the session ports, the resolver when one other than the offline one is
 * configured, and the model (with its credit prices) for visual analysis when it reads images.
 */
export type LocateDeps = SessionDeps & {
  resolver?: ElementResolver;
  model?: AnsweringModel;
  config?: Partial<CreditPrices>;
};

/** Below this a match is reported with a warning, so a caller can check it acted on the right element. */
/** Below this confidence a match is loose: an action on it says so, and a monitor does not take it as a sign. */
export const LOW_CONFIDENCE = 0.6;

export type Located =
  | { found: true; element: SnapshotElement; target: ElementTarget; confidence: number; warnings: Issue[] }
  | { found: false; issue: Issue; warnings: Issue[] };

/** `button "Sign in" in form "Login"`: what was acted on, in the words a person would use. */
export const describeElement = (element: SnapshotElement): string => {
  const name = element.name
    ? ` "${element.name}"`
    : element.placeholder
      ? ` with placeholder "${element.placeholder}"`
      : element.near
        ? ` after "${element.near}"`
        : '';
  const region = element.region?.length ? ` in ${element.region[element.region.length - 1]}` : '';
  return `${element.role === 'generic' ? element.tag : element.role}${name}${region}`;
};

const offlineNote = (resolver: ElementResolver): Issue[] =>
  resolver.name === 'offline'
    ? [
        {
          code: 'resolved_offline',
          message:
            'the element was looked for by its text, kind and position on the page, without a language model; a description of its looks or purpose may need one',
        },
      ]
    : [];

export const locate = async (
  deps: LocateDeps,
  driver: WindowDriver,
  description: string,
  intent: Intent,
  budget: Budget,
): Promise<Located> => {
  const snapshot = await driver.snapshot(budget.signal, { textBlocks: reachesText(intent) });
  budget.check();
  return locateIn(deps, snapshot, description, intent, budget);
};

/** Resolve a description among the elements of a snapshot already taken (the page's, or a narrower list such as its scrolling boxes). */
export const locateIn = async (
  deps: LocateDeps,
  snapshot: PageSnapshot,
  description: string,
  intent: Intent,
  budget: Budget,
): Promise<Located> => {
  const resolver = deps.resolver ?? offlineResolver;
  const resolution = await timed('resolve', () =>
    resolver.resolve(snapshot, description, {
      intent,
      signal: budget.signal,
      beforeModelCall: budget.beforeModelCall,
    }),
  );
  budget.spend(resolution.credits);
  budget.check();
  const warnings: Issue[] = snapshot.truncated
    ? [
        {
          code: 'snapshot_truncated',
          message: `the page has more elements than one lookup reads; only the first ${snapshot.elements.length} were considered`,
        },
      ]
    : [];
  const details = { elementDescription: description, resolver: resolver.name };
  if ('match' in resolution) {
    if (resolution.confidence < LOW_CONFIDENCE) {
      warnings.push({
        code: 'low_confidence',
        message: `the best match, ${describeElement(resolution.match)}, fits the description only loosely (confidence ${resolution.confidence})`,
        details: { ...details, confidence: resolution.confidence },
      });
    }
    return {
      found: true,
      element: resolution.match,
      target: { snapshot: snapshot.key, element: resolution.match.id },
      confidence: resolution.confidence,
      warnings,
    };
  }
  if ('none' in resolution) {
    const closest = resolution.closest.map((c) => c.name || c.role);
    const hint = closest.length ? `; closest: ${closest.map((n) => `"${n}"`).join(', ')}` : '';
    return {
      found: false,
      issue: {
        code: 'element_not_found',
        message: `no element matches "${description}": ${resolution.reason}${hint}`,
        details: { ...details, closest: resolution.closest },
      },
      warnings: [...warnings, ...offlineNote(resolver)],
    };
  }
  return {
    found: false,
    issue: {
      code: 'element_ambiguous',
      message: `"${description}" fits several elements: ${resolution.reason}`,
      details: { ...details, candidates: resolution.candidates },
    },
    warnings: [...warnings, ...offlineNote(resolver)],
  };
};
