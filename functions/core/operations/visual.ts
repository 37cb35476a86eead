/**
 * Visual analysis: when the page's structure has no element fitting a description (a canvas, an image map, a
 * widget drawn without names) and the configured model reads images, screenshots of the page are shown to it and
 * it points at the element. `VisualAnalysisConfig` shapes the search:
 * - `scope`: `viewport` (what is visible), `page`/`scan` (the page scrolled through in viewport-sized chunks),
 *   `auto` (default: the viewport first, then the scan);
 * - `partitionDirection`, `overlapPercentage` (default 10), `maxScanScrolls` (default 10), `scanScrollDelay` (ms, default 0);
 * - `resultSelectionStrategy`: `first` (stop at the first chunk it is found in), `bestMatch` (ask every chunk, take
 *   the most confident), `auto` (default: stop at a confident find, ≥ 0.8, else the best).
 * Every image is one model call, charged from its tokens and checked against the budget.
 */
import { ModelError, type AnsweringModel } from '../../ports/model.js';
import type { Screenshot, WindowDriver } from '../../ports/window-driver.js';
import type { Issue } from '../shared/issues.js';
import { prices, type PricedDeps } from './ask-model.js';
import { creditsFor } from '../resolve/credits.js';
import { BudgetExceededError, type Budget } from './budget.js';

export interface VisualAnalysisConfig {
  scope?: 'viewport' | 'page' | 'scan' | 'auto';
  partitionDirection?: 'vertical' | 'horizontal' | 'bidirectional';
  overlapPercentage?: number;
  maxScanScrolls?: number;
  scanScrollDelay?: number;
  resultSelectionStrategy?: 'first' | 'bestMatch' | 'auto';
}

export type VisualFind = {
  point: { x: number; y: number };
  scroll: { left: number; top: number };
  confidence: number;
  reason: string;
  images: number;
};

const CONFIDENT = 0.8;
const JPEG_QUALITY = 70;

export const canLocateVisually = (
  model: AnsweringModel | undefined,
): model is AnsweringModel & Required<Pick<AnsweringModel, 'locateVisually'>> =>
  typeof model?.locateVisually === 'function';

/** Ask about each image in turn, keeping the best find; stop early as the strategy allows. */
const search = async (
  deps: PricedDeps,
  model: Required<Pick<AnsweringModel, 'locateVisually'>>,
  shots: Screenshot[],
  description: string,
  intent: string,
  strategy: NonNullable<VisualAnalysisConfig['resultSelectionStrategy']>,
  budget: Budget,
): Promise<{ best?: VisualFind; asked: number; issue?: Issue }> => {
  let best: VisualFind | undefined;
  let asked = 0;
  for (const shot of shots) {
    try {
      budget.beforeModelCall();
    } catch (error) {
      // Out of credits with a find in hand: use it rather than nothing (the next screenshot would not be asked about).
      if (best && error instanceof BudgetExceededError && error.limit === 'cost') break;
      throw error;
    }
    let found: Awaited<ReturnType<typeof model.locateVisually>>;
    try {
      found = await model.locateVisually({
        image: shot.jpeg,
        width: shot.viewport.width,
        height: shot.viewport.height,
        description,
        intent,
        signal: budget.signal,
      });
    } catch (error) {
      if (!(error instanceof ModelError) || budget.signal.aborted) throw error;
      if (error.usage) budget.spend(creditsFor(error.usage, prices(deps)));
      budget.check();
      return { best, asked: asked + 1, issue: { code: `model_${error.kind}`, message: error.message } };
    }
    asked += 1;
    budget.spend(creditsFor(found.usage, prices(deps)));
    budget.check();
    if (!found.found) continue;
    if (!best || found.confidence > best.confidence)
      best = {
        point: { x: found.x, y: found.y },
        scroll: shot.scroll,
        confidence: found.confidence,
        reason: found.reason,
        images: 0,
      };
    if (strategy === 'first' || (strategy === 'auto' && found.confidence >= CONFIDENT)) break;
  }
  return { best, asked };
};

/** The point the model sees the described element at, or the issue saying it did not. */
export const locateVisually = async (
  deps: PricedDeps & { model?: AnsweringModel },
  driver: WindowDriver,
  description: string,
  intent: string,
  config: VisualAnalysisConfig | undefined,
  budget: Budget,
): Promise<VisualFind | { issue: Issue }> => {
  if (!canLocateVisually(deps.model))
    return { issue: { code: 'visual_analysis_unavailable', message: 'the configured model does not read images' } };
  const scope = config?.scope ?? 'auto';
  const strategy = config?.resultSelectionStrategy ?? 'auto';
  const scan = {
    overlapPercentage: config?.overlapPercentage ?? 10,
    maxScrolls: config?.maxScanScrolls ?? 10,
    scrollDelayMs: config?.scanScrollDelay ?? 0,
    direction: config?.partitionDirection ?? 'vertical',
  };
  // `auto` looks at what is on screen first and scans the page only when that shows nothing.
  const passes = [
    ...(scope === 'viewport' || scope === 'auto' ? [{ scope: 'viewport' as const, quality: JPEG_QUALITY }] : []),
    ...(scope !== 'viewport' ? [{ scope: 'scan' as const, quality: JPEG_QUALITY, scan }] : []),
  ];
  let asked = 0;
  for (const pass of passes) {
    const shots = await driver.screenshot(pass, budget.signal);
    const found = await search(deps, deps.model, shots, description, intent, strategy, budget);
    asked += found.asked;
    if (found.best) return { ...found.best, images: asked };
    if (found.issue) return { issue: found.issue };
  }
  return {
    issue: {
      code: 'element_not_found',
      message: `no element matches "${description}" in the page's structure, nor in ${asked} screenshot(s) of it`,
      details: { elementDescription: description, screenshots: asked },
    },
  };
};

/**
 * After the page's structure found nothing for a description: the visual search, when the model reads images.
 * Undefined when it does not apply (no such model, or the description fit several elements: a picture would not
 * settle that better than the names did).
 */
export const visualFallback = async (
  deps: PricedDeps & { model?: AnsweringModel },
  driver: WindowDriver,
  description: string,
  intent: string,
  config: VisualAnalysisConfig | undefined,
  budget: Budget,
  notFound: Issue,
): Promise<VisualFind | { issue: Issue } | undefined> => {
  if (notFound.code !== 'element_not_found' || !canLocateVisually(deps.model)) return undefined;
  return locateVisually(deps, driver, description, intent, config, budget);
};

/** What was acted on, when visual analysis found it. */
export const describeVisualFind = (find: VisualFind, description: string) =>
  `the point (${find.point.x}, ${find.point.y}) where visual analysis saw "${description}"${find.reason ? ` (${find.reason})` : ''}`;

export const visualNote = (find: VisualFind): Issue => ({
  code: 'located_visually',
  message: `the page's structure has no element fitting the description; it was found in a screenshot (${find.images} image(s) read, confidence ${find.confidence})`,
  details: { point: find.point, scroll: find.scroll, confidence: find.confidence },
});
