/**
 * Automations in the records store, one partition per org: another org's id simply finds nothing (404). Schema
 * and template are kept as JSON text, exactly as the wire shows them, so no store has to map nested shapes.
 */
import type { Clock } from '../../ports/clock.js';
import type { RecordItem, Records } from '../../ports/records.js';
import { NotFoundError } from '../shared/errors.js';
import { uuidv7 } from '../shared/ids.js';
import { recordKeys } from '../shared/record-keys.js';
import type { Automation, AutomationTemplate } from './model.js';

export interface AutomationStoreDeps {
  records: Records;
  clock: Clock;
}

interface AutomationItem extends RecordItem {
  id: string;
  orgId: string;
  domainName: string;
  description: string;
  schemaJson: string;
  templateJson: string;
  createdAt: string;
  updatedAt: string;
}

const fromItem = (item: AutomationItem): Automation => ({
  id: item.id,
  orgId: item.orgId,
  domainName: item.domainName,
  description: item.description,
  schema: JSON.parse(item.schemaJson) as Record<string, unknown>,
  template: JSON.parse(item.templateJson) as AutomationTemplate,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

export const saveNewAutomation = async (
  deps: AutomationStoreDeps,
  orgId: string,
  fields: { domainName: string; description: string; schema: Record<string, unknown>; template: AutomationTemplate },
): Promise<Automation> => {
  const now = deps.clock.now();
  const id = uuidv7(now.getTime());
  const item: AutomationItem = {
    ...recordKeys.automation(orgId, id),
    id,
    orgId,
    domainName: fields.domainName,
    description: fields.description,
    schemaJson: JSON.stringify(fields.schema),
    templateJson: JSON.stringify(fields.template),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await deps.records.put(item, { ifAbsent: true });
  return fromItem(item);
};

export const findAutomation = async (
  records: Records,
  orgId: string,
  automationId: string,
): Promise<Automation | undefined> => {
  const item = await records.get<AutomationItem>(recordKeys.automation(orgId, automationId));
  return item ? fromItem(item) : undefined;
};

export const getAutomation = async (records: Records, orgId: string, automationId: string): Promise<Automation> => {
  const found = await findAutomation(records, orgId, automationId);
  if (!found) throw new NotFoundError('automation', automationId);
  return found;
};

/** Every automation of the org, oldest first (the partition is small: one item per learnt form). */
export const listAutomations = async (records: Records, orgId: string): Promise<Automation[]> => {
  const all: Automation[] = [];
  let cursor: string | undefined;
  do {
    const page = await records.query<AutomationItem>(recordKeys.automations(orgId), { cursor, limit: 100 });
    all.push(...page.items.map(fromItem));
    cursor = page.cursor;
  } while (cursor);
  return all;
};

const updateAutomation = async (
  deps: AutomationStoreDeps,
  orgId: string,
  automationId: string,
  changes: Record<string, unknown>,
): Promise<Automation> => {
  await getAutomation(deps.records, orgId, automationId);
  await deps.records.update(recordKeys.automation(orgId, automationId), {
    ...changes,
    updatedAt: deps.clock.now().toISOString(),
  });
  return getAutomation(deps.records, orgId, automationId);
};

export const updateDescription = (
  deps: AutomationStoreDeps,
  orgId: string,
  automationId: string,
  description: string,
) => updateAutomation(deps, orgId, automationId, { description });

/** After healing: the template with the locators that work now. */
export const updateTemplate = (
  deps: AutomationStoreDeps,
  orgId: string,
  automationId: string,
  template: AutomationTemplate,
) => updateAutomation(deps, orgId, automationId, { templateJson: JSON.stringify(template) });

export const deleteAutomation = async (records: Records, orgId: string, automationId: string): Promise<void> => {
  await getAutomation(records, orgId, automationId);
  await records.delete(recordKeys.automation(orgId, automationId));
};
