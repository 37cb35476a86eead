/** The patches for every new document (main world of pages and frames), before the page's own scripts run. */
import { installCommon } from './common.js';
import type { PatchConfig, Scope } from './config.js';
import { installWindow } from './window.js';

export default function patchDocument(config: PatchConfig, scope: Scope): void {
  installCommon(config, scope);
  installWindow(scope, config);
}
