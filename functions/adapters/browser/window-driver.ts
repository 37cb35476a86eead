/** The WindowDriver port over a puppeteer Page: each operation lives in its own file under `actions/`. */
import type { Page } from 'puppeteer-core';
import type { ScreenshotRequest, ScrollRequest, WindowDriver } from '../../ports/window-driver.js';
import { fileInputs, setInputFiles } from './actions/file-input.js';
import { scrape } from './actions/scrape.js';
import { screenshot } from './actions/screenshot.js';
import { scroll } from './actions/scroll.js';

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
}
