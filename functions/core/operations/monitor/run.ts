/**
 * monitor: check a plain-language condition on the window's page every `intervalSeconds` (default 5) until it
 * holds (success, saying what showed it) or `timeoutSeconds` (default 30) pass (failure, saying what was seen
 * last). The first check is immediate.
 *
 * With a language model each check asks it about the page's rendered text; a check whose page text is the same
 * as the last one asked about reuses that verdict, so watching an unchanged page costs one model call, not one
 * per interval. Without a model, a condition is checked from the page itself (see offline.ts): quoted text must
 * show (or be gone), anything else is read as an element description; a warning says the condition was read
 * that way, so a caller whose condition needs judgement (a price below a figure) knows to configure a model.
 */
import type { AnsweringModel } from '../../../ports/model.js';
import type { WindowDriver } from '../../../ports/window-driver.js';
import type { Issue } from '../../shared/issues.js';
import { askModel } from '../ask-model.js';
import type { Budget } from '../budget.js';
import { LOW_CONFIDENCE, locate, type LocateDeps } from '../locate.js';
import type { PageQueryDeps } from '../page-query.js';
import { failed, succeeded, type OperationResult } from '../result.js';
import { runWindowOperation, type OperationLimits } from '../run.js';
import { parseCondition, textHolds, valueHolds } from './offline.js';
import { pause } from '../../shared/pause.js';

export const DEFAULT_INTERVAL_SECONDS = 5;
export const DEFAULT_TIMEOUT_SECONDS = 30;
/** What one check hands the model: the same cap as page-query's context (about 60k tokens). */
const MAX_TEXT_CHARS = 240_000;

export interface MonitorBody extends OperationLimits {
  condition: string;
  configuration?: {
    includeVisualAnalysis?: 'auto' | 'disabled' | 'enabled';
    interval?: { intervalSeconds?: number; timeoutSeconds?: number };
  };
}

export type MonitorDeps = LocateDeps & Pick<PageQueryDeps, 'model' | 'config'>;

type Verdict = { holds: boolean; evidence: string };
type Checker = (driver: WindowDriver, budget: Budget) => Promise<Verdict | Issue>;

const SYSTEM = [
  'You watch one web page for a condition. Given the text the page shows now, decide whether the condition holds now.',
  'Judge only from the page text. When the page does not show enough to tell, the condition does not hold.',
].join(' ');

const VERDICT_SCHEMA = {
  type: 'object',
  properties: {
    holds: { type: 'boolean', description: 'whether the condition holds on the page now' },
    evidence: { type: 'string', description: 'what on the page shows it, briefly quoted' },
  },
  required: ['holds', 'evidence'],
  additionalProperties: false,
};

const parseVerdict = (text: string): Verdict | Issue => {
  try {
    const value = JSON.parse(text) as Partial<Verdict>;
    if (typeof value.holds === 'boolean')
      return { holds: value.holds, evidence: typeof value.evidence === 'string' ? value.evidence : '' };
  } catch {
    /* reported below */
  }
  return {
    code: 'model_malformed_answer',
    message: `the model's verdict is not the asked JSON: ${text.slice(0, 200)}`,
  };
};

const modelChecker = (deps: MonitorDeps, model: AnsweringModel, condition: string, warnings: Issue[]): Checker => {
  let last: { url: string; text: string; verdict: Verdict } | undefined;
  return async (driver, budget) => {
    const page = await driver.pageState(budget.signal);
    if (last && last.url === page.url && last.text === page.text) return last.verdict;
    let text = page.text;
    if (text.length > MAX_TEXT_CHARS) {
      if (!warnings.some((w) => w.code === 'content_truncated')) {
        warnings.push({
          code: 'content_truncated',
          message: `each check read the page's first ${MAX_TEXT_CHARS} characters of text`,
          details: { length: text.length, kept: MAX_TEXT_CHARS },
        });
      }
      text = text.slice(0, MAX_TEXT_CHARS);
    }
    const answer = await askModel(deps, model, budget, {
      system: SYSTEM,
      question: `Condition: ${condition}`,
      context: `URL: ${page.url}\nTitle: ${page.title}\n\n${text}`,
      jsonSchema: VERDICT_SCHEMA,
    });
    if (typeof answer !== 'string') return answer;
    const verdict = parseVerdict(answer);
    if ('holds' in verdict) last = { url: page.url, text: page.text, verdict };
    return verdict;
  };
};

