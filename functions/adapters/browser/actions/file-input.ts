/**
 * File inputs of a page: found in every frame and inside open shadow roots, described by what a person would call
 * them (label, aria-label, name, id), and given files through CDP `DOM.setFileInputFiles`, which fires `input` and
 * `change` as a user's choice would.
 */
import type { ElementHandle, Frame, Page } from 'puppeteer-core';
import type { FileInputCandidate, FileInputListing } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { evaluateInWorld } from './world.js';

/** The handles behind the last listing of each page, so `setInputFiles` acts on exactly what was listed. */
const listed = new WeakMap<Page, Map<string, ElementHandle<HTMLInputElement>>>();

const abortable = <T>(work: Promise<T>, signal: AbortSignal): Promise<T> => {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
};

interface Facts {
  visible: boolean;
  multiple: boolean;
  accept: string;
  label: string;
  ariaLabel: string;
  name: string;
  id: string;
  title: string;
  heading: string;
  near: string;
  region: string;
  box: { x: number; y: number; width: number; height: number };
}

/** Runs in the page. No named inner functions: a bundler's name-keeping helper would not exist there. */
const factsOf = (input: HTMLInputElement): Facts => {
  const style = getComputedStyle(input);
  const box = input.getBoundingClientRect();
  const labelledBy = (input.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
  const label = [...(input.labels ?? [])].map((element) => element.textContent ?? '').join(' ') || labelledBy;
  const [cleanLabel, ariaLabel, name, id, title] = [
    label,
    input.getAttribute('aria-label') ?? '',
    input.name,
    input.id,
    input.title,
  ].map((value) => value.replace(/\s+/g, ' ').trim());
  // Where it is, for descriptions like "the upload in the Documents section" or "the second file input":
  // the heading before it, the text just before it, and the form or section it sits in. (No helper functions
  // here: see the note above.)
  let heading = '';
  let near = '';
  for (
    let node: Element | null = input;
    node && node !== document.body && (!heading || !near);
    node = node.parentElement
  ) {
    for (let prev = node.previousElementSibling; prev && (!heading || !near); prev = prev.previousElementSibling) {
      if (!near) near = (prev.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
      const found = /^H[1-6]$/.test(prev.tagName) ? prev : prev.querySelector('h1,h2,h3,h4,h5,h6,legend');
      if (!heading && found) heading = (found.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
    }
  }
  const container = input.closest('fieldset,form,section,[role=region],[role=group],dialog');
  const legend = container?.querySelector('legend,h1,h2,h3,h4,h5,h6');
  const region = container
    ? `${container.localName} ${(container.getAttribute('aria-label') || legend?.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 80)}`.trim()
    : '';
  const target =
    style.display === 'none' || box.width === 0
      ? ([...(input.labels ?? [])][0] ?? input.parentElement ?? input)
      : input;
  const shown = target.getBoundingClientRect();
  return {
    heading,
    near,
    region,
    box: {
      x: Math.round(shown.left + scrollX),
      y: Math.round(shown.top + scrollY),
      width: Math.round(shown.width),
      height: Math.round(shown.height),
    },
    visible:
      style.display !== 'none' &&
      style.visibility !== 'hidden' &&
      Number(style.opacity) > 0 &&
      box.width > 0 &&
      box.height > 0,
    multiple: input.multiple,
    accept: input.accept,
    label: cleanLabel,
    ariaLabel,
    name,
    id,
    title,
  };
};

/** `label "Resume" · name "resume"`: quoted parts, so core can tell one input's names from another's. */
const describe = (facts: Facts): string => {
  const parts = (['label', 'ariaLabel', 'name', 'id', 'title'] as const)
    .filter((key) => facts[key] !== '')
    .map((key) => `${key === 'ariaLabel' ? 'aria-label' : key} ${JSON.stringify(facts[key])}`);
  return parts.length > 0 ? parts.join(' · ') : 'a file input without a label, name or id';
};

const inputsOf = async (frame: Frame): Promise<ElementHandle<HTMLInputElement>[]> => {
  // `pierce/` also looks inside open shadow roots.
  const found = await frame.$$('pierce/input[type="file" i]').catch(() => []);
  return found as ElementHandle<HTMLInputElement>[];
};

const listInputs = async (page: Page, signal: AbortSignal): Promise<FileInputCandidate[]> => {
  const previous = listed.get(page);
  const handles = new Map<string, ElementHandle<HTMLInputElement>>();
  const candidates: FileInputCandidate[] = [];
  const frames = page.frames();
  for (const [frameIndex, frame] of frames.entries()) {
    const inputs = await abortable(inputsOf(frame), signal);
    for (const [inputIndex, input] of inputs.entries()) {
      const facts = await abortable(input.evaluate(factsOf), signal).catch(() => undefined);
      if (!facts) continue;
      const id = `f${frameIndex}i${inputIndex}`;
      handles.set(id, input);
      candidates.push({
        id,
        visible: facts.visible,
        multiple: facts.multiple,
        ...(facts.accept ? { accept: facts.accept } : {}),
        description: describe(facts),
        names: { label: facts.label, ariaLabel: facts.ariaLabel, name: facts.name, id: facts.id, title: facts.title },
        place: {
          heading: facts.heading,
          near: facts.near,
          region: facts.region,
          box: facts.box,
          frame: frameIndex > 0 ? frame.url() : undefined,
        },
      });
    }
  }
  listed.set(page, handles);
  if (previous) for (const handle of previous.values()) void handle.dispose().catch(() => undefined);
  return candidates;
};

/**
 * The inputs and the page's address, read at once: the address is all the resolver needs of the page besides its
 * inputs, so the page's text is not read for it.
 */
export const fileInputs = async (page: Page, signal: AbortSignal): Promise<FileInputListing> => {
  const [url, candidates] = await Promise.all([
    readSettled(page, signal, () => evaluateInWorld<string>(page, 'location.href', signal)),
    listInputs(page, signal),
  ]);
  return { url, candidates };
};

export const setInputFiles = async (
  page: Page,
  candidateId: string,
  paths: string[],
  signal: AbortSignal,
): Promise<number> => {
  let handle = listed.get(page)?.get(candidateId);
  if (!handle) {
    await listInputs(page, signal);
    handle = listed.get(page)?.get(candidateId);
  }
  if (!handle) throw new Error(`the file input ${candidateId} is no longer on the page`);
  await abortable(handle.uploadFile(...paths), signal);
  // The browser drops a path it cannot read as a file name (one outside ASCII in an ASCII locale) without a word.
  return abortable(
    handle.evaluate((input) => (input as HTMLInputElement).files?.length ?? 0),
    signal,
  );
};
