/**
 * Roles, tags and link relations are looked up in tables of words: a word that names one of Object's own
 * properties ("constructor", "toString") must read as no entry, not as the built-in function behind it.
 */
import { describe, expect, it } from 'vitest';
import { snapshotsOfHtml } from '../support/snapshot-of-html.js';

const snapshotOf = snapshotsOfHtml();

describe('snapshot word tables', () => {
  it('reads role="constructor", a <constructor> element, rel="constructor" and type="constructor" as nothing special', async () => {
    const snapshot = await snapshotOf(`
      <div role="constructor"><button>Go</button></div>
      <constructor><button>Stop</button> Some words of a paragraph</constructor>
      <a href="/x" rel="constructor" accesskey="constructor">Next page</a>
      <input type="constructor" aria-label="Code">
    `);
    const go = snapshot.elements.find((e) => e.name === 'Go');
    const stop = snapshot.elements.find((e) => e.name === 'Stop');
    const link = snapshot.elements.find((e) => e.name === 'Next page');
    expect(go?.region).toBeUndefined();
    expect(stop?.region).toBeUndefined();
    expect(link?.rel).toBeUndefined();
    expect(snapshot.elements.find((e) => e.name === 'Code')?.role).toBe('textbox');
    expect(
      snapshot.elements.filter((e) => /function|native code/.test([e.role, ...(e.region ?? [])].join(' '))),
    ).toEqual([]);
  });
});