/** A candidate's score at which it says the description's words whole (scores run to about 1.2). */
const SURE_SCORE = 0.9;

const offlineChecker = (deps: MonitorDeps, condition: string): Checker => {
  const parsed = parseCondition(condition);
  if (parsed.kind === 'text')
    return async (driver, budget) => textHolds(parsed, (await driver.pageState(budget.signal)).text);
  if (parsed.kind === 'value')
    return async (driver, budget) => {
      const located = await locate(deps, driver, parsed.description, 'type', budget);
      if (!located.found || located.confidence < LOW_CONFIDENCE)
        return { holds: false, evidence: `no element is surely "${parsed.description}" yet` };
      return valueHolds(parsed, located.element);
    };
  return async (driver, budget) => {
    const located = await locate(deps, driver, parsed.description, 'click', budget);
    // A loose match ("Downloads" for "Download complete") is no sign of what the condition describes.
    const sure = located.found && located.confidence >= LOW_CONFIDENCE;
    // Several that fit well are as good a sign as one; several that fit loosely are none.
    const candidates = !located.found
      ? (located.issue.details?.candidates as Array<{ score?: number }> | undefined)
      : [];
    const several =
      !located.found &&
      located.issue.code === 'element_ambiguous' &&
      (candidates ?? []).some((c) => (c.score ?? 0) >= SURE_SCORE);
    const present = sure || several;
    const what = sure
      ? `the page shows ${located.element.role} "${located.element.name}"`
      : present
        ? `several elements fit "${parsed.description}"`
        : located.found
          ? `nothing surely fits "${parsed.description}" yet (closest: ${located.element.role} "${located.element.name}")`
          : `nothing fits "${parsed.description}" yet`;
    return parsed.absent
      ? {
          holds: !present,
          evidence: present ? `${what}: still there` : `nothing fits "${parsed.description}" any more`,
        }
      : { holds: present, evidence: what };
  };
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const monitorCondition = (
  deps: MonitorDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  body: MonitorBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> =>
  runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    const warnings: Issue[] = [];
    const intervalMs = (body.configuration?.interval?.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS) * 1000;
    const timeoutMs = (body.configuration?.interval?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
    if (body.configuration?.includeVisualAnalysis === 'enabled') {
      warnings.push({
        code: 'visual_analysis_not_applied',
        message: 'includeVisualAnalysis was not used: the condition is checked against the page text',
      });
    }
    let check: Checker;
    if (deps.model) check = modelChecker(deps, deps.model, body.condition, warnings);
    else {
      warnings.push({
        code: 'model_not_configured',
        message:
          'no language model is configured: the condition is checked as quoted text on the page, or as a described element being on the page',
      });
      check = offlineChecker(deps, body.condition);
    }
    const startedAt = deps.clock.now().getTime();
    for (let checks = 1; ; checks += 1) {
      budget.check();
      const verdict = await check(driver, budget);
      if (!('holds' in verdict)) return failed(verdict, { warnings, credits: budget.credits });
      const elapsed = deps.clock.now().getTime() - startedAt;
      if (verdict.holds) {
        return succeeded(`The condition holds (check ${checks}, after ${seconds(elapsed)}): ${verdict.evidence}`, {
          warnings,
          credits: budget.credits,
        });
      }
      // The last check is at the timeout itself when the next interval would pass it: a monitor told to wait 2 s
      // waits them, whatever its interval.
      const nextAt = Math.min(checks * intervalMs, timeoutMs);
      if (elapsed >= timeoutMs) {
        return {
          status: 'failure',
          modelResponse: `Last check: ${verdict.evidence}`,
          credits: budget.credits,
          errors: [
            {
              code: 'monitor_timeout',
              message: `the condition did not hold within ${timeoutMs / 1000} s (${checks} checks, every ${intervalMs / 1000} s); last check: ${verdict.evidence}`,
              details: { checks, timeoutSeconds: timeoutMs / 1000 },
            },
          ],
          warnings,
        };
      }
      await pause(Math.max(0, nextAt - (deps.clock.now().getTime() - startedAt)), budget.signal);
    }
  });
