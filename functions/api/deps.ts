/** What an operation may use: ports and settings, built once by a composition root and passed in. */
import type { Principal } from '../core/orgs/api-keys.js';
import type { ElementResolver } from '../core/resolve/resolver.js';
import type { Blobs } from '../ports/blobs.js';
import type { BrowserFleet } from '../ports/browser.js';
import type { EventBus } from '../ports/event-bus.js';
import type { JsonSchemas } from '../ports/json-schema.js';
import type { AnsweringModel } from '../ports/model.js';
import type { Clock } from '../ports/clock.js';
import type { Records } from '../ports/records.js';
import type { AsyncRequestSettings } from '../core/requests/deps.js';
import type { Config } from '../config/config.js';
import type { KeyConnections } from './key-connections.js';
import type { OrgStreams } from './org-streams.js';
import type { OrgSessionCap } from '../core/sessions/org-cap.js';
import type { Logger } from '../config/logger.js';
import type { RateLimiter } from '../observability/token-buckets.js';
import type { ReadinessReport } from '../observability/readiness.js';
import type { Telemetry } from '../observability/telemetry.js';

export interface Deps {
  config: Readonly<Config>;
  records: Records;
  blobs: Blobs;
  clock: Clock;
  log: Logger;
  fleet: BrowserFleet;
  bus: EventBus;
  /** Where a window opens when the client gives no URL. */
  defaultWindowUrl: string;
  /** Signs live view tokens. */
  signingSecret: string;
  /** Resolve a bearer token to its org (cached briefly; see AUTH_CACHE_SECONDS). */
  authenticate(token: string): Promise<Principal | undefined>;
  /** Connections opened with a key (CDP sockets, event streams), closed when the key is revoked. */
  keyConnections: KeyConnections;
  /** Event streams each org holds open, capped at MAX_STREAMS_PER_ORG. */
  streams: OrgStreams;
  /** Live sessions each org may hold, capped at MAX_SESSIONS_PER_ORG; creates past it are refused. */
  sessionCap: OrgSessionCap;
  /** Check every response against its route's schema (development and tests). */
  validateResponses: boolean;
  /** Resolves element descriptions when a language model is configured; absent: the offline resolver. */
  resolver?: ElementResolver;
  /** Answers questions about pages (page-query, summaries) when a language model is configured; absent: extractive answers. */
  model?: AnsweringModel;
  /** Compiles callers' output schemas (page-query) and checks answers against them. */
  schemas: JsonSchemas;
  /** Async requests: their queue, the operations they may name, webhook delivery. */
  asyncRequests: AsyncRequestSettings<Deps>;
  /** Where the service's counts go (Prometheus locally and on hosts, CloudWatch metrics on AWS). */
  telemetry: Telemetry;
  /** The per-org token buckets; undefined when RATE_LIMIT_PER_SECOND is 0. */
  rateLimiter?: RateLimiter;
  /** Probes every dependency (stores, browser host) for `/ready`. */
  readiness(): Promise<ReadinessReport>;
}
