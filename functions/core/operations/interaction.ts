/**
 * What click, hover and type share around the action: the navigation wait asked for, warnings for options this
 * version does not apply, and an action's outcome → the operation's result.
 */
import type { ActionOutcome, NavigationWait } from '../../ports/page-snapshot.js';
import type { Issue } from '../shared/issues.js';
import type { VisualAnalysisConfig } from './visual.js';
import { failed, succeeded, type OperationResult } from './result.js';

export interface InteractionConfiguration {
  visualAnalysis?: VisualAnalysisConfig;
  waitForNavigationConfig?: { timeoutSeconds?: number; waitUntil?: NavigationWait['waitUntil'] };
  experimental?: { scrollWithin?: string };
}

const DEFAULT_NAVIGATION_SECONDS = 30;

/** The wait, when `waitForNavigation` asks for one (30 s and `load` unless configured). */
export const navigationWait = (
  waitForNavigation: boolean | undefined,
  configuration: InteractionConfiguration | undefined,
): NavigationWait | undefined => {
  if (!waitForNavigation) return undefined;
  const config = configuration?.waitForNavigationConfig;
  return {
    timeoutMs: (config?.timeoutSeconds ?? DEFAULT_NAVIGATION_SECONDS) * 1000,
    waitUntil: config?.waitUntil ?? 'load',
  };
};

/** Options accepted on the wire that this version does not act on: said, not silently dropped. */
export const unappliedOptions = (
  configuration: InteractionConfiguration | undefined,
  waitForNavigation: boolean | undefined,
  options: { vision?: boolean } = {},
): Issue[] => {
  const issues: Issue[] = [];
  if (configuration?.visualAnalysis && !options.vision) {
    issues.push({
      code: 'visual_analysis_not_applied',
      message:
        'visualAnalysis was not used: it needs a configured model that reads images; the element was looked for in the page structure only',
    });
  }
  if (configuration?.experimental?.scrollWithin) {
    issues.push({
      code: 'scroll_within_not_applied',
      message: 'experimental.scrollWithin was not used: the element was scrolled into view wherever it is',
    });
  }
  if (configuration?.waitForNavigationConfig && !waitForNavigation) {
    issues.push({
      code: 'navigation_wait_not_requested',
      message: 'waitForNavigationConfig was given without waitForNavigation: true, so no navigation was waited for',
    });
  }
  return issues;
};

/** An action's outcome → success with what was done (and where the page went), or failure with why nothing was. */
export const actionResult = (
  outcome: ActionOutcome,
  done: string,
  failedTo: string,
  warnings: Issue[],
  credits: number,
): OperationResult<string> => {
  if (!outcome.acted)
    return failed({ code: outcome.code, message: `could not ${failedTo}: ${outcome.message}` }, { warnings, credits });
  const notes: Issue[] = outcome.notes.map((note) => ({ code: note.code, message: note.message }));
  const navigation = outcome.navigated ? ` The page navigated to ${outcome.url}.` : '';
  return succeeded(`${done}.${navigation}`, { warnings: [...warnings, ...notes], credits });
};
