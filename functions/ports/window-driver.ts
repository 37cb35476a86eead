/**
 * One window's page, as the deterministic operations drive and read it. Implemented over CDP in
 * `adapters/browser/`; core decides what to do, this port only does it. Every call takes an AbortSignal and
 * stops (rejecting with the signal's reason) when it fires.
 */

import type { ActionOptions, ActionOutcome, ElementTarget, PageSnapshot, TypeRequest } from './page-snapshot.js';

export interface ScrapeResult {
  title: string;
  /** The main content as markdown. */
  markdown: string;
  /** Text the user (or a script) selected in the page, when any. */
  selectedText?: string;
}

export interface ScrollPosition {
  left: number;
  top: number;
}

export interface ViewportSize {
  width: number;
  height: number;
}

export interface ScreenshotRequest {
  /**
   * `viewport`: what is visible. `page`: the whole page, in one image or in tiles stacked top to bottom when it is
   * taller than one capture can be, up to a cap. `scan`: the page scrolled through, one viewport-sized chunk per step.
   */
  scope: 'viewport' | 'page' | 'scan';
  /** JPEG quality 1-100. */
  quality: number;
  maxWidth?: number;
  maxHeight?: number;
  /** scan: overlap between chunks (percent), most chunks, pause between scrolls (ms), direction. */
  scan?: { overlapPercentage: number; maxScrolls: number; scrollDelayMs: number; direction: 'vertical' | 'horizontal' | 'bidirectional' };
}

export interface Screenshot {
  /** Image pixels are CSS pixels times the scale asked for (maxWidth/maxHeight), whatever the device pixel ratio. */
  jpeg: Buffer;
  /** The window's viewport, in CSS pixels. */
  viewport: ViewportSize;
  /** Where the image's top-left corner is in the page (its scroll offsets for viewport and scan images). */
  scroll: ScrollPosition;
  /** Set when the image does not show everything asked for (e.g. a page taller than can be captured). */
  truncated?: string;
}

/** An amount along one axis: pixels, or a percentage of the viewport. */
export interface ScrollAmount {
  value: number;
  unit: 'px' | '%';
}

export interface ScrollRequest {
  toEdge?: { x?: 'left' | 'right'; y?: 'top' | 'bottom' };
  by?: { x?: ScrollAmount; y?: ScrollAmount };
}

export interface ScrollOutcome {
  before: ScrollPosition;
  after: ScrollPosition;
  /** Largest scroll offsets of the page. */
  max: ScrollPosition;
  viewport: ViewportSize;
  /** What scrolled: `page`, or a short description of the box when the document itself does not scroll. */
  container?: string;
}

export interface FileInputCandidate {
  /** Stable for this page state; pass it back to `setInputFiles`. */
  id: string;
  visible: boolean;
  multiple: boolean;
  accept?: string;
  /** Label, name, id, aria-label: what tells this input from another. */
  description: string;
}

export interface WindowDriver {
  scrape(signal: AbortSignal): Promise<ScrapeResult>;
  screenshot(request: ScreenshotRequest, signal: AbortSignal): Promise<Screenshot[]>;
  scroll(request: ScrollRequest, signal: AbortSignal): Promise<ScrollOutcome>;
  fileInputs(signal: AbortSignal): Promise<FileInputCandidate[]>;
  /** Set files (paths on the browser's machine) on a file input, firing `input` and `change` as a user would. */
  setInputFiles(candidateId: string, paths: string[], signal: AbortSignal): Promise<void>;
  /** The page's candidate elements for resolving a description (see `page-snapshot.ts`). */
  snapshot(signal: AbortSignal): Promise<PageSnapshot>;
  /** Real mouse input on an element of a snapshot; `acted: false` when it went away or is covered everywhere. */
  click(target: ElementTarget, options: ActionOptions & { clickType?: 'click' | 'doubleClick' | 'rightClick' }, signal: AbortSignal): Promise<ActionOutcome>;
  hover(target: ElementTarget, signal: AbortSignal): Promise<ActionOutcome>;
  /** Scroll so the element of a snapshot is in view (centred where the page allows). */
  scrollIntoView(target: ElementTarget, signal: AbortSignal): Promise<ActionOutcome>;
  /** Key events into an element of a snapshot (focused by a click), or into whatever has focus. */
  type(request: TypeRequest, signal: AbortSignal): Promise<ActionOutcome>;
}
