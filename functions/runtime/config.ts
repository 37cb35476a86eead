/**
 * Configuration, parsed once from the environment into a frozen object. Nothing else reads process.env.
 */
import { z } from 'zod';
import { ENV } from './env.js';

/** A whole number written in decimal digits; blanks and other spellings are refused, not read as 0. */
const int = (fallback: number) =>
  z
    .string()
    .regex(/^\s*\d{1,12}\s*$/, { message: 'must be a whole number' })
    .transform(Number)
    .default(fallback);

const schema = z.object({
  [ENV.stage]: z.enum(['development', 'test', 'production']).default('production'),
  [ENV.logLevel]: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  [ENV.host]: z.string().default('127.0.0.1'),
  [ENV.port]: int(8080).pipe(z.number().min(0).max(65535)),
  [ENV.publicBaseUrl]: z.url().optional(),
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
  [ENV.hostCapacity]: int(50).pipe(z.number().min(1)),
  [ENV.warmPoolSize]: int(2).pipe(z.number().min(0)),
  [ENV.hostSecret]: z.string().min(16).optional(),
  [ENV.signingSecret]: z.string().min(32).optional(),
  [ENV.defaultWindowUrl]: z.string().default('about:blank'),
});

export interface Config {
  stage: 'development' | 'test' | 'production';
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  host: string;
  port: number;
  publicBaseUrl?: string;
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
  hostCapacity: number;
  warmPoolSize: number;
  hostSecret?: string;
  signingSecret?: string;
  defaultWindowUrl: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parse the given environment (process.env by default). Empty strings count as unset. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Readonly<Config> => {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const v = parsed.data;
  return Object.freeze({
    stage: v[ENV.stage],
    logLevel: v[ENV.logLevel],
    host: v[ENV.host],
    port: v[ENV.port],
    publicBaseUrl: v[ENV.publicBaseUrl],
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
    hostCapacity: v[ENV.hostCapacity],
    warmPoolSize: v[ENV.warmPoolSize],
    hostSecret: v[ENV.hostSecret],
    signingSecret: v[ENV.signingSecret],
    defaultWindowUrl: v[ENV.defaultWindowUrl],
    ...overrides,
  });
};
