/**
 * The WindowDriver port over a puppeteer Page: each operation lives in its own file under `actions/`. Every one runs
 * under the runaway-script guard (`runaway-script.ts`), except while it waits for a navigation it started: a page
 * that loads slowly is no script that never yields.
 */
import type { Page } from 'puppeteer-core';
import type {
  FieldLocators,
  FieldValue,
  FormField,
  ScreenshotRequest,
  ScrollPosition,
  ScrollRequest,
  SnapshotOptions,
  WindowDriver,
} from '../../ports/window-driver.js';
import { analyzeForm, fieldAt, findFields, setField } from './actions/forms.js';
import { fileInputs, setInputFiles } from './actions/file-input.js';
import { scrape } from './actions/scrape.js';
import { screenshot } from './actions/screenshot.js';
import { scroll } from './actions/scroll.js';
import { clickAt, hoverAt } from './actions/at-point.js';
import { listItems } from './actions/list-items.js';
import { pageState } from './actions/page-state.js';
import { scrollContainers } from './actions/scroll-containers.js';
import { scrollIntoView } from './actions/scroll-into-view.js';
import type { ActionOptions, ElementTarget, TypeRequest } from '../../ports/page-snapshot.js';
import { click, type ClickType } from './actions/click.js';
import { hover } from './actions/hover.js';
import { snapshot } from './actions/snapshot.js';
import { type } from './actions/type.js';
import { SCRIPT_LIMIT_MS, stoppingRunawayScript } from './runaway-script.js';

export class PuppeteerWindowDriver implements WindowDriver {
  constructor(
    readonly page: Page,
    private readonly scriptLimitMs = SCRIPT_LIMIT_MS,
  ) {}

  private guarded<T>(operation: () => Promise<T>, navigates = false): Promise<T> {
    return navigates ? operation() : stoppingRunawayScript(this.page, this.scriptLimitMs, operation);
  }

  scrape(signal: AbortSignal) {
    return this.guarded(() => scrape(this.page, signal));
  }

  screenshot(request: ScreenshotRequest, signal: AbortSignal) {
    return this.guarded(() => screenshot(this.page, request, signal));
  }

  scroll(request: ScrollRequest, signal: AbortSignal) {
    return this.guarded(() => scroll(this.page, request, signal));
  }

  fileInputs(signal: AbortSignal) {
    return this.guarded(() => fileInputs(this.page, signal));
  }

  setInputFiles(candidateId: string, paths: string[], signal: AbortSignal) {
    return this.guarded(() => setInputFiles(this.page, candidateId, paths, signal));
  }

  snapshot(signal: AbortSignal, options?: SnapshotOptions) {
    return this.guarded(() => snapshot(this.page, signal, options));
  }

  click(target: ElementTarget, options: ActionOptions & { clickType?: ClickType }, signal: AbortSignal) {
    return this.guarded(() => click(this.page, target, options, signal), options.waitForNavigation !== undefined);
  }

  hover(target: ElementTarget, signal: AbortSignal) {
    return this.guarded(() => hover(this.page, target, signal));
  }

  scrollContainers(signal: AbortSignal) {
    return this.guarded(() => scrollContainers(this.page, signal));
  }

  clickAt(
    point: { x: number; y: number },
    scroll: ScrollPosition,
    options: ActionOptions & { clickType?: ClickType },
    signal: AbortSignal,
  ) {
    return this.guarded(
      () => clickAt(this.page, point, scroll, options, signal),
      options.waitForNavigation !== undefined,
    );
  }

  hoverAt(point: { x: number; y: number }, scroll: ScrollPosition, signal: AbortSignal) {
    return this.guarded(() => hoverAt(this.page, point, scroll, signal));
  }

  pageState(signal: AbortSignal) {
    return this.guarded(() => pageState(this.page, signal));
  }

  listItems(signal: AbortSignal, follow?: string) {
    return this.guarded(() => listItems(this.page, signal, follow));
  }

  scrollIntoView(target: ElementTarget, signal: AbortSignal) {
    return this.guarded(() => scrollIntoView(this.page, target, signal));
  }

  type(request: TypeRequest, signal: AbortSignal) {
    return this.guarded(() => type(this.page, request, signal), request.waitForNavigation !== undefined);
  }

  analyzeForm(signal: AbortSignal) {
    return this.guarded(() => analyzeForm(this.page, signal));
  }

  findFields(locators: FieldLocators[], signal: AbortSignal) {
    return this.guarded(() => findFields(this.page, locators, signal));
  }

  fieldAt(target: ElementTarget, signal: AbortSignal) {
    return this.guarded(() => fieldAt(this.page, target, signal));
  }

  setField(field: FormField, value: FieldValue, signal: AbortSignal) {
    return this.guarded(() => setField(this.page, field, value, signal));
  }
}
