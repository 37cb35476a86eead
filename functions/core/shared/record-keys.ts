/**
 * Where each kind of record lives in the single table. Org-scoped records carry the org id in `pk`, so a lookup
 * with another org's id cannot reach them: it simply finds nothing, and the API answers 404.
 */
import type { RecordKey } from '../../ports/records.js';

export const recordKeys = {
  org: (orgId: string): RecordKey => ({ pk: `ORG#${orgId}`, sk: 'ORG' }),
  /** Claims an org name, so two orgs cannot share one. */
  orgName: (name: string): RecordKey => ({ pk: `ORGNAME#${name}`, sk: 'ORGNAME' }),
  /** The item auth reads: found by the key's hash alone, since the org is what it tells. */
  apiKeyByHash: (hash: string): RecordKey => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' }),
  /** The org's listing entry for one key. */
  orgApiKey: (orgId: string, keyId: string): RecordKey => ({ pk: `ORG#${orgId}`, sk: `APIKEY#${keyId}` }),
  orgApiKeyPrefix: 'APIKEY#',
  /** Sessions: one partition per org, sorted by time-ordered id. */
  sessions: (orgId: string): string => `ORG#${orgId}#SESSIONS`,
  session: (orgId: string, sessionId: string): RecordKey => ({ pk: `ORG#${orgId}#SESSIONS`, sk: sessionId }),
  /** Automations (form fillers, recorded steps): one partition per org, sorted by time-ordered id. */
  automations: (orgId: string): string => `ORG#${orgId}#AUTOMATIONS`,
  automation: (orgId: string, automationId: string): RecordKey => ({
    pk: `ORG#${orgId}#AUTOMATIONS`,
    sk: automationId,
  }),
  /** Async requests: one partition per org, sorted by time-ordered id. */
  request: (orgId: string, requestId: string): RecordKey => ({ pk: `ORG#${orgId}#REQUESTS`, sk: requestId }),
  /** The bytes the org keeps in the blob store, held against its limit (core/orgs/stored-bytes.ts). */
  storedBytes: (orgId: string): RecordKey => ({ pk: `ORG#${orgId}`, sk: 'STOREDBYTES' }),
  /** The org's webhook signing secret (current, and the previous one during a rotation). */
  webhookSecret: (orgId: string): RecordKey => ({ pk: `ORG#${orgId}`, sk: 'WEBHOOKSECRET' }),
} as const;

/** Async requests with work left (a run or a webhook delivery) sit in this index partition, so a restart finds them. */
export const OPEN_REQUESTS_INDEX_PK = 'REQUESTS#OPEN';

/** The secondary-index partition that lists every org (small; for the admin CLI only). */
export const ORGS_INDEX_PK = 'ORGS';

/** Session events: their own partition per session, sorted by event id. */
export const eventKeys = {
  partition: (orgId: string, sessionId: string): string => `ORG#${orgId}#SESSION#${sessionId}#EVENTS`,
  event: (orgId: string, sessionId: string, eventId: number): RecordKey => ({
    pk: `ORG#${orgId}#SESSION#${sessionId}#EVENTS`,
    sk: String(eventId).padStart(16, '0'),
  }),
} as const;

/** Live sessions are indexed by the host that runs them, so a host that restarts can end what it lost. */
export const liveSessionsIndex = (hostId: string): string => `LIVE#${hostId}`;

/** Saved browser profiles: one partition per org, sorted by name; the archive lives in the blob store. */
export const profileKeys = {
  partition: (orgId: string): string => `ORG#${orgId}#PROFILES`,
  profile: (orgId: string, name: string): RecordKey => ({ pk: `ORG#${orgId}#PROFILES`, sk: name }),
  blob: (orgId: string, name: string): string => `profiles/${orgId}/${name}.tar.gz`,
} as const;
