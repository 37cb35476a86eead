/**
 * Page code (see page-types.ts): text into markdown. Whitespace collapses as a browser collapses it; characters
 * that markdown would read as syntax are escaped (`_` only where it could start or end emphasis, since it never
 * does inside a word); a hard line break (<br>) is kept as a marker until its paragraph ends.
 */
import type { Block, PageApi, Sink } from './page-types.js';

export function textFunctions(): Pick<PageApi, 'newSink' | 'text' | 'flush' | 'codeSpan' | 'fence'> {
  const BREAK = '\u2028';
  const WORD = /[\p{L}\p{N}]/u;

  function newSink(escapeStarts = true): Sink {
    return { parts: [], blocks: [], escapeStarts };
  }

  function text(sink: Sink, raw: string): void {
    const collapsed = raw.replace(/[ \t\n\r\f]+/g, ' ');
    if (collapsed) sink.parts.push(escapeInline(collapsed));
  }

  function escapeInline(value: string): string {
    let escaped = value.replace(/[\\`*[\]]/g, '\\$&').replace(/<(?=[A-Za-z/!?])/g, '\\<');
    if (escaped.includes('_'))
      escaped = escaped.replace(/_/g, (mark, at: number, all: string) =>
        WORD.test(all[at - 1] ?? '') && WORD.test(all[at + 1] ?? '') ? mark : '\\_',
      );
    return escaped;
  }

  function flush(sink: Sink): void {
    if (sink.parts.length === 0) return;
    const joined = sink.parts.join('').replace(/ {2,}/g, ' ');
    sink.parts = [];
    const lines = joined.split(BREAK).map((line) => line.trim());
    while (lines.length > 0 && !lines[0]) lines.shift();
    while (lines.length > 0 && !lines[lines.length - 1]) lines.pop();
    if (lines.length === 0) return;
    const block: Block = { text: (sink.escapeStarts ? lines.map(escapeStart) : lines).join('  \n') };
    sink.blocks.push(block);
  }

  /** What would start a list, heading, quote, fence or rule when it opens a line. */
  function escapeStart(line: string): string {
    return line
      .replace(/^([-+])(?= |$)/, '\\$1')
      .replace(/^(#{1,6})(?= |$)/, '\\$1')
      .replace(/^>/, '\\>')
      .replace(/^(\d{1,9})([.)])(?= |$)/, '$1\\$2')
      .replace(/^(=+|-{2,})$/, '\\$1')
      .replace(/^(~~~|```)/, '\\$1');
  }

  /** Inline code: as many backticks around it as it needs not to be cut short by its own. */
  function codeSpan(raw: string): string {
    const code = raw.replace(/[ \t\n\r\f]+/g, ' ').trim();
    if (!code) return '';
    const longest = (code.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
    const ticks = '`'.repeat(longest + 1);
    const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
    return `${ticks}${pad}${code}${pad}${ticks}`;
  }

  function fence(code: string, language: string): string {
    const body = code.replace(/^\n+|\s+$/g, '');
    let marks = '```';
    while (body.includes(marks)) marks += '`';
    return `${marks}${language}\n${body}\n${marks}`;
  }

  return { newSink, text, flush, codeSpan, fence };
}
