/**
 * Configuration, parsed once from the environment into a frozen object. Nothing else reads process.env.
 */
import { z } from 'zod';
import { DEFAULT_MAX_STORED_BYTES_PER_ORG } from '../core/orgs/stored-bytes.js';
import { DEFAULT_CREDITS_PER_1K_INPUT_TOKENS, DEFAULT_CREDITS_PER_1K_OUTPUT_TOKENS } from '../core/resolve/credits.js';
import { ENV } from './env.js';

/** A current Claude Sonnet model: good at reading a page and cheap enough to ask per lookup. */
export const DEFAULT_MODEL_NAME = 'claude-sonnet-5-5';

/**
 * Live sessions one org may hold at once. 50 is the default HOST_CAPACITY, one machine's worth of browsers: a
 * service with one org (what `npm start` sets up) keeps every browser it has, since past 50 a session would only
 * have waited for one there (it is now refused at once instead), and one client's burst of tens of sessions passes.
 * It bounds what one org takes from a larger fleet; where orgs share fewer browsers than that (one default machine,
 * or the AWS stack's default of 10 hosts of 6), the operator sets the share each org may take: the browsers in all,
 * divided by the orgs that must always find room.
 */
export const DEFAULT_MAX_SESSIONS_PER_ORG = 50;

/**
 * The disk a session's browser profile may take: room for Chromium's own caches (a few hundred MB at most) and a
 * site's offline data, while a host's sessions together stay far from filling its disk (browser-host/storage-watch.ts).
 */
export const DEFAULT_SESSION_STORAGE_BYTES = 2 * 1024 ** 3;

/** Below this a fresh profile (a few MB) and the first pages' caches would already end the session. */
export const MIN_SESSION_STORAGE_BYTES = 16 * 1024 ** 2;

/** A whole number written in decimal digits; blanks and other spellings are refused, not read as 0. */
const int = (fallback: number) =>
  z
    .string()
    .regex(/^\s*\d{1,12}\s*$/, { message: 'must be a whole number' })
    .transform(Number)
    .default(fallback);

/** A non-negative decimal number (prices may be fractions); the same refusals as `int`. */
const decimal = (fallback: number) =>
  z
    .string()
    .regex(/^\s*\d{1,12}(\.\d{1,6})?\s*$/, { message: 'must be a non-negative number' })
    .transform(Number)
    .default(fallback);

const schema = z.object({
  [ENV.stage]: z.enum(['development', 'test', 'production']).default('production'),
  [ENV.logLevel]: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  [ENV.host]: z.string().default('127.0.0.1'),
  [ENV.port]: int(8080).pipe(z.number().min(0).max(65535)),
  [ENV.publicBaseUrl]: z.url().optional(),
  [ENV.hostPublicUrl]: z.url().optional(),
  [ENV.syncTimeLimitSeconds]: z.coerce.number().int().min(1).optional(),
  [ENV.dataDir]: z.string().default('.data'),
  [ENV.apiKey]: z.string().min(20).optional(),
  [ENV.awsRegion]: z.string().default('us-east-1'),
  [ENV.tableName]: z.string().default('sessionhost'),
  [ENV.bucketName]: z.string().default('sessionhost'),
  [ENV.dynamoEndpoint]: z.url().optional(),
  [ENV.s3Endpoint]: z.url().optional(),
  [ENV.maxBodyBytes]: int(1_048_576).pipe(z.number().min(1024)),
  [ENV.authCacheSeconds]: int(5).pipe(z.number().min(0).max(300)),
  [ENV.chromiumPath]: z.string().optional(),
  [ENV.extensionsDir]: z.string().optional(),
  [ENV.extensionsBucket]: z.string().min(3).optional(),
  [ENV.extensionsPrefix]: z
    .string()
    .regex(/^(?:[^/].*\/)?$/, 'a key prefix ending in "/" (or empty for the top of the bucket)')
    .default('extensions/'),
  [ENV.chromedriverPath]: z.string().optional(),
  [ENV.hostCapacity]: int(50).pipe(z.number().min(1)),
  [ENV.warmPoolSize]: int(2).pipe(z.number().min(0)),
  [ENV.sessionDownloadBytes]: int(1024 ** 3).pipe(z.number().min(1)),
  [ENV.sessionStorageBytes]: int(DEFAULT_SESSION_STORAGE_BYTES).pipe(
    z.number().min(MIN_SESSION_STORAGE_BYTES, { message: `must be at least ${MIN_SESSION_STORAGE_BYTES} (16 MiB)` }),
  ),
  [ENV.blockPrivateNetworks]: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  [ENV.allowedPrivateHosts]: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .default([]),
  [ENV.hostSecret]: z.string().min(16).optional(),
  [ENV.signingSecret]: z.string().min(32).optional(),
  [ENV.defaultWindowUrl]: z.string().default('about:blank'),
  [ENV.modelProvider]: z
    .enum(['none', 'offline', 'anthropic', 'bedrock', 'openai'], {
      message: 'must be one of anthropic, bedrock, openai, none',
    })
    .transform((v) => (v === 'none' ? 'offline' : v))
    .optional(),
  [ENV.openaiBaseUrl]: z.url().optional(),
  [ENV.openaiApiKey]: z.string().optional(),
  [ENV.bedrockBaseUrl]: z.url().optional(),
  [ENV.anthropicApiKey]: z.string().optional(),
  [ENV.anthropicBaseUrl]: z.url().optional(),
  [ENV.modelName]: z.string().default(DEFAULT_MODEL_NAME),
  [ENV.creditsPer1kInputTokens]: decimal(DEFAULT_CREDITS_PER_1K_INPUT_TOKENS),
  [ENV.creditsPer1kOutputTokens]: decimal(DEFAULT_CREDITS_PER_1K_OUTPUT_TOKENS),
  [ENV.asyncQueueUrl]: z.url().optional(),
  [ENV.sqsEndpoint]: z.url().optional(),
  [ENV.requestTtlHours]: int(168).pipe(z.number().min(1).max(8760)),
  [ENV.webhookAllowPrivate]: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  [ENV.webhookMaxAttempts]: int(8).pipe(z.number().min(1).max(50)),
  [ENV.webhookRetryBaseMs]: int(5_000).pipe(z.number().min(1).max(900_000)),
  [ENV.webhookTimeoutMs]: int(10_000).pipe(z.number().min(100).max(60_000)),
  [ENV.rateLimitPerSecond]: decimal(100).pipe(z.number().max(100_000)),
  [ENV.rateLimitBurst]: int(200).pipe(z.number().min(1).max(1_000_000)),
  [ENV.maxStreamsPerOrg]: int(100).pipe(z.number().min(1).max(1_000_000)),
  [ENV.maxSessionsPerOrg]: int(DEFAULT_MAX_SESSIONS_PER_ORG).pipe(z.number().min(1).max(1_000_000)),
  [ENV.maxStoredBytesPerOrg]: int(DEFAULT_MAX_STORED_BYTES_PER_ORG).pipe(z.number().min(1)),
  [ENV.metricsToken]: z.string().min(16).optional(),
});

