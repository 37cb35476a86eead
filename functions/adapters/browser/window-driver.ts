/** The WindowDriver port over a puppeteer Page: each operation lives in its own file under `actions/`. */
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

export class PuppeteerWindowDriver implements WindowDriver {
  constructor(readonly page: Page) {}

  scrape(signal: AbortSignal) {
    return scrape(this.page, signal);
  }

  screenshot(request: ScreenshotRequest, signal: AbortSignal) {
    return screenshot(this.page, request, signal);
  }

  scroll(request: ScrollRequest, signal: AbortSignal) {
    return scroll(this.page, request, signal);
  }

  fileInputs(signal: AbortSignal) {
    return fileInputs(this.page, signal);
  }

  setInputFiles(candidateId: string, paths: string[], signal: AbortSignal) {
    return setInputFiles(this.page, candidateId, paths, signal);
  }

  snapshot(signal: AbortSignal, options?: SnapshotOptions) {
    return snapshot(this.page, signal, options);
  }

  click(target: ElementTarget, options: ActionOptions & { clickType?: ClickType }, signal: AbortSignal) {
    return click(this.page, target, options, signal);
  }

  hover(target: ElementTarget, signal: AbortSignal) {
    return hover(this.page, target, signal);
  }

  scrollContainers(signal: AbortSignal) {
    return scrollContainers(this.page, signal);
  }

  clickAt(
    point: { x: number; y: number },
    scroll: ScrollPosition,
    options: ActionOptions & { clickType?: ClickType },
    signal: AbortSignal,
  ) {
    return clickAt(this.page, point, scroll, options, signal);
  }

  hoverAt(point: { x: number; y: number }, scroll: ScrollPosition, signal: AbortSignal) {
    return hoverAt(this.page, point, scroll, signal);
  }

  pageState(signal: AbortSignal) {
    return pageState(this.page, signal);
  }

  listItems(signal: AbortSignal) {
    return listItems(this.page, signal);
  }

  scrollIntoView(target: ElementTarget, signal: AbortSignal) {
    return scrollIntoView(this.page, target, signal);
  }

  type(request: TypeRequest, signal: AbortSignal) {
    return type(this.page, request, signal);
  }

  analyzeForm(signal: AbortSignal) {
    return analyzeForm(this.page, signal);
  }

  findFields(locators: FieldLocators[], signal: AbortSignal) {
    return findFields(this.page, locators, signal);
  }

  fieldAt(target: ElementTarget, signal: AbortSignal) {
    return fieldAt(this.page, target, signal);
  }

  setField(field: FormField, value: FieldValue, signal: AbortSignal) {
    return setField(this.page, field, value, signal);
  }
}
