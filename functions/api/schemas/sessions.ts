import { z } from 'zod';
import { envelope, isoDate, long, Pagination, pathId, queryBool, queryInt, queryList } from './common.js';

export const SESSION_STATUSES = [
  'awaitingCapacity',
  'initializing',
  'running',
  'ended',
  'error',
  'disconnected',
] as const;
export const SessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const SESSION_LIST_STATUSES = [
  'awaitingCapacity',
  'initializing',
  'running',
  'ended',
  'completed',
  'cancelled',
  'all',
] as const;

const ProxyCredentials = z.object({
  url: z.string().min(1).max(2048),
  username: z.string().max(256).optional(),
  password: z.string().max(256).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { message: 'must be a two-letter country code such as DE' })
    .optional()
    .describe(
      "Where the proxy's traffic exits: without a `locale` of its own, the session speaks that country's language.",
    ),
});
const ManagedProxy = z.object({ country: z.string().max(16).optional(), sticky: z.boolean().optional() });
const ProxySetting = z.union([z.string().min(1).max(2048), ProxyCredentials, ManagedProxy]);
// Host name globs only: the pattern is matched against request hosts by the browser host's proxy router.
const DomainPattern = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.*?-]+$/, {
    message:
      'must be a host name pattern: letters, digits, dots, dashes, with * or ? as wildcards (e.g. *.example.com)',
  });
const ProxyRule = z.object({ domainPattern: DomainPattern, relay: ProxySetting });

/** A well-formed BCP 47 tag in canonical case (`en-US`, `de-DE`, `zh-Hant-TW`), as browsers name languages. */
const Locale = z
  .string()
  .max(35)
  .refine((value) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value) && canonicalLocale(value) === value, {
    message: 'must be a language tag such as en-US or de-DE (language in lower case, region in upper case)',
  });
const canonicalLocale = (value: string): string | undefined => {
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
};
/** An IANA zone name (`Europe/Berlin`, `UTC`); offsets such as `+05:00` are not zones a browser can be set to. */
const TimeZone = z
  .string()
  .max(64)
  .refine((value) => /^[A-Za-z][A-Za-z0-9_+/-]*$/.test(value) && knownTimeZone(value), {
    message: 'must be an IANA time zone such as Europe/Berlin or America/New_York',
  });
const knownTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const SessionConfigV1 = z
  .object({
    baseProfileId: z.string().max(128).optional(),
    extensionIds: z.array(z.string().max(64)).max(20).optional(),
    persistProfile: z.boolean().optional(),
    profileName: z
      .string()
      .regex(/^[a-zA-Z0-9-]{1,64}$/, { message: 'letters, digits and dashes only, 1 to 64 characters' })
      .optional(),
    proxy: z.union([z.boolean(), ProxySetting, z.array(ProxyRule).max(50)]).optional(),
    record: z.boolean().optional(),
    solveCaptcha: z.boolean().optional(),
    timeoutMinutes: long().min(1).max(10080).optional().describe('Idle timeout in minutes (default 10).'),
    locale: Locale.optional().describe(
      "The browser's language: navigator.languages, Accept-Language and Intl (default en-US, or the proxy's country).",
    ),
    timezone: TimeZone.optional().describe(
      "The browser's time zone for Date and Intl (default: the host's, UTC on the service's hosts).",
    ),
    disguise: z
      .boolean()
      .optional()
      .describe(
        'false shows pages the headless browser as it is (automation flags, headless user agent), for debugging. Default true: a desktop Chrome.',
      ),
  })
  .meta({
    id: 'SessionConfiguration',
    description: 'How a session is started.',
    examples: [{ timeoutMinutes: 15, record: true }],
  });
export type SessionConfigV1 = z.infer<typeof SessionConfigV1>;

export const CreateSessionBody = z
  .object({ configuration: SessionConfigV1.optional() })
  .meta({ id: 'CreateSessionRequest', examples: [{ configuration: { timeoutMinutes: 15 } }] });

export const ExternalSession = z
  .object({
    id: z.string(),
    status: z.string(),
    configuration: z.object({
      baseProfileId: z.string().optional(),
      persistProfile: z.boolean().optional(),
      timeoutMinutes: long().optional(),
    }),
    cdpUrl: z.string().optional(),
    cdpWsUrl: z.string().optional(),
    signedCdpWsUrl: z
      .string()
      .optional()
      .describe(
        'cdpWsUrl with a short-lived token (10 minutes to connect) bound to this session and org, for CDP clients that cannot send an Authorization header. Refused once the session stops running.',
      ),
    chromedriverUrl: z.string().optional(),
    currentUsage: z.number().optional(),
    dateCreated: isoDate().optional(),
    lastActivity: isoDate().optional(),
    profileId: z.string().optional(),
    viceUrl: z.string().optional(),
  })
  .meta({ id: 'Session', description: 'A browser session of the organization.' });
export type ExternalSession = z.infer<typeof ExternalSession>;

export const SessionResponse = envelope(ExternalSession).meta({ id: 'SessionResponse' });
export const SessionsResponse = envelope(
  z.object({ pagination: Pagination, sessions: z.array(ExternalSession).optional() }),
).meta({ id: 'SessionList' });

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
  profileName: z
    .string()
    .regex(/^[a-zA-Z0-9-]{1,64}$/, { message: 'letters, digits and dashes only, 1 to 64 characters' }),
});

/** Bodies without a declared shape still answer JSON: the official client needs a JSON body on every 2xx. */
export const EmptyEnvelope = envelope(z.object({}).passthrough()).meta({
  id: 'EmptyResponse',
  description: 'A success with nothing more to say.',
});

/** One server-sent event's `data:` payload: flat, as the official client reads it. */
export const SessionEvent = z
  .object({ event: z.string(), eventId: long().optional(), eventTime: isoDate(), id: z.string().optional() })
  .passthrough()
  .meta({
    id: 'SessionEvent',
    description:
      'One server-sent event of a session (`data:` line): `event` names it (`status`, `file_status`, `window_opened`…), other fields depend on it.',
    examples: [{ event: 'status', eventId: 3, eventTime: '2026-01-31T12:00:00.000Z', status: 'running' }],
  });