export interface Config {
  stage: 'development' | 'test' | 'production';
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  host: string;
  port: number;
  publicBaseUrl?: string;
  /** Where clients reach browser hosts (CDP, live view) when that is not the API's own address: the load balancer on AWS. */
  hostPublicUrl?: string;
  /** The cap on a synchronous operation's time threshold (streamed routes behind API Gateway). Absent: no cap. */
  syncTimeLimitSeconds?: number;
  dataDir: string;
  apiKey?: string;
  awsRegion: string;
  tableName: string;
  bucketName: string;
  dynamoEndpoint?: string;
  s3Endpoint?: string;
  maxBodyBytes: number;
  authCacheSeconds: number;
  chromiumPath?: string;
  extensionsDir?: string;
  /** Extensions copied from this bucket, under `extensionsPrefix`, into `extensionsDir` when a host starts. */
  extensionsBucket?: string;
  extensionsPrefix: string;
  chromedriverPath?: string;
  hostCapacity: number;
  warmPoolSize: number;
  /** The disk a session's downloads may take together (adapters/browser/downloads.ts). */
  sessionDownloadBytes: number;
  /** The disk a session's user-data-dir may take before the session is ended (browser-host/storage-watch.ts). */
  sessionStorageBytes: number;
  /** Browsers go through the network guard (off by default: the local service browses loopback fixtures). */
  blockPrivateNetworks: boolean;
  /** Host names, addresses and CIDR ranges the guard lets through although private. */
  allowedPrivateHosts: string[];
  hostSecret?: string;
  signingSecret?: string;
  defaultWindowUrl: string;
  /** `offline` (MODEL_PROVIDER=none): no language model; otherwise the provider that backs up the offline resolver. */
  modelProvider: 'offline' | 'anthropic' | 'bedrock' | 'openai';
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  bedrockBaseUrl?: string;
  anthropicApiKey?: string;
  anthropicBaseUrl?: string;
  modelName: string;
  creditsPer1kInputTokens: number;
  creditsPer1kOutputTokens: number;
  /** SQS queue of async requests; unset: the in-process queue. */
  asyncQueueUrl?: string;
  sqsEndpoint?: string;
  requestTtlHours: number;
  /** Unset: the runtime decides (allowed by the local service, refused on AWS). */
  webhookAllowPrivate?: boolean;
  webhookMaxAttempts: number;
  webhookRetryBaseMs: number;
  webhookTimeoutMs: number;
  /** Per-org token bucket (observability/rate-limit.ts): refill per second (0: no limit) and size. */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /** Event streams open at once per org in this process (api/org-streams.ts). */
  maxStreamsPerOrg: number;
  /** Live sessions an org may hold at once (core/sessions/org-cap.ts). */
  maxSessionsPerOrg: number;
  /** Bytes of files and profiles each org may keep stored (core/orgs/stored-bytes.ts; 10 GiB by default, why there). */
  maxStoredBytesPerOrg: number;
  metricsToken?: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * An OpenAI-compatible server has no model worth defaulting to, so MODEL_NAME is required; and without a base URL
 * the provider is OpenAI's own API, which needs a key.
 */
const checkOpenAi = (present: Record<string, string | undefined>, overrides: Partial<Config>) => {
  if (!present[ENV.modelName] && !overrides.modelName) {
    throw new ConfigError(
      `invalid configuration:\n  ${ENV.modelName}: required with ${ENV.modelProvider}=openai (the model as the server names it, e.g. llama3.2 on Ollama)`,
    );
  }
  if (
    !present[ENV.openaiBaseUrl] &&
    !overrides.openaiBaseUrl &&
    !present[ENV.openaiApiKey] &&
    !overrides.openaiApiKey
  ) {
    throw new ConfigError(
      `invalid configuration:\n  ${ENV.modelProvider}: openai needs ${ENV.openaiBaseUrl} (a local server, e.g. http://127.0.0.1:11434/v1) or ${ENV.openaiApiKey} (OpenAI's API)`,
    );
  }
};

/** Parse the given environment (process.env by default). Empty strings count as unset. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Readonly<Config> => {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const v = parsed.data;
  const modelProvider = v[ENV.modelProvider] ?? (v[ENV.anthropicApiKey] ? 'anthropic' : 'offline');
  if (modelProvider === 'anthropic' && !v[ENV.anthropicApiKey] && !overrides.anthropicApiKey) {
    throw new ConfigError(`invalid configuration:\n  ${ENV.modelProvider}: anthropic needs ${ENV.anthropicApiKey}`);
  }
  if (modelProvider === 'openai') checkOpenAi(present, overrides);
  return Object.freeze({
    stage: v[ENV.stage],
    logLevel: v[ENV.logLevel],
    host: v[ENV.host],
    port: v[ENV.port],
    publicBaseUrl: v[ENV.publicBaseUrl],
    hostPublicUrl: v[ENV.hostPublicUrl],
    syncTimeLimitSeconds: v[ENV.syncTimeLimitSeconds],
    dataDir: v[ENV.dataDir],
    apiKey: v[ENV.apiKey],
    awsRegion: v[ENV.awsRegion],
    tableName: v[ENV.tableName],
    bucketName: v[ENV.bucketName],
    dynamoEndpoint: v[ENV.dynamoEndpoint],
    s3Endpoint: v[ENV.s3Endpoint],
    maxBodyBytes: v[ENV.maxBodyBytes],
    authCacheSeconds: v[ENV.authCacheSeconds],
    chromiumPath: v[ENV.chromiumPath],
    extensionsDir: v[ENV.extensionsDir],
    extensionsBucket: v[ENV.extensionsBucket],
    extensionsPrefix: v[ENV.extensionsPrefix],
    chromedriverPath: v[ENV.chromedriverPath],
    hostCapacity: v[ENV.hostCapacity],
    warmPoolSize: v[ENV.warmPoolSize],
    sessionDownloadBytes: v[ENV.sessionDownloadBytes],
    sessionStorageBytes: v[ENV.sessionStorageBytes],
    blockPrivateNetworks: v[ENV.blockPrivateNetworks],
    allowedPrivateHosts: v[ENV.allowedPrivateHosts],
    hostSecret: v[ENV.hostSecret],
    signingSecret: v[ENV.signingSecret],
    defaultWindowUrl: v[ENV.defaultWindowUrl],
    modelProvider,
    bedrockBaseUrl: v[ENV.bedrockBaseUrl],
    anthropicApiKey: v[ENV.anthropicApiKey],
    anthropicBaseUrl: v[ENV.anthropicBaseUrl],
    openaiBaseUrl: v[ENV.openaiBaseUrl],
    openaiApiKey: v[ENV.openaiApiKey],
    modelName: v[ENV.modelName],
    creditsPer1kInputTokens: v[ENV.creditsPer1kInputTokens],
    creditsPer1kOutputTokens: v[ENV.creditsPer1kOutputTokens],
    asyncQueueUrl: v[ENV.asyncQueueUrl],
    sqsEndpoint: v[ENV.sqsEndpoint],
    requestTtlHours: v[ENV.requestTtlHours],
    webhookAllowPrivate: v[ENV.webhookAllowPrivate],
    webhookMaxAttempts: v[ENV.webhookMaxAttempts],
    webhookRetryBaseMs: v[ENV.webhookRetryBaseMs],
    webhookTimeoutMs: v[ENV.webhookTimeoutMs],
    rateLimitPerSecond: v[ENV.rateLimitPerSecond],
    rateLimitBurst: v[ENV.rateLimitBurst],
    maxStreamsPerOrg: v[ENV.maxStreamsPerOrg],
    maxSessionsPerOrg: v[ENV.maxSessionsPerOrg],
    maxStoredBytesPerOrg: v[ENV.maxStoredBytesPerOrg],
    metricsToken: v[ENV.metricsToken],
    ...overrides,
  });
};
