/**
 * The text "just before" an element (`near`) as the snapshot reports it: in a list of items each a link and then its
 * description, the block before a link's item describes the item before it, so it is not that link's; a form's
 * fields keep the text before them as their label, and a link keeps the words of its own sentence. A mark between
 * links ("»") describes neither: it stays the near text of the link after it, which tells a breadcrumb trail.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { snapshotsOfHtml } from '../support/snapshot-of-html.js';

const snapshotOf = snapshotsOfHtml();
const nearOf = async (html: string) => {
  const snapshot = await snapshotOf(html);
  return (name: string) => snapshot.elements.find((e) => e.name === name)?.near;
};

describe('the text before an element', () => {
  it('is not the description of the item before a link, in a definition list or a summary grid', async () => {
    const near = await nearOf(`
      <dl><dt><a href="/bool">MutableBoolean</a></dt><dd>A mutable boolean wrapper.</dd>
          <dt><a href="/byte">MutableByte</a></dt><dd>A mutable byte wrapper.</dd></dl>
      <div class="summary">
        <div class="first"><a href="/int">MutableInt</a></div><div class="last">A mutable int wrapper.</div>
        <div class="first"><a href="/long">MutableLong</a></div><div class="last">A mutable long wrapper.</div>
      </div>`);
    expect(near('MutableByte')).toBeUndefined();
    expect(near('MutableLong')).toBeUndefined();
  });

  it('is the mark between the steps of a trail, which describes nothing', async () => {
    const snapshot = await snapshotOf(`
      <div id="breadcrumb"><a href="/">ZNC</a> <b>»</b> <a href="/mods/global/webadmin/">webadmin</a></div>`);
    expect(snapshot.elements.find((e) => e.name === 'webadmin')?.near).toBe('»');
    // So the resolver finds the trail and the step named in it.
    const answer = await offlineResolver.resolve(snapshot, 'webadmin in the breadcrumb', { intent: 'click' });
    expect('match' in answer && answer.match.name).toBe('webadmin');
  });

  it("is still a field's label, and the words of a link's own sentence", async () => {
    const snapshot = await snapshotOf(`
      <form><div>Name</div><div><input type="text"></div><div>Email</div><div><input type="email"></div></form>
      <p>Lua's <a href="/site">official web site</a> contains updated documentation, especially the
        <a href="/manual">reference manual</a>.</p>`);
    expect(snapshot.elements.find((e) => e.type === 'email')?.near).toBe('Email');
    expect(snapshot.elements.find((e) => e.name === 'reference manual')?.near).toBe(
      'contains updated documentation, especially the',
    );
  });
});
