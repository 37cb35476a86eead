/** The patches for workers (dedicated, shared, service), evaluated before their own script starts. */
import { installCommon } from './common.js';
import type { PatchConfig, Scope } from './config.js';

export default function patchWorker(config: PatchConfig, scope: Scope): void {
  installCommon(config, scope);
}
