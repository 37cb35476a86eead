/** The Automations API over the store: every call scoped to the caller's org (another org's id is a 404). */
import type { Records } from '../../ports/records.js';
import { ForbiddenError } from '../shared/errors.js';
import { summarize, type AutomationSummary } from './model.js';
import {
  deleteAutomation,
  getAutomation,
  listAutomations,
  updateDescription,
  type AutomationStoreDeps,
} from './store.js';

export const listOrgAutomations = async (records: Records, orgId: string): Promise<AutomationSummary[]> =>
  (await listAutomations(records, orgId)).map(summarize);

export const readOrgAutomation = async (
  records: Records,
  orgId: string,
  automationId: string,
): Promise<AutomationSummary> => summarize(await getAutomation(records, orgId, automationId));

export const deleteOrgAutomation = (records: Records, orgId: string, automationId: string): Promise<void> =>
  deleteAutomation(records, orgId, automationId);

/** The body names the org too (wire contract); it must be the caller's, or the change is refused. */
export const describeOrgAutomation = async (
  deps: AutomationStoreDeps,
  callerOrgId: string,
  body: { id: string; orgId: string; description: string },
): Promise<AutomationSummary> => {
  if (body.orgId !== callerOrgId)
    throw new ForbiddenError(`orgId ${body.orgId} is not the organization of this API key`, 'body.orgId', body.orgId);
  return summarize(await updateDescription(deps, callerOrgId, body.id, body.description));
};
