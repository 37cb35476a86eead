/**
 * Creating a session: the org's cap on live sessions first (org-cap.ts), so a refusal leaves nothing behind; then
 * the record (so the id is valid at once), then the browser, in the background. The caller waits a moment for it:
 * with a warm pool the session is already running when the response goes out; a cold start or a full host answers
 * with the status it has, and the events stream tells the rest.
 */
import type { Blobs } from '../../ports/blobs.js';
import { loadProfile } from '../profiles/store.js';
import type { Issue } from '../shared/issues.js';
import { uuidv7 } from '../shared/ids.js';
import { liveSessionsIndex, recordKeys } from '../shared/record-keys.js';
import type { SessionDeps } from './deps.js';
import { browserDisguise } from './disguise.js';
import { appendEvent } from './events.js';
import { advanceSession, finishSession, markRunning } from './lifecycle.js';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, type Session, type SessionItem } from './model.js';
import { proxySettings, type ProxyConfig } from './proxy.js';
import { getSession } from './queries.js';
import { checkExtensions } from './extensions.js';
import { claimSessionSlot, type OrgSessionCap } from './org-cap.js';

/** The live-sessions index partition of sessions no host has taken yet. */
export const PENDING_HOST = 'pending';

export interface CreateSessionRequest {
  timeoutMinutes?: number;
  profileName?: string;
  proxy?: ProxyConfig;
  record?: boolean;
  solveCaptcha?: boolean;
  extensionIds?: string[];
  persistProfile?: boolean;
  baseProfileId?: string;
  locale?: string;
  timezone?: string;
  disguise?: boolean;
}

const unsupportedWarnings = (request: CreateSessionRequest): Issue[] => {
  const warnings: Issue[] = [];
  if (request.solveCaptcha)
    warnings.push({
      code: 'captcha_solving_not_supported',
      message: 'captcha solving is not available in this service; captchas are left to the client',
    });
  if (request.persistProfile || request.baseProfileId) {
    warnings.push({
      code: 'deprecated_field',
      message:
        'persistProfile and baseProfileId are deprecated and ignored: use profileName and save-profile-on-termination',
    });
  }
  return warnings;
};

/**
 * Starts the browser and walks the session through its states; never throws (failures end the session).
 * The browser starts while the session's record is still being written (`written`): the two do not depend on each
 * other until the session is marked running. Answers the session after the start, or undefined when it ended.
 */
const startBrowser = async (
  deps: SessionDeps,
  session: SessionItem,
  request: Parameters<SessionDeps['fleet']['start']>[0],
  written: Promise<unknown>,
): Promise<SessionItem | undefined> => {
  let queued = false;
  const advance = (status: 'awaitingCapacity' | 'initializing') =>
    void written.then(() => advanceSession(deps, session.orgId, session.id, status)).catch(() => undefined);
  const browser = deps.fleet.start(request, {
    onQueued: () => {
      queued = true;
      advance('awaitingCapacity');
    },
    // The record starts as `initializing`; only a session that had to wait goes back to it.
    onLaunching: () => {
      if (queued) advance('initializing');
    },
  });
  // Awaited below, once the record is written: a start refused sooner (a proxy the network guard refuses) must not
  // count as an unhandled rejection meanwhile, which would end the process.
  browser.catch(() => undefined);
  try {
    await written;
  } catch {
    // No record, no session: the browser is not wanted (the client gets the write's error).
    void browser.then(() => deps.fleet.stop(session.id)).catch(() => undefined);
    return undefined;
  }
  try {
    const started = await browser;
    const running =
      (await markRunning(deps, session.orgId, session.id, started.hostId, queued ? undefined : session)) ??
      // Already marked running by the host that took the start (AWS), or ended meanwhile.
      (await getSession(deps.records, session.orgId, session.id));
    if (running?.status === 'running') return running;
    // Terminated while it was starting: the browser is not wanted any more.
    await deps.fleet.stop(session.id).catch(() => undefined);
    return undefined;
  } catch (error) {
    await finishSession(deps, session.orgId, session.id, {
      reason: 'failedToStart',
      message: (error as Error).message,
    }).catch(() => undefined);
    return undefined;
  }
};

/**
 * The saved profile the session asked for. An unknown name is not an error: the usual flow names the same profile
 * to load and to save, and its first session has nothing to load yet. It starts empty, with a warning.
 */
