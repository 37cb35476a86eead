/** A session as stored: the record behind every session endpoint and the browser host's bookkeeping. */
import type { RecordItem } from '../../ports/records.js';

export type SessionStatus = 'awaitingCapacity' | 'initializing' | 'running' | 'ended' | 'error' | 'disconnected';

/** Why a session ended: the list filter tells `cancelled` (the client ended it) from `completed` (it ran out). */
export type EndReason = 'terminated' | 'idle' | 'crashed' | 'shutdown' | 'failedToStart' | 'storageLimit';

export interface SessionConfiguration {
  timeoutMinutes: number;
  profileName?: string;
  proxy?: unknown;
  record?: boolean;
  solveCaptcha?: boolean;
  extensionIds?: string[];
  locale?: string;
  timezone?: string;
  /** False: the browser is not disguised as a desktop Chrome. */
  disguise?: boolean;
}

export interface Session {
  id: string;
  orgId: string;
  status: SessionStatus;
  configuration: SessionConfiguration;
  createdAt: string;
  lastActivity: string;
  endedAt?: string;
  endReason?: EndReason;
  /** Set by `save-profile-on-termination`: the name the profile is saved under when the session ends. */
  saveProfileAs?: string;
  /** Windows opened at a fixed `screenResolution` (window id → `WIDTHxHEIGHT`): their live view keeps that size. */
  windowSizes?: Record<string, string>;
  /** The browser host that runs it, once one has taken it. */
  hostId?: string;
  errorMessage?: string;
}

export type SessionItem = RecordItem & Session;

export const DEFAULT_IDLE_TIMEOUT_MINUTES = 10;

/** The statuses of a session that holds a browser or waits for one; `ended` and `error` are final. */
export const LIVE_STATUSES = [
  'awaitingCapacity',
  'initializing',
  'running',
] as const satisfies readonly SessionStatus[];

export const isLive = (status: SessionStatus): boolean => (LIVE_STATUSES as readonly SessionStatus[]).includes(status);

/** Minutes the session has existed (until it ended): the `currentUsage` clients see. */
export const usageMinutes = (session: Session, now: Date): number => {
  const end = session.endedAt ? Date.parse(session.endedAt) : now.getTime();
  return Math.max(0, Math.round(((end - Date.parse(session.createdAt)) / 60_000) * 100) / 100);
};
