/**
 * "The home page", "the documentation home": most sites say which link that is (a "Home" link, `rel=home`, an
 * access key). When none does, the convention of page banners is read instead: the site's home is the first
 * shown link at the top of the page that leads, on the same site, to a directory's index (the logo of rustdoc,
 * Sphinx's project name, Docutils' "Overview"), else the site's logo there. That link gets the sequence word `home`, as `rel=home` would give.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Stated } from './stated.js';
import { asWritten, words } from './words.js';

/** How far down the page a banner reaches, in CSS pixels. */
const BANNER = 150;

/** A same-site path to a directory's index: "/docs/", "/docs/index.html", "index.php", "../index.html". */
const isIndex = (href: string): boolean => {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(href)) return false;
  // "index.html#support-the-project" (a banner's plea for donations) leads to a part of the start page, not to it.
  const fragment = href.split('#')[1];
  if (fragment && fragment.toLowerCase() !== 'top') return false;
  const path = href.split(/[?#]/)[0];
  return path !== '' && (path.endsWith('/') || /(?:^|\/)index\.(?:html?|php)$/i.test(path));
};

/** A link that is the site's logo: so named, or its picture's text says so. */
const isLogo = (element: SnapshotElement): boolean =>
  [element.name, element.alt, element.title, element.attributes].some(
    (text) => text !== undefined && /\blogo\b/i.test(text),
  );

const saysHome = (element: SnapshotElement): boolean =>
  (element.rel ?? '').split(' ').includes('home') ||
  [element.name, element.title, element.text].some((text) => text !== undefined && words(text).includes('home'));

/** The snapshot with the banner's home link marked, when the description asks for home and no link says it. */
export const withHome = (snapshot: PageSnapshot, terms: string[]): PageSnapshot => {
  if (!terms.includes('home')) return snapshot;
  const links = snapshot.elements.filter((e) => e.role === 'link' && e.href !== undefined);
  if (links.some(saysHome)) return snapshot;
  const banner = links.filter((e) => e.visible && e.box.y < BANNER);
  // Else the site's logo at the top, whatever page it leads to on the site ("main.php"): logos lead home.
  const home =
    banner.find((e) => isIndex(e.href ?? '')) ??
    banner.find((e) => isLogo(e) && !/^[a-z][a-z\d+.-]*:|^\/\//i.test(e.href ?? ''));
  if (!home) return snapshot;
  const marked: SnapshotElement = { ...home, rel: home.rel ? `${home.rel} home` : 'home' };
  return { ...snapshot, elements: snapshot.elements.map((e) => (e === home ? marked : e)) };
};

/** Words that say whose home in general, not by name: "the site home", "the docs home", "my home page". */
const ANY_HOME = new Set([
  'the',
  'a',
  'my',
  'our',
  'this',
  'site',
  'web',
  'website',
  'docs',
  'documentation',
  'main',
  'project',
  'start',
  'manual',
]);

/**
 * "The Git home page" on a manual whose "Home" link leads to its own start, while its text links "Git" to the Git
 * site; "oslo.config home" beside the theme's "Docs Home" button and the project's link "oslo.config": a name
 * said before "home" asks for that name's start page, which a link bearing the name alone leads to. When the
 * match says "home" but not the name and such links lead to one place, that place is meant.
 */
export const namedHome = (match: SnapshotElement, stated: Stated): Answer | undefined => {
  if (stated.intent !== 'click' && stated.intent !== 'hover') return undefined;
  const written = asWritten(stated.description);
  const at = written.indexOf('home');
  if (at < 1) return undefined;
  const name = written.slice(0, at).filter((w) => !ANY_HOME.has(w));
  if (!name.length || name.length !== written.slice(0, at).filter((w) => w !== 'the').length) return undefined;
  const own = asWritten(match.name);
  if (name.every((w) => own.includes(w))) return undefined;
  const named = (e: SnapshotElement) => {
    const words = asWritten(e.name);
    return words.length === name.length && name.every((w, i) => words[i] === w);
  };
  const links = stated.snapshot.elements.filter(
    (e) => e.role === 'link' && e.visible && e.href && e !== match && named(e),
  );
  return links.length && new Set(links.map((e) => e.href)).size === 1
    ? { match: links[0], confidence: 0.6 }
    : undefined;
};
