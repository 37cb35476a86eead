/**
 * `configuration.extensionIds` against what the fleet's browsers can load. Refused before the session exists, so a
 * client learns at once which ids are wrong instead of finding a browser without them.
 */
import type { BrowserFeatures } from '../../ports/browser.js';
import { ValidationError } from '../shared/errors.js';

const FIELD = 'body.configuration.extensionIds';

/** Throws a 422 naming the ids the browser cannot load; passes when nothing is asked or the fleet cannot tell. */
export const checkExtensions = (features: BrowserFeatures | undefined, ids: string[] | undefined): void => {
  if (!ids || ids.length === 0 || !features) return;
  if (!features.extensionIds) {
    throw new ValidationError([
      {
        location: FIELD,
        message:
          'this service runs a headless shell browser, which cannot load extensions (a full Chromium can: see CHROMIUM_PATH)',
        value: ids,
      },
    ]);
  }
  const offered = new Set(features.extensionIds);
  const unknown = [...new Set(ids.filter((id) => !offered.has(id)))];
  if (unknown.length > 0) {
    const known =
      features.extensionIds.length > 0
        ? `; available: ${features.extensionIds.join(', ')}`
        : '; none is installed (EXTENSIONS_DIR)';
    throw new ValidationError([
      { location: FIELD, message: `unknown extension ids: ${unknown.join(', ')}${known}`, value: unknown },
    ]);
  }
};
