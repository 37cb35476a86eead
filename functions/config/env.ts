/**
 * Every environment variable the service reads, named once. The CDK stack imports these names when it binds a
 * resource to a function, and `config.ts` parses them, so the two can never drift apart.
 */
export const ENV = {
  /** `development` shows 5xx details in problem bodies; anything else hides them. */
  stage: 'STAGE',
  logLevel: 'LOG_LEVEL',
  /** Local service: where it listens. */
  host: 'HOST',
  port: 'PORT',
  /** Public base URL clients reach the API at (used in URLs the API hands out). */
  publicBaseUrl: 'PUBLIC_BASE_URL',
  /** Local service: where the embedded stores keep their data. */
  dataDir: 'DATA_DIR',
  /** Local service: an API key to register for the development org, instead of a generated one. */
  apiKey: 'API_KEY',
  awsRegion: 'AWS_REGION',
  tableName: 'TABLE_NAME',
  bucketName: 'BUCKET_NAME',
  /** Point the AWS SDK at another DynamoDB / S3 endpoint (an emulator). Unset on AWS. */
  dynamoEndpoint: 'DYNAMODB_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  maxBodyBytes: 'MAX_BODY_BYTES',
  /** How long a verified API key is trusted before it is looked up again (revocation delay). */
  authCacheSeconds: 'AUTH_CACHE_SECONDS',
  chromiumPath: 'CHROMIUM_PATH',
  /** One unpacked extension per subfolder, named by the id sessions ask for in `configuration.extensionIds`. */
  extensionsDir: 'EXTENSIONS_DIR',
  /** A bucket whose extension folders hosts copy into EXTENSIONS_DIR at start (unset: only what the folder holds). */
  extensionsBucket: 'EXTENSIONS_BUCKET',
  /** Key prefix of those folders in EXTENSIONS_BUCKET, ending in `/` (default `extensions/`). */
  extensionsPrefix: 'EXTENSIONS_PREFIX',
  /** The chromedriver behind sessions' `chromedriverUrl`; default: `chromedriver` on PATH, used when it matches the browser. */
  chromedriverPath: 'CHROMEDRIVER_PATH',
  hostCapacity: 'HOST_CAPACITY',
  warmPoolSize: 'WARM_POOL_SIZE',
  /** Bytes a session's downloads may hold on its host's disk at once (in progress plus kept); past it the download is stopped. */
  sessionDownloadBytes: 'SESSION_DOWNLOAD_BYTES',
  /** Disk a session's browser profile (what its pages store, its caches) may take; past it the session is ended. */
  sessionStorageBytes: 'SESSION_STORAGE_BYTES',
  /** `true`: browsers go through the network guard, which refuses loopback, link-local and private addresses. */
  blockPrivateNetworks: 'BLOCK_PRIVATE_NETWORKS',
  /** Comma list of host names, addresses and CIDR ranges the network guard lets through although private. */
  allowedPrivateHosts: 'ALLOWED_PRIVATE_HOSTS',
  hostSecret: 'HOST_SECRET',
  /** Signs live view tokens. The local service generates one in its data dir when unset. */
  signingSecret: 'SIGNING_SECRET',
  /** Where a window opens when the client gives no URL. */
  defaultWindowUrl: 'DEFAULT_WINDOW_URL',
  /**
   * Which language model backs the offline resolver and answers page questions: `anthropic` (Claude), `bedrock`
   * (Claude on Bedrock), `openai` (any server speaking Chat Completions: OpenAI, Ollama, vLLM, llama.cpp, LM Studio)
   * or `none` (also spelt `offline`). Defaults to `anthropic` when ANTHROPIC_API_KEY is set, else `none`.
   */
  modelProvider: 'MODEL_PROVIDER',
  anthropicApiKey: 'ANTHROPIC_API_KEY',
  /** Another endpoint speaking the Messages API (a proxy, a local fake). */
  anthropicBaseUrl: 'ANTHROPIC_BASE_URL',
  /** Another endpoint for Claude on Bedrock (tests); the region is AWS_REGION, credentials the AWS default chain. */
  bedrockBaseUrl: 'BEDROCK_BASE_URL',
  /** The model asked, as the provider names it (a Claude model, a Bedrock model id, `llama3.2` on Ollama). Required for `openai`. */
  modelName: 'MODEL_NAME',
  /** `openai` provider: the server's `/v1` base URL (e.g. http://127.0.0.1:11434/v1 for Ollama). Unset: OpenAI's API. */
  openaiBaseUrl: 'OPENAI_BASE_URL',
  /** `openai` provider: the key, when the server wants one (local servers usually do not). */
  openaiApiKey: 'OPENAI_API_KEY',
  /** The credit rule's prices (see functions/core/resolve/credits.ts). */
  creditsPer1kInputTokens: 'CREDITS_PER_1K_INPUT_TOKENS',
  creditsPer1kOutputTokens: 'CREDITS_PER_1K_OUTPUT_TOKENS',
  /** On AWS: the SQS queue async requests and webhook retries ride. Unset: the in-process queue (local service). */
  asyncQueueUrl: 'ASYNC_QUEUE_URL',
  /** Point the SQS client at another endpoint (an emulator). Unset on AWS. */
  sqsEndpoint: 'SQS_ENDPOINT',
  /** Hours an async request and its result stay readable. */
  requestTtlHours: 'REQUEST_TTL_HOURS',
  /** `true`: webhooks may target loopback, link-local and private addresses. Default true for `npm start`, false on AWS. */
  webhookAllowPrivate: 'WEBHOOK_ALLOW_PRIVATE',
  /** Webhook delivery attempts in all, the first included. */
  webhookMaxAttempts: 'WEBHOOK_MAX_ATTEMPTS',
  /** Wait after the first failed webhook attempt; each later wait doubles (capped at 900 s). */
  webhookRetryBaseMs: 'WEBHOOK_RETRY_BASE_MS',
  /** How long one webhook attempt may take before it counts as failed. */
  webhookTimeoutMs: 'WEBHOOK_TIMEOUT_MS',
  /** The async queue's receive limit (its redrive policy): the worker gives a request up on its last receive. */
  asyncMaxReceives: 'ASYNC_MAX_RECEIVES',
  /** On AWS: the SQS queue browser hosts take session starts from. */
  startQueueUrl: 'START_QUEUE_URL',
  /** On AWS: the Secrets Manager secret holding HOST_SECRET, for processes that cannot get it injected (Lambdas). */
  hostSecretArn: 'HOST_SECRET_ARN',
  /** On AWS: the Secrets Manager secret holding SIGNING_SECRET, for the Lambdas (hosts get the value injected). */
  signingSecretArn: 'SIGNING_SECRET_ARN',
  /** On AWS: the Secrets Manager secret holding ANTHROPIC_API_KEY when the model provider is `anthropic`. */
  anthropicApiKeySecretArn: 'ANTHROPIC_API_KEY_SECRET_ARN',
  /** Origin clients reach browser hosts at (live view, CDP): the load balancer on AWS. */
  hostPublicUrl: 'HOST_PUBLIC_URL',
  /** On AWS, streamed routes: the most seconds a synchronous operation may run before API Gateway's idle cut. */
  syncTimeLimitSeconds: 'SYNC_TIME_LIMIT_SECONDS',
  /** Requests per second each org may make on average (token bucket refill); 0 turns the limit off. */
  rateLimitPerSecond: 'RATE_LIMIT_PER_SECOND',
  /** Requests an org may make at once before the average applies (token bucket size). */
  rateLimitBurst: 'RATE_LIMIT_BURST',
  /** Event streams an org may hold open at once in one process; one more answers 429. */
  maxStreamsPerOrg: 'MAX_STREAMS_PER_ORG',
  /** Live sessions (awaiting capacity, initializing or running) an org may hold at once; one more create answers 429. */
  maxSessionsPerOrg: 'MAX_SESSIONS_PER_ORG',
  /** Bytes of files (and saved profiles) an org may keep stored at once; past it uploads answer 413, downloads fail. */
  maxStoredBytesPerOrg: 'MAX_STORED_BYTES_PER_ORG',
  /** Bearer token `/metrics` requires; unset: open under `npm start`, the host secret on a browser host. */
  metricsToken: 'METRICS_TOKEN',
} as const;

export type EnvName = (typeof ENV)[keyof typeof ENV];
