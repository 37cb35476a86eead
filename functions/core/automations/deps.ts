/** The ports automations need; `Deps` (api/deps.ts) satisfies it. */
import type { JsonSchemas } from '../../ports/json-schema.js';
import type { LocateDeps } from '../operations/locate.js';

export type AutomationDeps = LocateDeps & { schemas: JsonSchemas };

export interface WindowTarget {
  orgId: string;
  sessionId: string;
  windowId: string;
}
