/**
 * A link to a place mark right before a heading is reported where it lands, the heading's own anchor, so a contents
 * entry, the heading and links to its label are one place. A link inside the heading that leads elsewhere (Docutils
 * puts a back-link to the table of contents there) is not the heading's anchor.
 */
import { describe, expect, it } from 'vitest';
import { snapshotsOfHtml } from '../support/snapshot-of-html.js';

const snapshotOf = snapshotsOfHtml();

const hrefOf = async (html: string, name: string): Promise<string | undefined> =>
  (await snapshotOf(html)).elements.find((e) => e.role === 'link' && e.name === name)?.href;

describe('where a link within the page lands', () => {
  it("lands a label's link on the heading's permalink (Sphinx)", async () => {
    const html = `<p><a href="#fmt">Formats</a></p>
      <section id="number-formats"><span id="fmt"></span><h2>Number formats<a class="headerlink" href="#number-formats">¶</a></h2></section>`;
    expect(await hrefOf(html, 'Formats')).toBe('#number-formats');
  });

  it('does not take a back-link to the contents inside the heading for its anchor (Docutils)', async () => {
    const html = `<ul><li><a href="#reference-material" id="toc-entry-4">Reference Material</a></li></ul>
      <p><a href="#ref">Reference</a></p>
      <div class="section" id="reference-material">
        <span id="ref"></span><h1><a class="toc-backref" href="#toc-entry-4">Reference Material</a></h1>
        <p>Text.</p>
      </div>`;
    expect(await hrefOf(html, 'Reference')).toBe('#reference-material');
  });

  it('lands a link to an <a name> place mark on the heading after it (SQLite)', async () => {
    const html = `<p><a href="#orderby">ORDER BY</a></p>
      <a name="orderby"></a>
      <h1 id="the_order_by_clause"><span>4. </span>The ORDER BY clause</h1>`;
    expect(await hrefOf(html, 'ORDER BY')).toBe('#the_order_by_clause');
  });
});
