/**
 * One window's page, as the deterministic operations drive and read it. Implemented over CDP in
 * `adapters/browser/`; core decides what to do, this port only does it. Every call takes an AbortSignal and
 * stops (rejecting with the signal's reason) when it fires.
 */

import type { ActionOptions, ActionOutcome, ElementTarget, PageSnapshot, TypeRequest } from './page-snapshot.js';

/** The page's document was replaced (it navigated) during an operation, on every try the operation gave it. */
export class PageNavigatedAwayError extends Error {
  constructor(message = 'the page navigated away during every attempt') {
    super(message);
    this.name = 'PageNavigatedAwayError';
  }
}

/** The browser took a command of the window's and did not answer it within the time it takes (a stalled session). */
export class BrowserStalledError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrowserStalledError';
  }
}

export interface SnapshotOptions {
  /** List text blocks too (see `PageSnapshot` elements' `block`): only scrolling looks for them, and they cost time. */
  textBlocks?: boolean;
}

export interface ScrapeResult {
  title: string;
  /** The main content as markdown (its start only, when `length` says it was longer). */
  markdown: string;
  /** The markdown's whole length in the page, when only its start came back. */
  length?: number;
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
  scan?: {
    overlapPercentage: number;
    maxScrolls: number;
    scrollDelayMs: number;
    direction: 'vertical' | 'horizontal' | 'bidirectional';
  };
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
  /** Scroll this box (one of `scrollContainers`) rather than what the wheel would scroll. */
  within?: ElementTarget;
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

/** An element brought into view, and where the page was before and after (absent when the page went away). */
export type ScrolledIntoView = ActionOutcome & { scroll?: ScrollOutcome };

export interface FileInputCandidate {
  /** Stable for this page state; pass it back to `setInputFiles`. */
  id: string;
  visible: boolean;
  multiple: boolean;
  accept?: string;
  /** Label, name, id, aria-label: what tells this input from another. */
  description: string;
  /** The same names one by one (empty when absent). */
  names: { label: string; ariaLabel: string; name: string; id: string; title: string };
  /** Where it is: the heading and text before it, the form or section it is in, its box (page CSS pixels; a hidden input's label's box). */
  place: {
    heading: string;
    near: string;
    region: string;
    box: { x: number; y: number; width: number; height: number };
    frame?: string;
  };
}

/**
 * How a form field is found again on a later visit, most stable first: its `id`, its `name` (with the option's
 * `value` for a radio), its label text, its CSS path within its document or shadow root. Each is searched in the
 * page, its same-origin frames and open shadow roots, and counts only when it names exactly one field.
 */
export interface FieldLocators {
  id?: string;
  name?: string;
  label?: string;
  css?: string;
}

/** A control's kind, as filling it needs to know: its input type, or textarea/select; `button` and `other` are not fields. */
export type FormFieldKind =
  | 'text'
  | 'email'
  | 'password'
  | 'tel'
  | 'url'
  | 'search'
  | 'number'
  | 'date'
  | 'time'
  | 'datetime-local'
  | 'month'
  | 'week'
  | 'color'
  | 'range'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'button'
  | 'other';

export interface FormOption {
  value: string;
  label: string;
  /** Radios: the option's own input, to click it. */
  target?: ElementTarget;
  locators?: FieldLocators;
}

/** A field of the page (a radio group is one field), with a target to act on right away. */
export interface FormField {
  target: ElementTarget;
  kind: FormFieldKind;
  /** What a person reads for it: label, legend, aria-label, placeholder, else its name. */
  label: string;
  id?: string;
  name?: string;
  required: boolean;
  multiple?: boolean;
  options?: FormOption[];
  placeholder?: string;
  min?: string;
  max?: string;
  maxLength?: number;
  pattern?: string;
  visible: boolean;
  disabled: boolean;
  /** Current value (text kinds, select), or whether it is checked (checkbox). */
  value?: string;
  checked?: boolean;
  locators: FieldLocators;
  /** Plain-language description, for finding it again through element resolution. */
  description: string;
  /** 0 for what shows now; n for the n-th hidden part of the form (a later step of a multi-step form). */
  step: number;
}

export interface FormAnalysis {
  url: string;
  title: string;
  /** Name of the form analysed (its aria-label, heading or id), when there is one. */
  formName?: string;
  fields: FormField[];
  /** A "Next"/"Continue" control: the form has several steps. */
  next?: FormField;
  submit?: FormField;
}

/** A value for `setField`: text for text kinds and selects (an option value), a boolean for checkboxes. */
export type FieldValue = string | boolean | string[];

/** How setting a field went: an action's outcome, or the value did not take (no such option, the page refused it). */
export type FieldOutcome =
  | ActionOutcome
  | { acted: false; code: 'option_missing' | 'value_not_taken'; message: string };

/** The page's rendered text and position, as a person sees it (same-origin frames included). */
export interface PageState {
  url: string;
  title: string;
  text: string;
  /** Height of the page's content and how far it is scrolled, in CSS pixels. */
  scrollHeight: number;
  scrollTop: number;
  viewportHeight: number;
  /** Where the page's own `rel="next"` link points, when it has one. */
  nextHref?: string;
}

/** A repeated structure of the page: a data table, a list, or a run of alike sibling cards. */
export interface ItemGroup {
  kind: 'table' | 'list' | 'cards';
  /** Its caption, aria-label or the heading before it: what the page calls it. */
  label: string;
  /** Column headers of a table. */
  headers?: string[];
  items: Array<{ text: string; cells?: string[]; link?: string }>;
  /** Inside the page's main content, rather than beside it (a side column, a banner). */
  main: boolean;
  /**
   * Where it sits in the page (tags, ids and classes from the body down, numbers left out): the same on every page
   * one template builds, so a walk finds its listing again on the next page.
   */
  key: string;
}

/** The page's file inputs, with the page's address (`location.href`) read alongside them. */
export interface FileInputListing {
  url: string;
  candidates: FileInputCandidate[];
}

export interface WindowDriver {
  scrape(signal: AbortSignal): Promise<ScrapeResult>;
  screenshot(request: ScreenshotRequest, signal: AbortSignal): Promise<Screenshot[]>;
  scroll(request: ScrollRequest, signal: AbortSignal): Promise<ScrollOutcome>;
  fileInputs(signal: AbortSignal): Promise<FileInputListing>;
  /**
   * Set files (paths on the browser's machine) on a file input, firing `input` and `change` as a user would.
   * Answers how many files the input holds afterwards: fewer than given when the browser did not take them.
   */
  setInputFiles(candidateId: string, paths: string[], signal: AbortSignal): Promise<number>;
  /** The page's candidate elements for resolving a description (see `page-snapshot.ts`). */
  snapshot(signal: AbortSignal, options?: SnapshotOptions): Promise<PageSnapshot>;
  /** Real mouse input on an element of a snapshot; `acted: false` when it went away or is covered everywhere. */
  click(
    target: ElementTarget,
    options: ActionOptions & { clickType?: 'click' | 'doubleClick' | 'rightClick' },
    signal: AbortSignal,
  ): Promise<ActionOutcome>;
  hover(target: ElementTarget, signal: AbortSignal): Promise<ActionOutcome>;
  /**
   * The page's scrolling boxes, as a snapshot whose elements are the boxes (named by aria-label, heading or
   * surrounding text), so a description can be resolved among them and the box passed to `scroll` as `within`.
   * `scroll` rejects with an error whose `code` is `element_stale` when that box has left the page.
   */
  scrollContainers(signal: AbortSignal): Promise<PageSnapshot>;
  /** The rendered text of the page and where it is scrolled. */
  pageState(signal: AbortSignal): Promise<PageState>;
  /**
   * The page's repeated structures (tables, lists, cards): those of its main content first, then largest first,
   * page chrome (menus, pagers) left out. `follow`: the key of a listing read on the page before, found again here
   * even with a single item.
   */
  listItems(signal: AbortSignal, follow?: string): Promise<ItemGroup[]>;
  /**
   * Real mouse input at a point of the viewport, after scrolling the page to `scroll` (where the screenshot the
   * point was found in was taken): what visual analysis acts with.
   */
  clickAt(
    point: { x: number; y: number },
    scroll: ScrollPosition,
    options: ActionOptions & { clickType?: 'click' | 'doubleClick' | 'rightClick' },
    signal: AbortSignal,
  ): Promise<ActionOutcome>;
  hoverAt(point: { x: number; y: number }, scroll: ScrollPosition, signal: AbortSignal): Promise<ActionOutcome>;
  /** Scroll so the element of a snapshot is in view (centred where the page allows). */
  scrollIntoView(target: ElementTarget, signal: AbortSignal): Promise<ScrolledIntoView>;
  /** Key events into an element of a snapshot (focused by a click), or into whatever has focus. */
  type(request: TypeRequest, signal: AbortSignal): Promise<ActionOutcome>;
  /** The main form of the page (the one with most fields; the whole page when there is no form element). */
  analyzeForm(signal: AbortSignal): Promise<FormAnalysis>;
  /** For each locator set, the one field it names (first locator that names exactly one wins), or null. */
  findFields(locators: FieldLocators[], signal: AbortSignal): Promise<Array<FormField | null>>;
  /** The field behind an element of a snapshot (a radio answers its whole group); null when gone. */
  fieldAt(target: ElementTarget, signal: AbortSignal): Promise<FormField | null>;
  /**
   * Set a field as a person would: click and type (clearing first) into text kinds, pick the option of a select,
   * click a radio option or a checkbox whose state differs. Then read it back: `acted: false` when it did not take.
   */
  setField(field: FormField, value: FieldValue, signal: AbortSignal): Promise<FieldOutcome>;
}
