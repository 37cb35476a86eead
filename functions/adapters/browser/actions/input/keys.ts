/**
 * Key input sent without waiting on each key's round trip. Chromium handles the input events of a page in the
 * order they arrive, each one's handlers done before the next starts, so sending a text's key events at once
 * gives the page the same events in the same order as pressing them one by one, as puppeteer already does for a
 * click's move, press and release.
 *
 * They go in batches, each awaited, and no batch starts once the operation is aborted: a long text sent whole would
 * queue hundreds of thousands of events in the page that no time limit can take back, and the page would answer
 * nothing else until it had worked through them.
 */
import type { KeyInput, Page } from 'puppeteer-core';

/** puppeteer's keyboard, with the check its own `type` uses: a character with a key is pressed, others inserted. */
type Keyboard = Page['keyboard'] & { charIsKey(char: string): boolean };

/** Characters (or presses) per batch: a short text is one batch, a long one stops within one batch of an abort. */
export const KEY_BATCH = 64;

/** Sends each batch's events at once, awaiting the batch; stops before the next batch once `signal` is aborted. */
const inBatches = async <T>(items: T[], send: (item: T) => Promise<void>[], signal?: AbortSignal): Promise<void> => {
  for (let start = 0; start < items.length; start += KEY_BATCH) {
    if (signal?.aborted) return;
    await Promise.all(items.slice(start, start + KEY_BATCH).flatMap(send));
  }
};

/**
 * Key by key, a text costs the page about a millisecond per character on this kind of host, and more as a field
 * grows (10,000 characters into a textarea: 12 s; 100,000 ran past five minutes with the renderer at several GB).
 * Past this length the text is inserted instead, as a paste or an input method inserts it.
 */
export const KEYED_CHARS = 2_000;

/** Of an inserted text, the end still typed key by key: key handlers (a counter, a button enabled on keyup) run. */
export const KEYED_TAIL = KEY_BATCH;

/** Characters per inserted piece: each is one `Input.insertText`, so a large text never becomes one huge message. */
const INSERT_PIECE = 4_096;

/** Types `text` as `page.keyboard.type` does (a press for each character that has a key, inserted text otherwise). */
const pressEach = (page: Page, chars: string[], signal?: AbortSignal): Promise<void> => {
  const keyboard = page.keyboard as Keyboard;
  return inBatches(
    chars,
    (char) =>
      keyboard.charIsKey(char)
        ? [keyboard.down(char as KeyInput), keyboard.up(char as KeyInput)]
        : [keyboard.sendCharacter(char)],
    signal,
  );
};

/**
 * Types `text`; one longer than KEYED_CHARS has all but its last KEYED_TAIL characters inserted (`beforeinput` and
 * `input` events, as a paste gives, no key events), in pieces, stopping between pieces once `signal` is aborted.
 * Answers how many characters were inserted rather than typed (0 for a text typed whole).
 */
export const typeText = async (page: Page, text: string, signal?: AbortSignal): Promise<number> => {
  const chars = Array.from(text);
  if (chars.length <= KEYED_CHARS) {
    await pressEach(page, chars, signal);
    return 0;
  }
  const inserted = chars.length - KEYED_TAIL;
  for (let start = 0; start < inserted; start += INSERT_PIECE) {
    if (signal?.aborted) return start;
    await page.keyboard.sendCharacter(chars.slice(start, Math.min(start + INSERT_PIECE, inserted)).join(''));
  }
  await pressEach(page, chars.slice(inserted), signal);
  return inserted;
};

/** Presses `key` `times` times (Backspaces clearing a field that ignores selection). */
export const pressTimes = (page: Page, key: KeyInput, times: number, signal?: AbortSignal): Promise<void> =>
  inBatches(
    Array.from({ length: times }, () => key),
    (k) => [page.keyboard.down(k), page.keyboard.up(k)],
    signal,
  );
