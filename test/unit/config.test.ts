import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/config/config.js';

const configError = (env: NodeJS.ProcessEnv): ConfigError => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
};

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      stage: 'production',
      logLevel: 'info',
      host: '127.0.0.1',
      port: 8080,
      dataDir: '.data',
      awsRegion: 'us-east-1',
      tableName: 'sessionhost',
      bucketName: 'sessionhost',
      maxBodyBytes: 1_048_576,
      authCacheSeconds: 5,
      hostCapacity: 50,
      warmPoolSize: 2,
      maxSessionsPerOrg: 50,
    });
    const config = loadConfig({});
    expect(config.apiKey).toBeUndefined();
    expect(config.dynamoEndpoint).toBeUndefined();
    expect(config.publicBaseUrl).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      STAGE: '',
      MAX_BODY_BYTES: '',
      API_KEY: '',
      DYNAMODB_ENDPOINT: '',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({ port: 8080, stage: 'production', maxBodyBytes: 1_048_576, logLevel: 'info' });
    expect(config.apiKey).toBeUndefined();
    expect(config.dynamoEndpoint).toBeUndefined();
  });

  it('does not read a blank number as 0', () => {
    let config: ReturnType<typeof loadConfig>;
    try {
      config = loadConfig({ PORT: ' ', AUTH_CACHE_SECONDS: '\t' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return;
    }
    expect(config).toMatchObject({ port: 8080, authCacheSeconds: 5 });
  });

  it('reads numbers and names from the environment', () => {
    const config = loadConfig({
      PORT: '0',
      STAGE: 'test',
      MAX_BODY_BYTES: '2048',
      AUTH_CACHE_SECONDS: '0',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
    });
    expect(config).toMatchObject({
      port: 0,
      stage: 'test',
      maxBodyBytes: 2048,
      authCacheSeconds: 0,
      dynamoEndpoint: 'http://127.0.0.1:8000',
    });
  });

  it('holds each org to 10 GiB of stored files unless MAX_STORED_BYTES_PER_ORG says otherwise', () => {
    expect(loadConfig({}).maxStoredBytesPerOrg).toBe(10 * 1024 ** 3);
    expect(loadConfig({ MAX_STORED_BYTES_PER_ORG: '4096' }).maxStoredBytesPerOrg).toBe(4096);
  });

  it('caps the disk of each session browser at 2 GiB unless SESSION_STORAGE_BYTES says otherwise', () => {
    expect(loadConfig({}).sessionStorageBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ SESSION_STORAGE_BYTES: '104857600' }).sessionStorageBytes).toBe(104_857_600);
  });

  it('refuses a SESSION_STORAGE_BYTES under 16 MiB, which a fresh profile nearly fills, saying the least', () => {
    expect(configError({ SESSION_STORAGE_BYTES: '16777215' }).message).toContain(
      'SESSION_STORAGE_BYTES: must be at least 16777216',
    );
    expect(loadConfig({ SESSION_STORAGE_BYTES: '16777216' }).sessionStorageBytes).toBe(16 * 1024 ** 2);
  });

  it('lets overrides win over the environment', () => {
    expect(loadConfig({ PORT: '1234' }, { port: 0 }).port).toBe(0);
  });

  it('answers a frozen object', () => {
    expect(Object.isFrozen(loadConfig({}))).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '1.5'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['STAGE', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['API_KEY', 'too-short'],
    ['MAX_BODY_BYTES', '100'],
    ['AUTH_CACHE_SECONDS', '301'],
    ['DYNAMODB_ENDPOINT', 'not a url'],
    ['PUBLIC_BASE_URL', 'example.com'],
    ['HOST_CAPACITY', '0'],
    ['WARM_POOL_SIZE', '-1'],
    ['EXTENSIONS_PREFIX', 'extensions'],
    ['EXTENSIONS_PREFIX', '/extensions/'],
    ['MAX_SESSIONS_PER_ORG', '0'],
    ['MAX_SESSIONS_PER_ORG', '-1'],
    ['MAX_SESSIONS_PER_ORG', 'abc'],
    ['MAX_STORED_BYTES_PER_ORG', '0'],
    ['MAX_STORED_BYTES_PER_ORG', '10GiB'],
    ['MAX_STORED_BYTES_PER_ORG', '-5'],
    ['SESSION_STORAGE_BYTES', '0'],
    ['SESSION_STORAGE_BYTES', '2GiB'],
    ['SESSION_STORAGE_BYTES', '-1'],
    ['SESSION_STORAGE_BYTES', '1e9'],
  ])('refuses %s=%j with a ConfigError naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toContain(name);
  });

  it('reads the cap on live sessions per org', () => {
    expect(loadConfig({ MAX_SESSIONS_PER_ORG: '3' }).maxSessionsPerOrg).toBe(3);
  });

  it('reads the extensions bucket, its prefix defaulting to extensions/', () => {
    expect(loadConfig({ EXTENSIONS_BUCKET: 'ops-extensions' })).toMatchObject({
      extensionsBucket: 'ops-extensions',
      extensionsPrefix: 'extensions/',
    });
    expect(loadConfig({ EXTENSIONS_PREFIX: 'team/a/' }).extensionsPrefix).toBe('team/a/');
    // Empty reads as unset, like every variable: the default applies.
    expect(loadConfig({ EXTENSIONS_PREFIX: '' }).extensionsPrefix).toBe('extensions/');
  });

  it('names every invalid variable at once', () => {
    const error = configError({ PORT: 'abc', STAGE: 'staging' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('STAGE');
  });
});

describe('choosing the model provider', () => {
  it("keeps today's default: Claude with an Anthropic key, no model without one; `none` is `offline`", () => {
    expect(loadConfig({}).modelProvider).toBe('offline');
    expect(loadConfig({ ANTHROPIC_API_KEY: 'sk-test' }).modelProvider).toBe('anthropic');
    expect(loadConfig({ MODEL_PROVIDER: 'none', ANTHROPIC_API_KEY: 'sk-test' }).modelProvider).toBe('offline');
  });

  it('reads an OpenAI-compatible server: base URL, optional key, and the model name as given', () => {
    const config = loadConfig({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      MODEL_NAME: 'llama3.2',
    });
    expect(config).toMatchObject({
      modelProvider: 'openai',
      openaiBaseUrl: 'http://127.0.0.1:11434/v1',
      modelName: 'llama3.2',
    });
    expect(config.openaiApiKey).toBeUndefined();
  });

  it('refuses an unknown provider in one line listing the known ones', () => {
    expect(configError({ MODEL_PROVIDER: 'ollama' }).message).toBe(
      'invalid configuration:\n  MODEL_PROVIDER: must be one of anthropic, bedrock, openai, none',
    );
  });

  it('refuses openai without MODEL_NAME (no model is worth defaulting to) and without a base URL or key', () => {
    expect(configError({ MODEL_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).message).toContain(
      'MODEL_NAME: required with MODEL_PROVIDER=openai',
    );
    expect(configError({ MODEL_PROVIDER: 'openai', MODEL_NAME: 'gpt-test' }).message).toContain(
      'openai needs OPENAI_BASE_URL',
    );
    expect(configError({ MODEL_PROVIDER: 'openai', OPENAI_BASE_URL: 'not a url', MODEL_NAME: 'm' }).message).toContain(
      'OPENAI_BASE_URL',
    );
  });
});
