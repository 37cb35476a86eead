/**
 * What a window's page looks like to element resolution, and the input actions taken on what it resolved.
 *
 * A snapshot lists the page's candidate elements: the ones a person could act on (native controls, ARIA widgets,
 * focusable or clickable elements) and the ones that carry a label (images with alt text, headings, table cells).
 * It is built from the DOM in one pass inside the page (never from the full accessibility tree, which costs
 * seconds on big pages), reaching into same-origin iframes and open shadow roots. Texts are capped so a snapshot
 * stays small enough to hand to a language model later.
 */

export interface Box {
  /** Page coordinates (CSS pixels, top-level document, scroll included), rounded. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SnapshotElement {
  /** Stable for this snapshot: pass it back (with the snapshot's key) to act on the element. */
  id: string;
  /** ARIA role, explicit or implied by the tag: `button`, `link`, `textbox`, `checkbox`, `img`, `cell`, … */
  role: string;
  tag: string;
  /** `type` attribute of inputs and buttons. */
  type?: string;
  /** Accessible name: aria-labelledby, aria-label, label, alt, title, placeholder or contents, as a browser does. */
  name: string;
  /** Label text (label[for], wrapping label, aria-labelledby) when it is not already the name. */
  label?: string;
  /** Own text content when it differs from the name (e.g. an aria-label overrides the visible text). */
  text?: string;
  placeholder?: string;
  title?: string;
  alt?: string;
  /** Current value of a field (not of a password), or the chosen option of a select. */
  value?: string;
  /** Link target, relative to the page's origin when same-origin. */
  href?: string;
  /** `id` / `name` attributes, as developers named the control. */
  attributes?: string;
  /** Short text just before the element (an unassociated label, a caption). */
  near?: string;
  /** The closest heading before the element in document order. */
  heading?: string;
  /** Landmarks and named regions it sits in, outermost first: `header`, `nav Main`, `form Sign in`, `dialog …`. */
  region?: string[];
  /** Inside a table: the row's header text and the column's header text. */
  row?: string;
  column?: string;
  /** Id of the nearest candidate that contains this one (a link around an image, a cell around a button). */
  parent?: string;
  box: Box;
  /** Rendered with a size and not hidden; a visually hidden control whose label is visible counts as visible. */
  visible: boolean;
  /** Something a person can act on (control, widget, focusable, clickable), as opposed to a labelled text. */
  interactive: boolean;
  /**
   * A text block a person reads (paragraph, list item, table row, quote, definition), listed only when the
   * snapshot was asked for them: something to scroll to, never to act on.
   */
  block?: true;
  /** Text can be typed into it: a text field, a text area, an editable region. */
  editable?: boolean;
  disabled?: boolean;
  checked?: boolean;
  /** Inside a same-origin iframe: the frame's title, name or URL path. */
  frame?: string;
  /**
   * Where a link leads in a sequence of pages, from its `rel`, its access key (n, p, u, h) or a head link to the
   * same URL: `next`, `previous`, `up`, `home`, `index`, `contents`… (space-separated).
   */
  rel?: string;
}

export interface PageSnapshot {
  /** Identifies this snapshot within its page; element ids are only meaningful with it. */
  key: string;
  url: string;
  title: string;
  viewport: { width: number; height: number };
  scroll: { left: number; top: number };
  /** Candidates in document order (open shadow roots and same-origin frames in place). */
  elements: SnapshotElement[];
  /** How many elements the page had in all (frames and shadow roots included). */
  nodeCount: number;
  /** Set when candidates were left out because the page had more than the cap. */
  truncated?: boolean;
}

/** An element of a snapshot, as an action names it. */
export interface ElementTarget {
  snapshot: string;
  element: string;
}

export interface NavigationWait {
  timeoutMs: number;
  waitUntil: 'load' | 'domcontentloaded' | 'networkidle0' | 'networkidle2';
}

export interface ActionOptions {
  /** Wait for a navigation the action starts; none within the time is reported, not thrown. */
  waitForNavigation?: NavigationWait;
}

export interface TypeRequest extends ActionOptions {
  /** Where to type; absent: the focused element. */
  target?: ElementTarget;
  text: string;
  /** Select everything in the field and delete it first. */
  clear?: boolean;
  pressEnter?: boolean;
  /** Pressed after Enter when both are asked. */
  pressTab?: boolean;
}

/**
 * How an action went. `acted: false` means no input was sent (the element went away, or something else covers
 * it everywhere), with a stable `code` and a readable `message`.
 */
export type ActionOutcome =
  | {
      acted: true;
      /** Where the mouse went, in viewport coordinates of the top-level page. */
      point?: { x: number; y: number };
      /** Set when navigation was waited for: whether one happened, and the URL after it. */
      navigated?: boolean;
      url?: string;
      /** Things worth knowing that did not stop the action (e.g. the element is disabled). */
      notes: Array<{ code: string; message: string }>;
    }
  | { acted: false; code: 'element_stale' | 'element_not_visible' | 'element_covered'; message: string };
