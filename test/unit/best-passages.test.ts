/** page-query's answer without a model: the passages sharing the most content words with the prompt. */
import { describe, expect, it } from 'vitest';
import { bestPassages, leadOf } from '../../functions/core/operations/page-query.js';

const page = [
  '# Plans',
  'Our plans start at 5 EUR a month.',
  'APIs and SDKs are in every plan; the API has 3 regions.',
  'Nothing here about it.',
  '## Pricing',
  'Pricing of plans: yearly plans cost less.',
].join('\n\n');

describe('bestPassages', () => {
  it('ranks by distinct shared words, plurals and case folded, page order among equals', () => {
    expect(bestPassages(page, 'Which PLAN has an api?', 3)).toEqual([
      'APIs and SDKs are in every plan; the API has 3 regions.',
      '# Plans\n\nOur plans start at 5 EUR a month.',
      '## Pricing\n\nPricing of plans: yearly plans cost less.',
    ]);
  });

  it('counts short words only when they hold a digit, and never stopwords', () => {
    expect(bestPassages(page, '5 of the', 3)).toEqual(['# Plans\n\nOur plans start at 5 EUR a month.']);
    expect(bestPassages(page, 'what about the', 3)).toEqual([]);
  });

  it('finds an identifier joined by dots ("fs.rm") whole, though its parts are too short to count alone', () => {
    const reference = [
      '## fs.readFile(path)',
      'Asynchronously reads the entire contents of a file. Do not use it to remove anything.',
      '## fs.rm(path[, options], callback)',
      'Asynchronously removes files and directories (modeled on the standard POSIX rm utility).',
      '## fs.rmdir(path)',
      'Asynchronously removes the directory. Does not remove files.',
    ].join('\n\n');
    expect(bestPassages(reference, 'What does fs.rm do?', 1)).toEqual([
      '## fs.rm(path[, options], callback)\n\nAsynchronously removes files and directories (modeled on the standard POSIX rm utility).',
    ]);
    expect(bestPassages(reference, 'how do I remove a directory with fs.rmdir', 1)[0]).toContain('fs.rmdir(path)');
    // Its parts still count as words: "readFile" finds fs.readFile.
    expect(bestPassages(reference, 'readFile', 1)[0]).toContain('fs.readFile(path)');
  });

  it('answers nothing from a passage that shares less than half of what was asked', () => {
    const manual = ['# CVS', 'The current version is 1.12.', 'Sections are numbered in the contents.'].join('\n\n');
    expect(bestPassages(manual, 'What is the current price of Bitcoin in euros?', 3)).toEqual([]);
    // Words of the asking itself ("answer", "tell", "how many") are not what is asked about.
    expect(bestPassages(manual, 'Tell me the current version', 3)).toEqual(['# CVS\n\nThe current version is 1.12.']);
  });

  it('answers nothing when no word is shared or nothing is asked', () => {
    expect(bestPassages(page, 'kangaroo', 3)).toEqual([]);
    expect(bestPassages(page, '', 3)).toEqual([]);
  });

  it("gives a summary's lead the title once, when the page's first heading says it already", () => {
    const markdown = '# CVS Client/Server\n\nThis document describes the protocol.';
    expect(leadOf('CVS Client/Server', markdown)).toBe(markdown);
    expect(leadOf('CVS Client/Server — Manuals', markdown)).toBe(markdown);
    expect(leadOf('Plans – Lantern Notes', '# Plans for every notebook\n\nIn sync.')).toBe(
      '# Plans – Lantern Notes\n\n# Plans for every notebook\n\nIn sync.',
    );
  });
});
