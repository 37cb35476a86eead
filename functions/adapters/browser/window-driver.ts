/** The WindowDriver port over a puppeteer Page: each operation lives in its own file under `actions/`. */
import type { Page } from 'puppeteer-core';
import type { ScreenshotRequest, ScrollRequest, WindowDriver } from '../../ports/window-driver.js';
import { fileInputs, setInputFiles } from './actions/file-input.js';
import { scrape } from './actions/scrape.js';
import { screenshot } from './actions/screenshot.js';
import { scroll } from './actions/scroll.js';
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

  snapshot(signal: AbortSignal) {
    return snapshot(this.page, signal);
  }

  click(target: ElementTarget, options: ActionOptions & { clickType?: ClickType }, signal: AbortSignal) {
    return click(this.page, target, options, signal);
  }

  hover(target: ElementTarget, signal: AbortSignal) {
    return hover(this.page, target, signal);
  }

  scrollIntoView(target: ElementTarget, signal: AbortSignal) {
    return scrollIntoView(this.page, target, signal);
  }

  type(request: TypeRequest, signal: AbortSignal) {
    return type(this.page, request, signal);
  }
}
