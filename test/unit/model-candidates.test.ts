/**
 * The model fallback gets the offline resolver's candidates: when the offline answer is "several" or "none", the
 * model (the real Anthropic SDK against the local fake Messages API) is asked once, with the candidates listed
 * before the page, and its choice among them is the answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClaudeModel } from '../../functions/adapters/model/claude.js';
import { cascadingResolver, ModelResolver } from '../../functions/core/resolve/model-resolver.js';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { PageSnapshot, SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';

let api: FakeMessagesApi;
beforeAll(async () => {
  api = await startFakeMessagesApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => api.reset());

const link = (index: number, name: string, href: string, region?: string[]): SnapshotElement => ({
  id: `e${index}`,
  role: 'link',
  tag: 'a',
  name,
  href,
  region,
  box: { x: 0, y: index * 40, width: 100, height: 30 },
  visible: true,
  interactive: true,
});

/** Two "Download" links to different files: the offline resolver cannot tell which one "the download" means. */
const page: PageSnapshot = {
  key: 's1',
  url: 'http://example.test/',
  title: 'Releases',
  viewport: { width: 1280, height: 720 },
  scroll: { left: 0, top: 0 },
  elements: [
    link(0, 'Home', '/'),
    link(1, 'Download', '/files/app-2.0.tar.gz'),
    link(2, 'Changelog', '/changes'),
    link(3, 'Download', '/files/app-1.9.tar.gz'),
    link(4, 'Contact', '/contact'),
  ],
  nodeCount: 40,
};

/** The text of the single user message the SDK sent. */
const promptOf = (request: Record<string, unknown>): string => {
  const [message] = request.messages as Array<{ content: string | Array<{ text?: string }> }>;
  return typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => part.text ?? '').join('');
};

const resolver = () =>
  cascadingResolver(
    offlineResolver,
    new ModelResolver(createClaudeModel({ apiKey: 'test-key', model: 'claude-test', baseURL: api.url, maxRetries: 0 })),
  );

describe('the model fallback with the offline candidates', () => {
  it('lists the candidates before the page and takes the choice among them in one call', async () => {
    const offline = await offlineResolver.resolve(page, 'the download link');
    expect(offline).toMatchObject({ ambiguous: true });
    api.script((request) => {
      const prompt = promptOf(request);
      // Answer from what was asked: the first candidate line's id, as a model reading the list would.
      const first = /Likely candidates[^\n]*\n(e\d+) link "Download"/.exec(prompt)?.[1];
      return { toolInput: { elementId: first ?? 'none', reason: 'the newest release' } };
    });
    const answer = await resolver().resolve(page, 'the download link');
    expect(api.calls).toBe(1);
    const prompt = promptOf(api.requests[0]);
    expect(prompt.indexOf('Likely candidates')).toBeLessThan(prompt.indexOf('page "Releases"'));
    expect(prompt).toMatch(/e1 link "Download" → \/files\/app-2\.0\.tar\.gz/);
    expect(prompt).toMatch(/e3 link "Download" → \/files\/app-1\.9\.tar\.gz/);
    expect(answer).toMatchObject({ match: { id: 'e1' }, confidence: 0.8 });
    expect(answer.credits).toBeGreaterThan(0);
  });

  it('asks without a candidate list when the offline resolver found nothing close', async () => {
    api.script({ toolInput: { elementId: 'none', reason: 'no such element' } });
    const answer = await resolver().resolve(page, 'the red subscribe banner');
    expect(api.calls).toBe(1);
    expect(promptOf(api.requests[0])).not.toContain('Likely candidates');
    expect(answer).toMatchObject({ none: true });
  });

  it('never asks the model when the offline answer is a match', async () => {
    const answer = await resolver().resolve(page, 'the changelog');
    expect(api.calls).toBe(0);
    expect(answer).toMatchObject({ match: { id: 'e2' }, credits: 0 });
  });
});
