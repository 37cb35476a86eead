/**
 * The floor comparison's script: one round of operations, run the same way against either side (this service, or
 * puppeteer-core driving the same Chromium directly), each operation timed from call to answer.
 */

/** A large real documentation page (test/fixtures/pages/docs/LICENSES.md) and an element on it to act on. */
export interface Doc {
  name: string;
  path: string;
  /** A link of the page's table of contents: what a user would click or hover. */
  link: { description: string; selector: string };
  /** What page-query is asked about the page. */
  question: string;
}

export const DOCS: Doc[] = [
  {
    name: 'docs116k',
    path: '/docs/node/url.html',
    link: {
      description: 'the "URL strings and URL objects" link',
      selector: '#toc a[href="#url-strings-and-url-objects"]',
    },
    question: 'How is a URL string parsed into a URL object?',
  },
  {
    name: 'docs707k',
    path: '/docs/python/library/stdtypes.html',
    link: { description: 'the first "str()" link', selector: 'div.body a[href="#str"]' },
    question: 'Which comparison operations does Python support?',
  },
];

/** One side of the comparison. A window is whatever the side needs to address one. */
export interface FloorSide<W> {
  /** A browser ready for its first window. */
  ready(): Promise<void>;
  /** Untimed preparation after `ready` (a file the file input will take). */
  prepare(): Promise<void>;
  /** Opens a window on `url` and waits for its `load`. */
  open(url: string): Promise<W>;
  load(window: W, url: string): Promise<void>;
  /** The page as markdown. */
  scrape(window: W): Promise<void>;
  /** The page's text as a reader of it gets it (page-query's reading, without a model). */
  read(window: W, question: string): Promise<void>;
  screenshot(window: W): Promise<void>;
  fullPageScreenshot(window: W): Promise<void>;
  click(window: W, target: { description: string; selector: string }): Promise<void>;
  hover(window: W, target: { description: string; selector: string }): Promise<void>;
  type(window: W, target: { description: string; selector: string }, text: string): Promise<void>;
  scroll(window: W, pixels: number): Promise<void>;
  fileInput(window: W, target: { description: string; selector: string }): Promise<void>;
  terminate(): Promise<void>;
}

/** Later viewport screenshots per window per round (the first one is timed on its own). */
const LATER_SHOTS = 3;

/** Runs one round on a side: timings in ms by operation name (an operation timed several times has several). */
export const runRound = async <W>(side: FloorSide<W>, baseUrl: string): Promise<Record<string, number[]>> => {
  const times: Record<string, number[]> = {};
  const time = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    (times[name] ??= []).push(performance.now() - started);
    return result;
  };
  await time('sessionReady', () => side.ready());
  await side.prepare();
  for (const doc of DOCS) {
    const url = `${baseUrl}${doc.path}`;
    const window = await time(`windowCreateLoad.${doc.name}`, () => side.open(url));
    await time(`screenshotFirst.${doc.name}`, () => side.screenshot(window));
    for (let i = 0; i < LATER_SHOTS; i += 1) await time(`screenshotLater.${doc.name}`, () => side.screenshot(window));
    await time(`fullPageScreenshot.${doc.name}`, () => side.fullPageScreenshot(window));
    await time(`scrape.${doc.name}`, () => side.scrape(window));
    await time(`pageRead.${doc.name}`, () => side.read(window, doc.question));
    await time(`hover.${doc.name}`, () => side.hover(window, doc.link));
    await time(`scroll.${doc.name}`, () => side.scroll(window, 600));
    await time(`click.${doc.name}`, () => side.click(window, doc.link));
    await time(`loadUrl.${doc.name}`, () => side.load(window, url));
  }
  const form = await side.open(`${baseUrl}/form.html`);
  await time('type', () => side.type(form, { description: 'the Name field', selector: '#name' }, 'Ada Lovelace'));
  const files = await side.open(`${baseUrl}/files/one-input.html`);
  await time('fileInput', () =>
    side.fileInput(files, { description: 'the Document file input', selector: '#document' }),
  );
  await time('terminate', () => side.terminate());
  return times;
};
