/**
 * Which browsers a test run can use. CHROMIUM_PATH names the run's browser (CI runs the browser suites once on the
 * bundled headless shell and once more on a system Chromium when one is installed); suites that need the full
 * browser (extensions, WebDriver) use it when the run names one, else a system Chromium when there is one.
 */
import { browserKind, findSystemChromium } from '../../functions/browser-host/browser-kind.js';
import { BUNDLED_CHROMIUM, resolveChromiumPath } from '../../functions/browser-host/chromium.js';

/** A full Chromium for this run, or undefined (suites needing one are skipped, and say why). */
export const fullChromium = async (): Promise<string | undefined> => {
  const named = process.env.CHROMIUM_PATH;
  if (named && named !== BUNDLED_CHROMIUM && (await browserKind(await resolveChromiumPath(named))) === 'full')
    return named;
  return findSystemChromium();
};
