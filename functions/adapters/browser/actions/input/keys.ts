/**
 * Key input sent without waiting on each key's round trip. Chromium handles the input events of a page in the
 * order they arrive, each one's handlers done before the next starts, so sending a text's key events at once
 * gives the page the same events in the same order as pressing them one by one, as puppeteer already does for a
 * click's move, press and release.
 */
import type { KeyInput, Page } from 'puppeteer-core';

/** puppeteer's keyboard, with the check its own `type` uses: a character with a key is pressed, others inserted. */
type Keyboard = Page['keyboard'] & { charIsKey(char: string): boolean };

/** Sends `key` pressed and released `times` times. */
const presses = (keyboard: Keyboard, key: KeyInput, times: number): Promise<void>[] =>
  Array.from({ length: times }, () => [keyboard.down(key), keyboard.up(key)]).flat();

/** Types `text` as `page.keyboard.type` does (a press for each character that has a key, inserted text otherwise). */
export const typeText = async (page: Page, text: string): Promise<void> => {
  const keyboard = page.keyboard as Keyboard;
  const sends: Promise<void>[] = [];
  for (const char of text)
    sends.push(...(keyboard.charIsKey(char) ? presses(keyboard, char as KeyInput, 1) : [keyboard.sendCharacter(char)]));
  await Promise.all(sends);
};

/** Presses `key` `times` times (Backspaces clearing a field that ignores selection). */
export const pressTimes = async (page: Page, key: KeyInput, times: number): Promise<void> => {
  await Promise.all(presses(page.keyboard as Keyboard, key, times));
};
