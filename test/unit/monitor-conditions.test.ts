/** How a monitor's condition is read without a model: text the page shows, what an element holds, an element. */
import { describe, expect, it } from 'vitest';
import { parseCondition, valueHolds } from '../../functions/core/operations/monitor/offline.js';

describe('reading a condition without a model', () => {
  it('reads text after "says" or "shows" as text the page must show, quoted or not', () => {
    expect(parseCondition('the page says Download complete')).toEqual({
      kind: 'text',
      phrases: ['Download complete'],
      absent: false,
    });
    expect(parseCondition('the page shows "Order confirmed"')).toMatchObject({
      kind: 'text',
      phrases: ['Order confirmed'],
    });
    expect(parseCondition('"Loading" disappears')).toMatchObject({ kind: 'text', absent: true });
  });

  it('reads a page that does not mention something, however it is said, as text that must be absent', () => {
    for (const condition of [
      'the page has no mention of passwords',
      'the page makes no mention of passwords',
      "the page doesn't mention passwords",
      'the page does not mention "passwords"',
    ])
      expect(parseCondition(condition), condition).toEqual({ kind: 'text', phrases: ['passwords'], absent: true });
  });

  it('reads "<element> contains <text>" as what the element holds', () => {
    expect(parseCondition('the search box contains foobarbaz')).toEqual({
      kind: 'value',
      description: 'the search box',
      phrase: 'foobarbaz',
      absent: false,
    });
    expect(parseCondition('the status no longer reads "Pending"')).toMatchObject({
      kind: 'value',
      description: 'the status',
      phrase: 'Pending',
      absent: true,
    });
  });

  it('still reads an element appearing as an element, "shows up" and "shows a … button" included', () => {
    expect(parseCondition('the Download invoice button appears')).toMatchObject({ kind: 'element' });
    expect(parseCondition('a success message shows up')).toMatchObject({
      kind: 'element',
      description: 'a success message',
    });
    expect(parseCondition('the page shows a Download button')).toMatchObject({
      kind: 'element',
      description: 'a Download button',
    });
  });

  it('holds a value condition only when the element holds the text', () => {
    const box = { role: 'textbox', name: 'Search', value: 'xsltParseStylesheetFile' };
    expect(valueHolds({ description: 'the search box', phrase: 'foobarbaz', absent: false }, box).holds).toBe(false);
    expect(valueHolds({ description: 'the search box', phrase: 'xsltparse', absent: false }, box).holds).toBe(true);
    expect(valueHolds({ description: 'the search box', phrase: 'foobarbaz', absent: true }, box).holds).toBe(true);
  });
});
