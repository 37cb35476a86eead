/** Organisations: the tenants every record belongs to. */
import type { Clock } from '../../ports/clock.js';
import { ConditionFailedError, type RecordItem, type Records } from '../../ports/records.js';
import { uuid } from '../shared/ids.js';
import { ORGS_INDEX_PK, recordKeys } from '../shared/record-keys.js';

export interface Org {
  id: string;
  name: string;
  createdAt: string;
}

interface OrgItem extends RecordItem {
  orgId: string;
  name: string;
  createdAt: string;
}

export const ORG_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/;

const toOrg = (item: OrgItem): Org => ({ id: item.orgId, name: item.name, createdAt: item.createdAt });

export const findOrgByName = async (records: Records, name: string): Promise<Org | undefined> => {
  const claim = await records.get<RecordItem & { orgId: string }>(recordKeys.orgName(name));
  if (!claim) return undefined;
  const item = await records.get<OrgItem>(recordKeys.org(claim.orgId));
  return item ? toOrg(item) : undefined;
};

/** The org with this name, created when absent. Safe to race: the name claim is a conditional write. */
export const ensureOrg = async (
  records: Records,
  clock: Clock,
  name: string,
): Promise<{ org: Org; created: boolean }> => {
  if (!ORG_NAME_PATTERN.test(name)) throw new Error(`org name ${JSON.stringify(name)} must match ${ORG_NAME_PATTERN}`);
  const existing = await findOrgByName(records, name);
  if (existing) return { org: existing, created: false };
  const org: Org = { id: uuid(), name, createdAt: clock.now().toISOString() };
  try {
    await records.put({ ...recordKeys.orgName(name), orgId: org.id }, { ifAbsent: true });
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    const winner = await findOrgByName(records, name);
    if (winner) return { org: winner, created: false };
    throw error;
  }
  await records.put({
    ...recordKeys.org(org.id),
    gsi1pk: ORGS_INDEX_PK,
    gsi1sk: name,
    orgId: org.id,
    name,
    createdAt: org.createdAt,
  });
  return { org, created: true };
};

export const getOrg = async (records: Records, orgId: string): Promise<Org | undefined> => {
  const item = await records.get<OrgItem>(recordKeys.org(orgId));
  return item ? toOrg(item) : undefined;
};

export const listOrgs = async (records: Records): Promise<Org[]> => {
  const orgs: Org[] = [];
  let cursor: string | undefined;
  do {
    const page = await records.query<OrgItem>(ORGS_INDEX_PK, { index: 'gsi1', cursor, limit: 100 });
    orgs.push(...page.items.map(toOrg));
    cursor = page.cursor;
  } while (cursor);
  return orgs;
};
