/**
 * What keeps one session's browser from reaching what is not its own on a host shared by many orgs' sessions:
 * site isolation stays on (a page's renderer holds no other site's data), and the browser process starts with an
 * environment of its own instead of the host's, which holds the host secret, the signing secret and the task's AWS
 * credentials endpoint. (The OS sandbox is off: see docs/deploy.md for why Fargate cannot give Chromium one.)
 */

/** Preset flags and `--disable-features` entries that would turn site isolation off. */
const ISOLATION_OFF_FLAGS = new Set(['--disable-site-isolation-trials']);
const ISOLATION_FEATURES = new Set(['IsolateOrigins', 'site-per-process']);

/**
 * The flags without anything that disables site isolation (other disabled features stay disabled), plus the switch
 * that turns it on: the headless shell does not isolate sites by default as desktop Chrome does.
 */
export function keepSiteIsolation(flags: readonly string[]): string[] {
  return [
    ...flags.flatMap((flag) => {
      if (ISOLATION_OFF_FLAGS.has(flag)) return [];
      if (!flag.startsWith('--disable-features=')) return [flag];
      const kept = flag
        .slice('--disable-features='.length)
        .split(',')
        .filter((feature) => feature !== '' && !ISOLATION_FEATURES.has(feature));
      return kept.length > 0 ? [`--disable-features=${kept.join(',')}`] : [];
    }),
    '--site-per-process',
  ];
}

/**
 * Variables a browser may inherit: where it finds its programs, libraries, fonts, home and temporary files, its
 * locale and time zone. Anything else in the host's environment (secrets, AWS_* credentials and endpoints, table and
 * queue names) is not the browser's business.
 */
const INHERITED =
  /^(PATH|HOME|USER|LOGNAME|SHELL|TMPDIR|TZ|LANG|LANGUAGE|LC_[A-Z]+|LD_LIBRARY_PATH|FONTCONFIG_(PATH|FILE)|XDG_[A-Z_]+|DISPLAY|WAYLAND_DISPLAY)$/;

/** The environment a browser process starts with, taken from the host's by allow-list. */
export function browserEnvironment(parent: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parent).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && INHERITED.test(entry[0]),
    ),
  );
}