const profileToLoad = async (
  deps: SessionDeps & { blobs?: Blobs },
  orgId: string,
  name: string | undefined,
): Promise<{ profile?: Buffer; warnings: Issue[] }> => {
  if (!name) return { warnings: [] };
  const profile = deps.blobs ? await loadProfile({ ...deps, blobs: deps.blobs }, orgId, name) : undefined;
  if (profile) return { profile, warnings: [] };
  return {
    warnings: [
      {
        code: 'profile_not_found',
        message: `no profile named ${name} is saved in this organization; the session starts with an empty profile`,
        details: { profileName: name },
      },
    ],
  };
};

/**
 * Writes the session's record and starts its browser alongside; answers once the record is written, with the
 * browser's start still under way in `started`.
 */
const launchSession = async (
  deps: SessionDeps & { blobs?: Blobs },
  orgId: string,
  id: string,
  request: CreateSessionRequest,
  proxy: ReturnType<typeof proxySettings>['proxy'],
): Promise<{ started: Promise<SessionItem | undefined>; warnings: Issue[] }> => {
  const { profile, warnings } = await profileToLoad(deps, orgId, request.profileName);
  const now = deps.clock.now().toISOString();
  const session: Session = {
    id,
    orgId,
    status: 'initializing',
    configuration: {
      timeoutMinutes: request.timeoutMinutes ?? DEFAULT_IDLE_TIMEOUT_MINUTES,
      ...(request.profileName ? { profileName: request.profileName } : {}),
      ...(request.proxy !== undefined ? { proxy: request.proxy } : {}),
      ...(request.record ? { record: true } : {}),
      ...(request.locale ? { locale: request.locale } : {}),
      ...(request.timezone ? { timezone: request.timezone } : {}),
      ...(request.disguise === false ? { disguise: false } : {}),
      ...(request.extensionIds?.length ? { extensionIds: [...new Set(request.extensionIds)] } : {}),
    },
    createdAt: now,
    lastActivity: now,
  };
  // Indexed as live but not yet placed on a host, so a restart can find sessions it never finished starting.
  const item: SessionItem = {
    ...recordKeys.session(orgId, id),
    ...session,
    version: 1,
    gsi1pk: liveSessionsIndex(PENDING_HOST),
    gsi1sk: id,
  };
  const written = Promise.all([
    deps.records.put(item, { ifAbsent: true }),
    appendEvent(deps, orgId, id, { event: 'status', id, status: session.status }),
  ]);
  const disguise = browserDisguise(session.configuration);
  const started = startBrowser(
    deps,
    item,
    {
      sessionId: id,
      orgId,
      idleTimeoutMs: session.configuration.timeoutMinutes * 60_000,
      proxy,
      ...(profile ? { profile } : {}),
      ...(request.record ? { record: true } : {}),
      ...(disguise !== undefined ? { disguise } : {}),
      ...(session.configuration.extensionIds ? { extensionIds: session.configuration.extensionIds } : {}),
    },
    written,
  );
  await written;
  return { started, warnings };
};

export const createSession = async (
  deps: SessionDeps & { blobs?: Blobs; sessionCap?: OrgSessionCap },
  orgId: string,
  request: CreateSessionRequest,
  options: { readyWaitMs?: number } = {},
): Promise<{ session: SessionItem; warnings: Issue[] }> => {
  checkExtensions(await deps.fleet.features?.(), request.extensionIds);
  const { proxy, warnings: proxyWarnings } = proxySettings(request.proxy);
  const id = uuidv7(deps.clock.now().getTime());
  // Before a profile is read, a record written or a browser started: a refused create costs one read.
  const release = await claimSessionSlot(deps.records, deps.sessionCap, orgId, id);
  // The slot is held until the record is written, which counts from then on (or failed, and counts nothing).
  const { started, warnings: profileWarnings } = await launchSession(deps, orgId, id, request, proxy).finally(release);
  const waitMs = options.readyWaitMs ?? 2000;
  const outcome = await Promise.race([
    started,
    new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), waitMs).unref()),
  ]);
  const current = outcome !== 'waiting' && outcome ? outcome : (await getSession(deps.records, orgId, id))!;
  return { session: current, warnings: [...proxyWarnings, ...profileWarnings, ...unsupportedWarnings(request)] };
};
