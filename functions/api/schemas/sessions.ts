import { z } from 'zod';
import { envelope, isoDate, long, Pagination, pathId, queryBool, queryInt, queryList } from './common.js';

export const SESSION_STATUSES = ['awaitingCapacity', 'initializing', 'running', 'ended', 'error', 'disconnected'] as const;
export const SessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const SESSION_LIST_STATUSES = ['awaitingCapacity', 'initializing', 'running', 'ended', 'completed', 'cancelled', 'all'] as const;

const ProxyCredentials = z.object({
  url: z.string().min(1).max(2048),
  username: z.string().max(256).optional(),
  password: z.string().max(256).optional(),
});
const ManagedProxy = z.object({ country: z.string().max(16).optional(), sticky: z.boolean().optional() });
const Proxy = z.union([z.string().min(1).max(2048), ProxyCredentials, ManagedProxy]);
// Host name globs only: the pattern is matched against request hosts by the browser host's proxy router.
const DomainPattern = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.*?-]+$/, { message: 'must be a host name pattern: letters, digits, dots, dashes, with * or ? as wildcards (e.g. *.example.com)' });
const ProxyRule = z.object({ domainPattern: DomainPattern, relay: Proxy });

export const SessionConfigV1 = z.object({
  baseProfileId: z.string().max(128).optional(),
  extensionIds: z.array(z.string().max(64)).max(20).optional(),
  persistProfile: z.boolean().optional(),
  profileName: z
    .string()
    .regex(/^[a-zA-Z0-9-]{1,64}$/, { message: 'letters, digits and dashes only, 1 to 64 characters' })
    .optional(),
  proxy: z.union([z.boolean(), Proxy, z.array(ProxyRule).max(50)]).optional(),
  record: z.boolean().optional(),
  solveCaptcha: z.boolean().optional(),
  timeoutMinutes: long().min(1).max(10080).optional().describe('Idle timeout in minutes (default 10).'),
});
export type SessionConfigV1 = z.infer<typeof SessionConfigV1>;

export const CreateSessionBody = z.object({ configuration: SessionConfigV1.optional() });

export const ExternalSession = z.object({
  id: z.string(),
  status: z.string(),
  configuration: z.object({
    baseProfileId: z.string().optional(),
    persistProfile: z.boolean().optional(),
    timeoutMinutes: long().optional(),
  }),
  cdpUrl: z.string().optional(),
  cdpWsUrl: z.string().optional(),
  chromedriverUrl: z.string().optional(),
  currentUsage: z.number().optional(),
  dateCreated: isoDate().optional(),
  lastActivity: isoDate().optional(),
  profileId: z.string().optional(),
  viceUrl: z.string().optional(),
});
export type ExternalSession = z.infer<typeof ExternalSession>;

export const SessionResponse = envelope(ExternalSession);
export const SessionsResponse = envelope(z.object({ pagination: Pagination, sessions: z.array(ExternalSession).optional() }));

export const ListSessionsQuery = z.object({
  sessionIds: queryList().optional(),
  status: z.enum(SESSION_LIST_STATUSES).optional(),
  offset: queryInt().pipe(z.number().int().min(-1)).optional(),
  limit: queryInt().pipe(z.number().int().min(1).max(100)).optional(),
});

export const SessionEventsQuery = z.object({
  lastEventId: queryInt().pipe(z.number().int().min(0)).optional(),
  all: queryBool().optional(),
});

/** `{sessionId}` in a path. */
export const SessionParams = z.object({ sessionId: pathId('session') });

export const SaveProfileParams = z.object({
  sessionId: z.string().min(1).max(128),
  profileName: z.string().regex(/^[a-zA-Z0-9-]{1,64}$/, { message: 'letters, digits and dashes only, 1 to 64 characters' }),
});

/** Bodies without a declared shape still answer JSON: the official client needs a JSON body on every 2xx. */
export const EmptyEnvelope = envelope(z.object({}).passthrough());

/** One server-sent event's `data:` payload: flat, as the official client reads it. */
export const SessionEvent = z
  .object({ event: z.string(), eventId: long().optional(), eventTime: isoDate(), id: z.string().optional() })
  .passthrough();
